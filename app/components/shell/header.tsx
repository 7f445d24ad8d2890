import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { normalizeSearchQuery, SEARCH_MAX } from "../../../shared/search-query";
import type { Viewer } from "../../../shared/load-context";
import { deferred } from "~/lib/deferred";
import { storedRepoState } from "~/lib/repo-state-key";
import { useThrottledScroll } from "~/lib/use-scroll";
import { useShell } from "./shell-context";

// A logged-in reader's menus and bell are not needed by visitors, most of the page views (the
// JavaScript budget): their code comes right after hydration, and the server's markup shows meanwhile.
const ViewerActions = deferred(() => import("./viewer-actions").then((m) => m.ViewerActions));
// The same for the menus a visitor sees (the mobile navigation, 主题 and 写文章): nothing needs them
// before the first click.
const MobileNav = deferred(() => import("./header-menus").then((m) => m.MobileNav));
const GuestMenus = deferred(() => import("./header-menus").then((m) => m.GuestMenus));
/** The wrapper of a deferred menu takes no box: the menu stays a flex item of the header. */
const CONTENTS = { style: { display: "contents" } } as const;

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
  useEffect(() => {
    // Only a reader who has used the repo index has filters to go back to; the code that reads
    // them loads for those readers alone.
    if (!storedRepoState()) {
      setRepoHref("/repos");
      return;
    }
    import("~/lib/repo-state").then(
      ({ loadRepoState, repoIndexUrl }) => setRepoHref(repoIndexUrl(loadRepoState())),
      () => {}, // the link keeps going to /repos
    );
  }, [location.key]);

  const section = activeSection(location.pathname);
  const links = navItems(viewer, repoHref).map((item) => {
    const key = item.section ?? item.to;
    return { to: item.to, label: item.label, key, active: key === section };
  });
  const current = links.find((link) => link.active) ?? links[0];

  return (
    <header className={`site-header${hidden ? " is-hidden" : ""}`}>
      <div className="header-inner">
        <Link to="/" className="logo" aria-label={`${siteName} 首页`}>
          <LogoMark />
          <span className="logo-text">{siteName}</span>
        </Link>

        <nav className="main-nav" aria-label="主导航">
          <ul className="nav-list">
            {links.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.to}
                  className={link.active ? "nav-link active" : "nav-link"}
                  aria-current={link.active ? "page" : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <MobileNav attrs={CONTENTS} props={{ current: current.label, links }} />
        </nav>

        <SearchBox />

        {viewer ? (
          <ViewerActions attrs={{ className: "header-actions" }} props={{ viewer, unreadCount }} />
        ) : (
          <div className="header-actions">
            <GuestActions />
          </div>
        )}
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
      <GuestMenus attrs={CONTENTS} props={{}} />
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
