import { Link } from "react-router";

interface SortTabsProps {
  sorts: readonly { value: string; title: string }[];
  active: string;
  hrefFor: (sort: string) => string;
  /** The nav's name for screen readers. */
  label?: string;
  /** A class beside sort-tabs (the profile's tabs are styled as tabs of a card). */
  className?: string;
  /** What aria-current says on the active tab: "page" where each tab is a page of its own. */
  current?: "true" | "page";
  /** Off where the tabs sit at the top of the page: there a switch starts the new list from the top. */
  keepScroll?: boolean;
}

/** 热门 / 最新 / 热榜 above a list; each is a link so the sort lives in the URL. */
export function SortTabs({
  sorts,
  active,
  hrefFor,
  label = "排序",
  className,
  current = "true",
  keepScroll = true,
}: SortTabsProps) {
  return (
    <nav className={className ? `sort-tabs ${className}` : "sort-tabs"} aria-label={label}>
      {sorts.map((sort) => (
        <Link
          key={sort.value}
          to={hrefFor(sort.value)}
          className={sort.value === active ? "sort-tab active" : "sort-tab"}
          aria-current={sort.value === active ? current : undefined}
          preventScrollReset={keepScroll}
        >
          {sort.title}
        </Link>
      ))}
    </nav>
  );
}
