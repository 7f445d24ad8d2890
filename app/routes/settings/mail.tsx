import type { Route } from "./+types/mail";
import { MailPushSwitches } from "~/components/settings/mail-push-switches";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** setting:mail: the viewer's mail-push switches (follow off, article on, week on by default). */
export async function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return { status: await context.services.mailpush.status(context.caller) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "邮件设置");

export default function MailSettings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="settings-body">
      <h2 className="settings-title">邮件推送</h2>
      <p className="settings-hint">选择你希望收到的邮件，修改立即生效。</p>
      <MailPushSwitches initial={loaderData.status} />
    </div>
  );
}
