import { TabbedLayout } from "~/components/layout/tabs";
import { viewerOnlyLoader } from "~/lib/viewer-only.server";

const TABS = [
  { to: "/user/settings/profile", title: "个人资料" },
  { to: "/user/settings/account", title: "账号设置" },
  { to: "/user/settings/password", title: "修改密码" },
  { to: "/user/settings/mail", title: "邮件设置" },
  { to: "/user/settings/blocks", title: "屏蔽管理" },
  { to: "/user/invitation", title: "邀请好友" },
] as const;

/** setting: login required; the children are the tabs. */
export const loader = viewerOnlyLoader;

export default function SettingsLayout() {
  return <TabbedLayout heading="设置" tabs={TABS} panelClassName="settings" />;
}
