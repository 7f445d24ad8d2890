import { TabbedLayout } from "~/components/layout/tabs";

const TABS = [
  { to: "/subscribe/subscribed", title: "已关注标签" },
  { to: "/subscribe/all", title: "全部标签" },
] as const;

/** subscribe: tag management; /subscribe itself goes to subscribed. */
export default function SubscribeLayout() {
  return <TabbedLayout heading="标签管理" tabs={TABS} wide />;
}
