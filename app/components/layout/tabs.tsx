import { Link, matchPath, Outlet, useLocation } from "react-router";

type Tab = { to: string; title: string };

/**
 * A row of route tabs (settings, notifications, subscriptions, and the pages whose tab is a query
 * such as ?status= or ?type=); `active` is the `to` of the tab this page is.
 */
export function RouteTabs({
  tabs,
  active,
  label,
}: {
  tabs: readonly Tab[];
  active: string | undefined;
  label: string;
}) {
  return (
    <nav className="route-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={tab.to === active ? "route-tab active" : "route-tab"}
          aria-current={tab.to === active ? "page" : undefined}
        >
          {tab.title}
        </Link>
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
  tabs: readonly (Tab & { end?: boolean })[];
  /** The tabs' accessible name, when it is not the heading. */
  label?: string;
  wide?: boolean;
  panelClassName?: string;
}) {
  const { pathname } = useLocation();
  // What NavLink would mark: the tab whose path is the page's, or (without `end`) a parent of it.
  const active = tabs.find((tab) => matchPath({ path: tab.to, end: tab.end ?? false }, pathname))?.to;
  return (
    <div className={wide ? "container" : "container narrow"}>
      <section className={panelClassName ? `panel ${panelClassName}` : "panel"}>
        <h1 className="visually-hidden">{heading}</h1>
        <RouteTabs tabs={tabs} active={active} label={label} />
        <Outlet />
      </section>
    </div>
  );
}
