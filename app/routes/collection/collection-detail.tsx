import type { Route } from "./+types/collection-detail";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** collection: a collection set's entries, its author and followers. */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), collection: null as { title: string } | null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.collection?.title ?? "收藏集");
}

export default function CollectionDetail() {
  return <MissingContent title="未知收藏集" message="该收藏集不存在" />;
}
