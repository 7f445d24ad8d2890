import { Link } from "react-router";

/** The address of `path`'s page that starts after `pointer`; without one, its first page. */
export function pageHref(path: string, pointer?: string | null, name = "pointer") {
  return pointer ? `${path}?${name}=${encodeURIComponent(pointer)}` : path;
}

/**
 * The keyset pager of admin lists: 回到第一页 once past the first page, 下一页 while there is more.
 * (Keyset pointers only go forward; the way back is the first page.)
 */
export function FirstNextPager({
  firstHref,
  nextHref,
  paged,
  className = "withdrawals-pager",
}: {
  firstHref: string;
  nextHref: string | null;
  paged: boolean;
  className?: string;
}) {
  if (!paged && !nextHref) return null;
  return (
    <nav className={className} aria-label="翻页">
      {paged ? (
        <Link to={firstHref} className="btn btn-text">
          回到第一页
        </Link>
      ) : (
        <span />
      )}
      {nextHref ? (
        <Link to={nextHref} className="btn" rel="next">
          下一页
        </Link>
      ) : null}
    </nav>
  );
}
