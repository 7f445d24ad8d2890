import { Link } from "react-router";
import type { useListState } from "~/lib/use-list-state";

type ListState = Pick<
  ReturnType<typeof useListState>,
  "list" | "canNext" | "loading" | "fetchMore" | "error" | "nextHref"
>;

/** The server-rendered page's own links, as its loader gives them (absent: none that way). */
interface PageLinks {
  nextHref?: string | null;
  /** The page before (lists paged by number). */
  prevHref?: string | null;
  /** Back to the first page (keyset lists, which cannot step back one page). */
  firstHref?: string | null;
}

/**
 * The foot of every server-rendered list (spec §4): 加载更多 while there is a next page, the kept
 * error, and — when the page is not the only one — the no-JavaScript links in the spec's URL shape
 * (a way back on the left, 下一页 or 没有更多了 on the right).
 */
export function ListFooter({ state, pages }: { state: ListState; pages: PageLinks }) {
  const pager = !!(pages.nextHref || pages.prevHref || pages.firstHref);
  const back = pages.prevHref
    ? { href: pages.prevHref, label: "上一页", rel: "prev" as const }
    : pages.firstHref
      ? { href: pages.firstHref, label: "回到第一页" }
      : null;
  return (
    <>
      {state.list.length > 0 && state.canNext ? (
        <div className="list-more">
          <button type="button" className="btn" onClick={state.fetchMore} disabled={state.loading}>
            {state.loading ? "加载中…" : "加载更多"}
          </button>
        </div>
      ) : null}
      {state.error ? (
        <p className="list-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {/* Page by page, in the spec's URL shape: works without JavaScript and for crawlers. */}
      {pager ? <PagerLinks back={back} nextHref={state.nextHref} /> : null}
    </>
  );
}

/**
 * The row of page links under a list (ListFooter's, and the pages that page without it): a way
 * back on the left, or nothing, and NextPageLink on the right.
 */
export function PagerLinks({
  back,
  nextHref,
}: {
  back: { href: string; label: string; rel?: "prev" } | null;
  nextHref: string | null | undefined;
}) {
  return (
    <nav className="list-pager" aria-label="翻页">
      {back ? (
        <Link to={back.href} rel={back.rel}>
          {back.label}
        </Link>
      ) : (
        <span />
      )}
      <NextPageLink href={nextHref} />
    </nav>
  );
}

/** The right end of every pager: 下一页 in the spec's URL shape, or 没有更多了 on the last page. */
export function NextPageLink({ href }: { href: string | null | undefined }) {
  return href ? (
    <Link to={href} rel="next">
      下一页
    </Link>
  ) : (
    <span className="list-pager-end">没有更多了</span>
  );
}
