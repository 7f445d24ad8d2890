import type { Route } from "./+types/entry-public";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/**
 * entryPublic. Once entries load: a post-type entry redirects to /post/{id from the last segment
 * of its original URL}, a vote entry to /entry/{id}/detail (spec §2).
 */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), entry: null as { title: string } | null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章");
}

export default function EntryPublic() {
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
