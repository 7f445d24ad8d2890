import { Link } from "react-router";
import { Dropdown } from "~/components/ui/dropdown";
import { useShell } from "./shell-context";
import { ThemeItems } from "./theme-menu";

export interface MobileNavProps {
  /** The current section's label, shown on the toggle. */
  current: string;
  links: { to: string; label: string; key: string; active: boolean }[];
}

/** The main navigation as a menu, for narrow screens (the header's list hides there). */
export function MobileNav({ current, links }: MobileNavProps) {
  return (
    <Dropdown
      className="mobile-nav"
      buttonClassName="mobile-nav-toggle"
      label={
        <>
          {current}
          <span className="caret" aria-hidden="true" />
        </>
      }
      ariaLabel={`导航菜单，当前：${current}`}
      align="left"
    >
      {() =>
        links.map((link) => (
          <Link
            key={link.key}
            to={link.to}
            role="menuitem"
            className={link.active ? "menu-item active" : "menu-item"}
          >
            {link.label}
          </Link>
        ))
      }
    </Dropdown>
  );
}

/** A visitor's header menus: 主题 and 写文章, one deferred chunk (the header names one import). */
export function GuestMenus() {
  return (
    <>
      <ThemeMenu />
      <WritePanel />
    </>
  );
}

/** A visitor's 主题 (a signed-in reader has it in the avatar menu). */
function ThemeMenu() {
  return (
    <Dropdown
      className="theme-menu"
      buttonClassName="icon-button theme-toggle"
      ariaLabel="主题"
      label={
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      }
    >
      {() => <ThemeItems />}
    </Dropdown>
  );
}

/** A visitor's 写文章: what writing here offers, and the way to register. */
function WritePanel() {
  const { openAuth } = useShell();
  return (
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
  );
}
