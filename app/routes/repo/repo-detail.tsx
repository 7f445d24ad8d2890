import type { Route } from "./+types/repo-detail";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** repo: a repository's readme, languages, comments and translators (5 shown). */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), repo: null as { name: string } | null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.repo?.name ?? "开源库");
}

export default function RepoDetail() {
  return <MissingContent title="未知开源库" message="该开源库不存在" />;
}
