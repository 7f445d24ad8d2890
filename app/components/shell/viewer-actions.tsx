import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import type { Viewer } from "../../../shared/load-context";
import { Avatar } from "~/components/ui/avatar";
import { Dropdown } from "~/components/ui/dropdown";
import { useShell } from "./shell-context";

// Loaded when 登出 is chosen: the confirmation is rare and not worth shipping with every page.
const LogoutDialog = lazy(() => import("./logout-dialog").then((m) => ({ default: m.LogoutDialog })));

/** The header's actions for a logged-in reader: 创作 menu, notification bell, avatar menu. */
export function ViewerActions({ viewer, unreadCount }: { viewer: Viewer; unreadCount: number }) {
  const { alert } = useShell();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const author = viewer.isXiaoceAuthor;

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
          <>
            <Link to="/new-entry" role="menuitem" className="menu-item">
              分享链接
            </Link>
            <Link to="/new-entry?type=vote" role="menuitem" className="menu-item">
              发起投票
            </Link>
            <Link to="/editor/drafts/new" role="menuitem" className="menu-item">
              写文章
            </Link>
            {author ? (
              <Link to="/editor/book/new/section" role="menuitem" className="menu-item">
                写小册
              </Link>
            ) : null}
          </>
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
              <Link to="/editor/drafts/new" role="menuitem" className="menu-item">
                写文章
              </Link>
              {author ? (
                <Link to="/editor/book/new/section" role="menuitem" className="menu-item">
                  写小册
                </Link>
              ) : null}
              <Link to="/editor/drafts" role="menuitem" className="menu-item">
                草稿
              </Link>
            </div>
            <div className="menu-group">
              <Link to={`/user/${viewer.id}`} role="menuitem" className="menu-item">
                我的主页
              </Link>
              <Link to={`/user/${viewer.id}/like`} role="menuitem" className="menu-item">
                我赞过的
              </Link>
              <Link to={`/user/${viewer.id}/collection`} role="menuitem" className="menu-item">
                我的收藏集
              </Link>
              {author ? (
                <Link to={`/user/${viewer.id}/bought`} role="menuitem" className="menu-item">
                  已购
                </Link>
              ) : null}
              {viewer.hasWalletAccess ? (
                <Link to="/user/wallet" role="menuitem" className="menu-item">
                  钱包
                </Link>
              ) : null}
              <Link to="/subscribe" role="menuitem" className="menu-item">
                标签管理
              </Link>
            </div>
            <div className="menu-group">
              <Link to="/user/settings" role="menuitem" className="menu-item">
                设置
              </Link>
              {viewer.role === "admin" ? (
                <>
                  <Link to="/admin/withdrawals" role="menuitem" className="menu-item">
                    提现审核
                  </Link>
                  <Link to="/admin/jobs" role="menuitem" className="menu-item">
                    后台任务
                  </Link>
                </>
              ) : null}
              <MoreSubmenu />
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
          <Link to="/app" role="menuitem" className="menu-item">
            下载应用
          </Link>
          <Link to="/about" role="menuitem" className="menu-item">
            关于
          </Link>
          <Link to="/about#join" role="menuitem" className="menu-item">
            加入我们
          </Link>
          <Link to="/about#translation" role="menuitem" className="menu-item">
            翻译计划
          </Link>
          <Link to="/about#partners" role="menuitem" className="menu-item">
            合作伙伴
          </Link>
        </div>
      ) : null}
    </>
  );
}
