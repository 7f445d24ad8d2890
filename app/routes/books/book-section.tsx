import type { Route } from "./+types/book-section";
import { MissingContent } from "../../components/layout/missing";
import { optionalRouteId, requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** bookSection: reading one section (the first free one when sectionId is absent). */
export function loader({ params }: Route.LoaderArgs) {
  return {
    id: requireRouteId(params.id),
    sectionId: optionalRouteId(params.sectionId),
    section: null as { title: string } | null,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.section?.title ?? "小册阅读");
}

export default function BookSection() {
  return <MissingContent title="未知章节" message="该章节不存在或尚未上架" />;
}
