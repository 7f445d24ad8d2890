import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { formatCount } from "../../../shared/format";
import { normalizeSearchQuery, SEARCH_MAX } from "../../../shared/search-query";
import type { Viewer } from "../../load-context";
import { loadRepoState, repoIndexUrl } from "../../lib/repo-state";
import { useThrottledScroll } from "../../lib/use-scroll";
import { Avatar } from "../ui/avatar";
import { Dropdown } from "../ui/dropdown";
import { useShell } from "./shell-context";

// Loaded when 登出 is chosen: the confirmation is rare and not worth shipping with every page.
const LogoutDialog = lazy(() => import("./logout-dialog").then((m) => ({ default: m.LogoutDialog })));

/** Spec §9: header listener every 50 ms; it hides when scrolling down past 200 px. */
const HEADER_THROTTLE_MS = 50;
const HIDE_AFTER_PX = 200;

interface NavItem {
  to: string;
  label: string;
  /** The section key when `to` carries a query (开源库 remembers its filters). */
  section?: string;
}

function navItems(viewer: Viewer | null, repoHref: string): NavItem[] {
  const items: NavItem[] = [{ to: "/", label: "首页" }];
  if (viewer?.isXiaoceAuthor) items.push({ to: "/books", label: "小册" });
  items.push(
    { to: "/zhuanlan/all", label: "专栏" },
    { to: "/collections/recommended", label: "收藏集" },
    { to: "/pins", label: "沸点" },
    { to: "/explore/all", label: "发现" },
    { to: repoHref, label: "开源库", section: "/repos" },
  );
  return items;
}

/** Which nav item a path belongs to ("首页" covers the welcome and timeline feeds). */
function activeSection(pathname: string): string {
  if (pathname === "/" || pathname.startsWith("/welcome") || pathname.startsWith("/timeline")) return "/";
  const first = `/${pathname.split("/")[1] ?? ""}`;
  const map: Record<string, string> = {
    "/books": "/books",
    "/book": "/books",
    "/zhuanlan": "/zhuanlan/all",
    "/collections": "/collections/recommended",
    "/explore": "/explore/all",
    "/repos": "/repos",
    "/repo": "/repos",
    "/pins": "/pins",
    "/pin": "/pins",
  };
  return map[first] ?? "";
}

export function Header({ unreadCount }: { unreadCount: number }) {
  const { viewer, siteName } = useShell();
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);
  const location = useLocation();

  useThrottledScroll((y) => {
    const goingDown = y > lastY.current;
    lastY.current = y;
    setHidden(y > HIDE_AFTER_PX && goingDown);
  }, HEADER_THROTTLE_MS);

  useEffect(() => {
    document.documentElement.toggleAttribute("data-header-hidden", hidden);
  }, [hidden]);

  const [repoHref, setRepoHref] = useState("/repos");
  useEffect(() => setRepoHref(repoIndexUrl(loadRepoState())), [location.key]);

  const items = navItems(viewer, repoHref);
  const section = activeSection(location.pathname);
  const keyOf = (item: NavItem) => item.section ?? item.to;
  const current = items.find((item) => keyOf(item) === section) ?? items[0];

  return (
    <header className={`site-header${hidden ? " is-hidden" : ""}`}>
      <div className="header-inner">
        <Link to="/" className="logo" aria-label={`${siteName} 首页`}>
          <LogoMark />
          <span className="logo-text">{siteName}</span>
        </Link>

        <nav className="main-nav" aria-label="主导航">
          <ul className="nav-list">
            {items.map((item) => (
              <li key={keyOf(item)}>
                <Link
                  to={item.to}
                  className={keyOf(item) === section ? "nav-link active" : "nav-link"}
                  aria-current={keyOf(item) === section ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <Dropdown
            className="mobile-nav"
            buttonClassName="mobile-nav-toggle"
            label={
              <>
                {current.label}
                <span className="caret" aria-hidden="true" />
              </>
            }
            ariaLabel={`导航菜单，当前：${current.label}`}
            align="left"
          >
            {() =>
              items.map((item) => (
                <Link
                  key={keyOf(item)}
                  to={item.to}
                  role="menuitem"
                  className={keyOf(item) === section ? "menu-item active" : "menu-item"}
                >
                  {item.label}
                </Link>
              ))
            }
          </Dropdown>
        </nav>

        <SearchBox />

        <div className="header-actions">
          {viewer ? <ViewerActions viewer={viewer} unreadCount={unreadCount} /> : <GuestActions />}
        </div>
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 36 28" width="30" height="24" aria-hidden="true">
      <path d="M18 0l5 4-5 4-5-4z" fill="#1e80ff" />
      <path d="M18 12l9-7 4 3-13 10L5 8l4-3z" fill="#1e80ff" />
      <path d="M18 22l14-11 4 3-18 14L0 14l4-3z" fill="#1e80ff" />
    </svg>
  );
}

/** Spec §2: maxlength 32, trimmed, nothing happens when empty. Works as a plain GET form before JS. */
function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromUrl =
    location.pathname === "/search" ? (new URLSearchParams(location.search).get("query") ?? "") : "";
  const [value, setValue] = useState(fromUrl);
  const [prev, setPrev] = useState(fromUrl);
  if (fromUrl !== prev) {
    setPrev(fromUrl);
    setValue(fromUrl);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = normalizeSearchQuery(value);
    if (!query) return;
    navigate(`/search?${new URLSearchParams({ query }).toString()}`);
  }

  return (
    <form className="search-form" role="search" action="/search" method="get" onSubmit={submit}>
      <label htmlFor="header-search" className="visually-hidden">
        搜索
      </label>
      <input
        id="header-search"
        className="search-input"
        type="search"
        name="query"
        placeholder="搜索文章、标签、用户"
        maxLength={SEARCH_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="search-button" aria-label="搜索">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}

function GuestActions() {
  const { openAuth } = useShell();
  return (
    <>
      <Dropdown
        kind="panel"
        className="write-panel"
        buttonClassName="btn btn-text write-toggle"
        label={
          <>
            写文章
            <span className="caret" aria-hidden="true" />
          </>
        }
      >
        {(close) => (
          <div className="write-panel-body">
            <p className="write-panel-lead">与超过 300 万开发者分享你的经验和观点</p>
            <ul className="write-panel-points">
              <li>
                <strong>编辑推荐</strong>
                <span>优质文章会被编辑推荐，获得更多读者</span>
              </li>
              <li>
                <strong>加入专栏作者群</strong>
                <span>与优秀的作者交流写作心得</span>
              </li>
            </ul>
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => {
                close();
                openAuth("register");
              }}
            >
              开始写文章
            </button>
          </div>
        )}
      </Dropdown>
      <div className="auth-links">
        <button type="button" className="btn btn-text login-button" onClick={() => openAuth("login")}>
          登录
        </button>
        <span className="auth-links-sep" aria-hidden="true">
          ·
        </span>
        <button type="button" className="btn btn-text register-button" onClick={() => openAuth("register")}>
          注册
        </button>
      </div>
    </>
  );
}

function ViewerActions({ viewer, unreadCount }: { viewer: Viewer; unreadCount: number }) {
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
                <Link to="/admin/withdrawals" role="menuitem" className="menu-item">
                  提现审核
                </Link>
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
