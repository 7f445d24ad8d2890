import type { Route } from "./+types/entry-detail";
import { MissingContent } from "../../components/layout/missing";
import { optionalRouteId, requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/**
 * entryDetail (/entry/{id}/detail/{commentId?} and the vote-answer alias
 * /entry/{id}/detail/answer/{commentId?}): comments, likers, vote attenders, a highlighted comment.
 */
export function loader({ params }: Route.LoaderArgs) {
  return {
    id: requireRouteId(params.id),
    highlightedCommentId: optionalRouteId(params.commentId),
    entry: null as { title: string } | null,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章");
}

export default function EntryDetail() {
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
