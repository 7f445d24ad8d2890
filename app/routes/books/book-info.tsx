import type { Route } from "./+types/book-info";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** bookInfo: a booklet's cover page (introduction, sections, buy). */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), booklet: null as { title: string } | null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.booklet?.title ?? "小册");
}

export default function BookInfo() {
  return <MissingContent title="未知小册" message="该小册不存在或尚未上架" />;
}
