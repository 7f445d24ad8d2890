import { Link } from "react-router";
import type { EntryDetail } from "../../../shared/api-types";
import { formatCount, relativeTime } from "../../../shared/format";
import { useRecordedViews } from "./use-recorded-views";
import { TwoColumn } from "~/components/layout/page";
import { SidebarCard } from "~/components/feed/sidebar";
import { CampaignBadge } from "~/components/feed/entry-list";
import { AuthorRow } from "~/components/ui/author-row";
import { SidebarList } from "~/components/ui/sidebar-list";
import { TagLinks } from "~/components/tags/tag-links";
import { EntryActions } from "./entry-actions";
import { OpenInApp } from "./open-in-app";
import type { LikerFace } from "./entry-likers";
import { DeleteAndReport } from "~/components/article/delete-and-report";
import { UnderReview } from "~/components/report/under-review";

/** What an entry page's loader hands the view (`loadEntryPage`, app/lib/entry.server.ts). */
interface EntryPage {
  entry: EntryDetail;
  likers: LikerFace[];
  related: EntryDetail[] | { id: string; title: string; collectionCount: number; commentsCount: number }[];
  now: number;
}

/**
 * A shared link or other entry: what it links to, who shared it, and entries like it. Takes the
 * loaded page whole, so /entry/{id} and its detail page cannot pass it differently.
 */
export function EntryView({ page, children }: { page: EntryPage; children?: React.ReactNode }) {
  const { entry, related, now, likers } = page;
  const views = useRecordedViews(entry.id, entry.viewsCount);
  const external = /^https?:\/\//.test(entry.originalUrl);
  return (
    <TwoColumn
      aside={
        <>
          <SidebarCard title="关于作者">
            <AuthorRow user={entry.user} />
          </SidebarCard>
          <SidebarCard title="相关文章">
            <SidebarList items={related} empty="暂无相关文章" className="related-list">
              {(r) => (
                <>
                  <Link to={`/entry/${r.id}`}>{r.title}</Link>
                  <small>
                    {formatCount(r.collectionCount)} 赞 · {formatCount(r.commentsCount)} 评论
                  </small>
                </>
              )}
            </SidebarList>
          </SidebarCard>
        </>
      }
    >
      <article className="panel entry-view">
        <header>
          <h1 className="entry-view-title">
            {external ? (
              <a href={entry.originalUrl} target="_blank" rel="nofollow noopener noreferrer">
                {entry.title}
              </a>
            ) : (
              entry.title
            )}
          </h1>
          <p className="entry-view-meta">
            {entry.campaignTag ? <CampaignBadge tag={entry.campaignTag} /> : null}
            <Link to={`/user/${entry.user.id}`}>{entry.user.username}</Link>
            <span aria-hidden="true"> · </span>
            <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt, now)}</time>
            {entry.category ? (
              <>
                <span aria-hidden="true"> · </span>
                <Link to={`/explore/${entry.category.name}`}>{entry.category.title}</Link>
              </>
            ) : null}
            <span aria-hidden="true"> · </span>
            <span>阅读 {formatCount(views)}</span>
            <DeleteAndReport kind="entry" id={entry.id} title={entry.title} authorId={entry.user.id} />
            <OpenInApp entryId={entry.id} />
          </p>
          {entry.status === "hidden" ? <UnderReview /> : null}
        </header>
        {entry.screenshot ? (
          <img className="entry-view-shot" src={entry.screenshot} alt="" loading="lazy" />
        ) : null}
        {entry.content || entry.abstract ? (
          <p className="entry-view-text">{entry.content || entry.abstract}</p>
        ) : null}
        {external ? (
          <p>
            <a
              className="btn btn-primary"
              href={entry.originalUrl}
              target="_blank"
              rel="nofollow noopener noreferrer"
            >
              阅读原文
            </a>
            <span className="entry-view-host">{hostOf(entry.originalUrl)}</span>
          </p>
        ) : null}
        {entry.tags.length ? (
          <p className="entry-view-tags">
            <TagLinks tags={entry.tags} className="entry-tag" />
          </p>
        ) : null}
        <EntryActions entry={entry} path={`/entry/${entry.id}`} likers={likers} />
        {children}
      </article>
    </TwoColumn>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
