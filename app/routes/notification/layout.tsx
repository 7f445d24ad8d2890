import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { RouteTabs } from "~/components/layout/tabs";
import { requireViewer } from "~/lib/guards.server";

const TABS = [
  { to: "/notification", title: "消息", end: true },
  { to: "/notification/system", title: "系统通知" },
] as const;

/** notification: login required; user notifications (default child) and system notifications. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export default function NotificationLayout() {
  return (
    <div className="container narrow">
      <section className="panel">
        <h1 className="visually-hidden">消息通知</h1>
        <RouteTabs tabs={TABS} label="通知类型" />
        <Outlet />
      </section>
    </div>
  );
}
