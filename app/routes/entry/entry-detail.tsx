import type { Route } from "./+types/entry-detail";
import { EntryView } from "../../components/entry/entry-view";
import { MissingContent } from "../../components/layout/missing";
import { loadEntryPage } from "../../lib/entry.server";
import { optionalRouteId, requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/**
 * entryDetail (/entry/{id}/detail/{commentId?} and the vote-answer alias
 * /entry/{id}/detail/answer/{commentId?}): the entry with its conversation.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const highlightedCommentId = optionalRouteId(params.commentId);
  const page = await loadEntryPage(context, requireRouteId(params.id), { followRedirects: false });
  return { ...page, highlightedCommentId };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章");
}

export default function EntryDetail({ loaderData }: Route.ComponentProps) {
  return (
    <EntryView entry={loaderData.entry} related={loaderData.related} now={loaderData.now}>
      <section className="entry-comments" aria-label="评论">
        <h2>评论</h2>
        {/* Comments, likers and vote attenders arrive with the conversation issue (spec §2 entryDetail). */}
        <p className="sidebar-empty">评论功能即将开放。</p>
      </section>
    </EntryView>
  );
}

export function ErrorBoundary() {
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
