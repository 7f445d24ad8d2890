import type { Route } from "./+types/pin-detail";
import { MissingContent } from "../../components/layout/missing";
import { requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** pin: a short post with its comments and sub-comments. */
export function loader({ params }: Route.LoaderArgs) {
  return { id: requireRouteId(params.id), pin: null as { content: string } | null };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "沸点");

export default function PinDetail() {
  return <MissingContent title="未知沸点" message="该沸点不存在或已被删除" />;
}
