import type { Route } from "./+types/invitation";
import { InvitePanel } from "~/components/settings/invite-panel";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** invite (/user/invitation): the viewer's invitation code, counts, and sending an invitation by e-mail. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  return { uid: viewer.id, invite: await context.services.invites.availableCode(viewer.id, context.caller) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "邀请好友");

export default function Invitation({ loaderData }: Route.ComponentProps) {
  return (
    <div className="settings-body">
      <h2 className="settings-title">邀请好友</h2>
      <InvitePanel uid={loaderData.uid} initial={loaderData.invite} />
    </div>
  );
}
