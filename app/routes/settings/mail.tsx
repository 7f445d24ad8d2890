import type { Route } from "./+types/mail";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Mail-push settings (follow off, article on, weekly on by default) come with the mail-push issue. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "邮件设置");

export default function MailSettings() {
  return (
    <div className="settings-body">
      <h2 className="settings-title">邮件推送</h2>
      <EmptyState
        title="邮件推送设置即将上线"
        description="届时可以设置是否接收关注提醒、文章推荐和每周精选邮件"
      />
    </div>
  );
}
