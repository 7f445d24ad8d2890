import { Outlet } from "react-router";
import { RouteTabs } from "~/components/layout/tabs";

const TABS = [
  { to: "/subscribe/subscribed", title: "已关注标签" },
  { to: "/subscribe/all", title: "全部标签" },
] as const;

/** subscribe: tag management; /subscribe itself goes to subscribed. */
export default function SubscribeLayout() {
  return (
    <div className="container">
      <section className="panel">
        <h1 className="visually-hidden">标签管理</h1>
        <RouteTabs tabs={TABS} label="标签管理" />
        <Outlet />
      </section>
    </div>
  );
}
