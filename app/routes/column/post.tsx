import type { Route } from "./+types/post";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** column (/post/{id}): a column article with comments and likers. */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), post: null as { title: string } | null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.post?.title ?? "未知文章");
}

export default function Post() {
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
