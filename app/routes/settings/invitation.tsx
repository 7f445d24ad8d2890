import type { Route } from "./+types/invitation";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** invite: the viewer's available invite codes and sending an invitation by e-mail (later issue). */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "邀请好友");

export default function Invitation() {
  return (
    <div className="settings-body">
      <h2 className="settings-title">邀请好友</h2>
      <EmptyState title="邀请功能即将上线" description="届时可以通过邮件邀请朋友加入社区" />
    </div>
  );
}
