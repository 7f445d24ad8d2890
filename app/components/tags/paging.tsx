import "./tags.css";
import { Link } from "react-router";
import { NextPageLink } from "~/components/feed/list-footer";

/** Spec §7: a page's sort "hottest" asks the tags service for the hot list, anything else for the new one. */
export function tagListType(sort: string | null | undefined): "hot" | "new" {
  return sort === "hottest" ? "hot" : "new";
}

/** A 1-based page number from the URL: anything else (absent, 0, junk, absurdly large) is page 1. */
export function pageParam(raw: string | null): number {
  if (!raw || !/^\d{1,5}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= 10000 ? n : 1;
}

/** Previous / next links of a numbered list. */
export function NumberedPager({
  page,
  prevHref,
  nextHref,
}: {
  page: number;
  prevHref: string | null;
  nextHref: string | null;
}) {
  if (!prevHref && !nextHref) return null;
  return (
    <nav className="list-pager tag-pager" aria-label="翻页">
      {prevHref ? (
        <Link to={prevHref} rel="prev">
          上一页
        </Link>
      ) : (
        <span />
      )}
      <span className="tag-pager-page">第 {page} 页</span>
      <NextPageLink href={nextHref} />
    </nav>
  );
}
