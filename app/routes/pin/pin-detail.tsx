import type { Route } from "./+types/pin-detail";
import { CommentSection } from "~/components/comments/comment-section";
import { MissingContent } from "~/components/layout/missing";
import { isNotFound, RouteErrorView } from "~/components/shell/error-views";
import { PinView } from "~/components/pins/pin-view";
import { notFound, requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["pin"] });

/** pin: a short post with its comments and sub-comments, read in-process through the pin service. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const pins = context.services.pins;
  const [pin, comments] = await fromService(
    Promise.all([pins.get(id, context.caller), pins.comments(id, { rankType: "new" }, context.caller)]),
    { notFound: () => notFound("该沸点不存在或已被删除") },
  );
  return { id, pin, comments, now: Date.now() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, loaderData?.pin ? [...loaderData.pin.content].slice(0, 30).join("") : "沸点");

export default function PinDetail({ loaderData }: Route.ComponentProps) {
  const { pin, comments, now } = loaderData;
  return (
    <PinView pin={pin} now={now}>
      <CommentSection target={{ type: "pin", id: pin.id }} initial={comments} now={now} className="panel" />
    </PinView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isNotFound(error)) return <RouteErrorView error={error} />;
  return <MissingContent title="未知沸点" message="该沸点不存在或已被删除" />;
}
