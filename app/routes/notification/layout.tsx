import { TabbedLayout } from "~/components/layout/tabs";
import { viewerOnlyLoader } from "~/lib/viewer-only.server";

const TABS = [
  { to: "/notification", title: "消息", end: true },
  { to: "/notification/system", title: "系统通知" },
] as const;

/** notification: login required; user notifications (default child) and system notifications. */
export const loader = viewerOnlyLoader;

export default function NotificationLayout() {
  return <TabbedLayout heading="消息通知" tabs={TABS} label="通知类型" />;
}
