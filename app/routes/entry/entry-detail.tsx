import type { Route } from "./+types/entry-detail";
import { CommentSection } from "~/components/comments/comment-section";
import { loadEntryComments } from "~/components/comments/load.server";
import { EntryView } from "~/components/entry/entry-view";
import { MissingContent } from "~/components/layout/missing";
import { isNotFound, RouteErrorView } from "~/components/shell/error-views";
import { loadEntryPage } from "~/lib/entry.server";
import { optionalRouteId, requireRouteId } from "~/lib/guards.server";
import { entryMeta } from "~/lib/structured-data";
import { loadVote } from "~/components/votes/load.server";
import { VoteSection } from "~/components/votes/vote-section";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["entry", "comments"] });

/**
 * entryDetail (/entry/{id}/detail/{commentId?} and the vote-answer alias
 * /entry/{id}/detail/answer/{commentId?}): the entry with its conversation.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const highlightedCommentId = optionalRouteId(params.commentId);
  const page = await loadEntryPage(context, requireRouteId(params.id), { followRedirects: false });
  const comments = await loadEntryComments(context, page.entry.id, highlightedCommentId ?? null);
  // On the answer alias the id names a vote answer; the comment loader simply finds no comment by it.
  const vote =
    page.entry.type === "vote" ? await loadVote(context, page.entry.id, highlightedCommentId ?? null) : null;
  return { ...page, highlightedCommentId, comments, vote };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return entryMeta(matches, loaderData?.entry, (id) => `/entry/${id}/detail`, ["发现", "/explore/all"]);
}

export default function EntryDetail({ loaderData }: Route.ComponentProps) {
  return (
    <EntryView page={loaderData}>
      {loaderData.vote ? (
        <VoteSection
          key={loaderData.entry.id}
          entryId={loaderData.entry.id}
          initial={loaderData.vote}
          now={loaderData.now}
        />
      ) : null}
      <CommentSection
        target={{ type: "entry", id: loaderData.entry.id }}
        initial={loaderData.comments.page}
        pinned={loaderData.comments.pinned}
        highlightedId={loaderData.comments.highlightedId}
        now={loaderData.now}
      />
    </EntryView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isNotFound(error)) return <RouteErrorView error={error} />;
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
