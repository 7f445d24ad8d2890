import { Link } from "react-router";
import type { useListState } from "~/lib/use-list-state";

type ListState = Pick<
  ReturnType<typeof useListState>,
  "list" | "canNext" | "loading" | "fetchMore" | "error" | "nextHref"
>;

/**
 * The foot of every server-rendered list (spec §4): 加载更多 while there is a next page, the kept
 * error, and — when `pager` — the no-JavaScript links in the spec's URL shape (a way back on the
 * left, 下一页 or 没有更多了 on the right).
 */
export function ListFooter({
  state,
  pager,
  back,
}: {
  state: ListState;
  pager: boolean;
  back?: { href: string; label: string; rel?: "prev" } | null;
}) {
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
      {pager ? (
        <nav className="list-pager" aria-label="翻页">
          {back ? (
            <Link to={back.href} rel={back.rel}>
              {back.label}
            </Link>
          ) : (
            <span />
          )}
          {/* Page by page, in the spec's URL shape: works without JavaScript and for crawlers. */}
          {state.nextHref ? (
            <Link to={state.nextHref} rel="next">
              下一页
            </Link>
          ) : (
            <span className="list-pager-end">没有更多了</span>
          )}
        </nav>
      ) : null}
    </>
  );
}
