import { Link } from "react-router";

interface SortTabsProps {
  sorts: readonly { value: string; title: string }[];
  active: string;
  hrefFor: (sort: string) => string;
}

/** 热门 / 最新 / 热榜 above a list; each is a link so the sort lives in the URL. */
export function SortTabs({ sorts, active, hrefFor }: SortTabsProps) {
  return (
    <nav className="sort-tabs" aria-label="排序">
      {sorts.map((sort) => (
        <Link
          key={sort.value}
          to={hrefFor(sort.value)}
          className={sort.value === active ? "sort-tab active" : "sort-tab"}
          aria-current={sort.value === active ? "true" : undefined}
          preventScrollReset
        >
          {sort.title}
        </Link>
      ))}
    </nav>
  );
}
