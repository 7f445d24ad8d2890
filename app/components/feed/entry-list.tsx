import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { useImpressions } from "~/lib/tracking";
import { formatCount, relativeTime } from "../../../shared/format";
import type { EntrySummary } from "~/lib/types";
import { EmptyState } from "~/components/ui/empty-state";
import { LikeButton } from "~/components/like-button";
import { CollectButton } from "~/components/collections/collect-button";
import { FIRST_SCREEN_ITEMS, LazyImage } from "~/components/ui/lazy-image";
import { MaskIcon } from "~/components/ui/mask-icon";
import { Cached } from "~/lib/fragment-cache";

interface EntryListProps {
  entries: EntrySummary[];
  emptyTitle?: string;
  emptyDescription?: string;
  /** "now" of the server render, so SSR and hydration print the same relative times. */
  now: number;
}

/** Where an entry opens: articles and shares at their detail page, column posts at /post/{id}. */
export function entryHref(entry: EntrySummary): string {
  if (entry.type === "post") return `/post/${entry.id}`;
  return `/entry/${entry.id}`;
}

/** The admins' campaign tag on a share (spec §6), shown only when it has one. */
export function CampaignBadge({ tag }: { tag: string }) {
  return <span className="campaign-badge">活动：{tag}</span>;
}

/** A feed of entries as cards, or the honest empty state. */
export function EntryList({ entries, emptyTitle = "暂无内容", emptyDescription, now }: EntryListProps) {
  const list = useRef<HTMLUListElement>(null);
  // A new list (another feed, sort or page) reports its entries afresh.
  const { pathname, search } = useLocation();
  useImpressions(list, pathname + search);
  if (entries.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <ul className="entry-list" ref={list}>
      {entries.map((entry, index) => (
        <Cached
          key={entry.id}
          name="entry-card"
          component={EntryCard}
          props={{ entry, ago: relativeTime(entry.createdAt, now), eager: index < FIRST_SCREEN_ITEMS }}
          as="li"
          attributes={{ className: "entry-item", "data-entry-id": entry.id }}
        />
      ))}
    </ul>
  );
}

/**
 * One card, drawn from its props alone (the relative time given as text, not the render's "now"),
 * so equal cards are rendered once on the server (`Cached`): the same entry in every reader's list,
 * until a count, the reader's like or the relative time moves. The feed loaders give only what a
 * card shows (app/lib/feed.server.ts toSummary), which keeps the keys short.
 */
function EntryCard({ entry, ago, eager }: { entry: EntrySummary; ago: string; eager: boolean }) {
  return (
    <>
      <div className="entry-meta">
        {entry.hot ? <span className="entry-hot">热</span> : null}
        {entry.campaignTag ? <CampaignBadge tag={entry.campaignTag} /> : null}
        <Link to={`/user/${entry.user.id}`} className="entry-author">
          {entry.user.username}
        </Link>
        <span className="dot" aria-hidden="true">
          ·
        </span>
        <time dateTime={entry.createdAt}>{ago}</time>
        {entry.tags && entry.tags.length > 0 ? (
          <>
            <span className="dot" aria-hidden="true">
              ·
            </span>
            <span className="entry-tags">
              {entry.tags.slice(0, 2).map((tag) => (
                <Link key={tag.id} to={`/tag/${encodeURIComponent(tag.title)}`} className="entry-tag">
                  {tag.title}
                </Link>
              ))}
            </span>
          </>
        ) : null}
      </div>
      <div className="entry-body">
        <div className="entry-text">
          <h2 className="entry-title">
            <Link to={entryHref(entry)}>{entry.title}</Link>
          </h2>
          {entry.abstract ? <p className="entry-abstract">{entry.abstract}</p> : null}
          <div className="entry-stats">
            <LikeButton
              entryId={entry.id}
              liked={!!entry.liked}
              count={entry.collectionCount}
              className="entry-stat"
            />
            <span className="entry-stat" aria-label={`${entry.commentsCount} 条评论`}>
              <MaskIcon name="comment" /> {formatCount(entry.commentsCount)}
            </span>
            <CollectButton
              entryId={entry.id}
              isIn={"collected" in entry ? !!entry.collected : undefined}
              className="entry-stat"
            />
          </div>
        </div>
        {entry.screenshot ? (
          <LazyImage
            className="entry-thumb"
            src={entry.screenshot}
            alt=""
            eager={eager}
            width={120}
            height={80}
          />
        ) : null}
      </div>
    </>
  );
}
