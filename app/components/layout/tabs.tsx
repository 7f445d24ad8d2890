import { NavLink, Outlet } from "react-router";

type Tabs = readonly { to: string; title: string; end?: boolean }[];

/** A row of route tabs (settings, notifications, subscriptions). */
function RouteTabs({ tabs, label }: { tabs: Tabs; label: string }) {
  return (
    <nav className="route-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) => (isActive ? "route-tab active" : "route-tab")}
        >
          {tab.title}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * A page that is a panel of route tabs over its child route (settings, notifications, tag
 * management): the heading is for screen readers, the tabs are the visible title.
 */
export function TabbedLayout({
  heading,
  tabs,
  label = heading,
  wide,
  panelClassName,
}: {
  heading: string;
  tabs: Tabs;
  /** The tabs' accessible name, when it is not the heading. */
  label?: string;
  wide?: boolean;
  panelClassName?: string;
}) {
  return (
    <div className={wide ? "container" : "container narrow"}>
      <section className={panelClassName ? `panel ${panelClassName}` : "panel"}>
        <h1 className="visually-hidden">{heading}</h1>
        <RouteTabs tabs={tabs} label={label} />
        <Outlet />
      </section>
    </div>
  );
}
