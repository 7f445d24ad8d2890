import { NavLink } from "react-router";

/** A row of route tabs (settings, notifications, subscriptions, user pages). */
export function RouteTabs({
  tabs,
  label,
}: {
  tabs: readonly { to: string; title: string; end?: boolean }[];
  label: string;
}) {
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
