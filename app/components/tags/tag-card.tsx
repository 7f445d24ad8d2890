import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import type { TagSummary } from "~/lib/types";
import { SubscribeButton, useTagSubscription } from "./subscribe-button";
import { TagIcon } from "./tag-icon";
import "./tags.css";

/** The link to a tag's page (spec §2 /tag/{title}). */
export function tagHref(title: string): string {
  return `/tag/${encodeURIComponent(title)}`;
}

/** One tag in a grid: icon, title, counts and the subscribe toggle. */
export function TagCard({ tag }: { tag: TagSummary }) {
  const subscription = useTagSubscription(tag);
  return (
    <li className="tag-card">
      <Link to={tagHref(tag.title)} className="tag-card-link">
        <TagIcon tag={tag} size={48} />
        <span className="tag-card-title">{tag.title}</span>
      </Link>
      <span className="tag-card-meta">
        {formatCount(subscription.count)} 关注 · {formatCount(tag.entriesCount)} 文章
      </span>
      <SubscribeButton subscription={subscription} title={tag.title} />
    </li>
  );
}

/** A grid of tag cards. */
export function TagCardGrid({ tags, label }: { tags: TagSummary[]; label: string }) {
  return (
    <ul className="tag-card-grid" aria-label={label}>
      {tags.map((tag) => (
        <TagCard key={tag.id} tag={tag} />
      ))}
    </ul>
  );
}
