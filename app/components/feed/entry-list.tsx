import { Link } from "react-router";
import { formatCount, relativeTime } from "../../../shared/format";
import type { EntrySummary } from "../../lib/types";
import { EmptyState } from "../ui/empty-state";

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

/** A feed of entries as cards, or the honest empty state. */
export function EntryList({ entries, emptyTitle = "暂无内容", emptyDescription, now }: EntryListProps) {
  if (entries.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <ul className="entry-list">
      {entries.map((entry) => (
        <li key={entry.id} className="entry-item">
          <div className="entry-meta">
            {entry.hot ? <span className="entry-hot">热</span> : null}
            <Link to={`/user/${entry.user.id}`} className="entry-author">
              {entry.user.username}
            </Link>
            <span className="dot" aria-hidden="true">
              ·
            </span>
            <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt, now)}</time>
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
                <span aria-label={`${entry.collectionCount} 个赞`}>
                  ♥ {formatCount(entry.collectionCount)}
                </span>
                <span aria-label={`${entry.commentsCount} 条评论`}>
                  💬 {formatCount(entry.commentsCount)}
                </span>
              </div>
            </div>
            {entry.screenshot ? (
              <img
                className="entry-thumb"
                src={entry.screenshot}
                alt=""
                loading="lazy"
                decoding="async"
                width={120}
                height={80}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
