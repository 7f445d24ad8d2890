import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import type { Viewer } from "../../../shared/load-context";
import { Avatar } from "~/components/ui/avatar";
import { Dropdown } from "~/components/ui/dropdown";
import { useShell } from "./shell-context";
import { ThemeItems } from "./theme-menu";

// Loaded when 登出 is chosen: the confirmation is rare and not worth shipping with every page.
const LogoutDialog = lazy(() => import("./logout-dialog").then((m) => ({ default: m.LogoutDialog })));

/** One link of a menu; `false` stands for a link this reader does not get. */
type MenuLink = { to: string; label: string } | false;

/** The header's actions for a logged-in reader: 创作 menu, notification bell, avatar menu. */
export function ViewerActions({ viewer, unreadCount }: { viewer: Viewer; unreadCount: number }) {
  const { alert } = useShell();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const author = viewer.isXiaoceAuthor;
  // Both menus offer writing; one list keeps 写小册's author-only rule in one place.
  const writing: MenuLink[] = [
    { to: "/editor/drafts/new", label: "写文章" },
    author && { to: "/editor/book/new/section", label: "写小册" },
  ];
  const admin = viewer.role === "admin";
  // Moderation is editors' work too.
  const staff = admin || viewer.role === "editor";

  return (
    <>
      <Dropdown
        className="plus-menu"
        buttonClassName="icon-button plus-button"
        ariaLabel="创作"
        label={
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        }
      >
        {() => (
          <MenuLinks
            links={[
              { to: "/new-entry", label: "分享链接" },
              { to: "/new-entry?type=vote", label: "发起投票" },
              ...writing,
            ]}
          />
        )}
      </Dropdown>

      <Link
        to="/notification"
        className="icon-button bell"
        aria-label={unreadCount > 0 ? `消息通知，${unreadCount} 条未读` : "消息通知"}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unreadCount > 0 ? <span className="badge">{formatCount(unreadCount)}</span> : null}
      </Link>

      <Dropdown
        className="avatar-menu"
        buttonClassName="avatar-button"
        ariaLabel={`${viewer.username}的菜单`}
        label={<Avatar user={viewer} size={32} />}
      >
        {() => (
          <>
            <div className="menu-group">
              <MenuLinks links={[...writing, { to: "/editor/drafts", label: "草稿" }]} />
            </div>
            <div className="menu-group">
              <MenuLinks
                links={[
                  { to: `/user/${viewer.id}`, label: "我的主页" },
                  { to: `/user/${viewer.id}/like`, label: "我赞过的" },
                  { to: `/user/${viewer.id}/collection`, label: "我的收藏集" },
                  author && { to: `/user/${viewer.id}/bought`, label: "已购" },
                  viewer.hasWalletAccess && { to: "/user/wallet", label: "钱包" },
                  { to: "/subscribe", label: "标签管理" },
                ]}
              />
            </div>
            <div className="menu-group">
              <MenuLinks
                links={[
                  { to: "/user/settings", label: "设置" },
                  staff && { to: "/admin/reports", label: "举报处理" },
                  admin && { to: "/admin/withdrawals", label: "提现审核" },
                  admin && { to: "/admin/jobs", label: "后台任务" },
                  admin && { to: "/admin/banners", label: "横幅管理" },
                  admin && { to: "/admin/notices", label: "系统通知" },
                ]}
              />
              <MoreSubmenu />
            </div>
            <div className="menu-group">
              <div className="menu-label" aria-hidden="true">
                主题
              </div>
              <ThemeItems />
            </div>
            <div className="menu-group">
              <button
                type="button"
                role="menuitem"
                className="menu-item"
                onClick={() => setConfirmLogout(true)}
              >
                登出
              </button>
            </div>
          </>
        )}
      </Dropdown>

      {confirmLogout ? (
        <Suspense fallback={null}>
          <LogoutDialog
            open
            onCancel={() => setConfirmLogout(false)}
            onFailed={(message) => {
              setConfirmLogout(false);
              alert(message, "error");
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The avatar menu's 更多: a nested group that opens in place (keyboard: Enter, then arrows). */
function MoreSubmenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        role="menuitem"
        className="menu-item menu-more"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") setOpen(true);
          if (event.key === "ArrowLeft") setOpen(false);
        }}
      >
        更多
        <span className={open ? "caret up" : "caret"} aria-hidden="true" />
      </button>
      {open ? (
        <div role="menu" aria-label="更多" className="submenu">
          <MenuLinks
            links={[
              { to: "/app", label: "下载应用" },
              { to: "/about", label: "关于" },
              { to: "/about#join", label: "加入我们" },
              { to: "/about#translation", label: "翻译计划" },
              { to: "/about#partners", label: "合作伙伴" },
            ]}
          />
        </div>
      ) : null}
    </>
  );
}

/** A menu's links in the order given, the ones a reader does not get left out. */
function MenuLinks({ links }: { links: MenuLink[] }) {
  return links.map((link) =>
    link ? (
      <Link key={link.to} to={link.to} role="menuitem" className="menu-item">
        {link.label}
      </Link>
    ) : null,
  );
}
