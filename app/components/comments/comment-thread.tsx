import { useCallback, useEffect, useMemo, useState } from "react";
import type { CommentPage, PresentedComment } from "../../../shared/api-types";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { CommentBox } from "./comment-box";
import { CommentItem } from "./comment-item";
import { commentApi, type CommentOrder, type CommentTarget } from "./target";

export interface CommentThreadProps {
  /** What the comments are about: `{type: "entry", id}` (entries, column articles) or `{type: "pin", id}`. */
  target: CommentTarget;
  /** The first page (newest first), loaded by the page loader. */
  initial: CommentPage;
  /** A root pinned above the list: the one /entry/{id}/detail/{commentId} points at (or its root). */
  pinned?: PresentedComment | null;
  highlightedId?: string | null;
  now: number;
}

/**
 * The comments of an entry, column article or pin: box, new/hot toggle, list, 加载更多. The
 * section around them is comment-section.tsx's.
 */
export function CommentThread({
  target,
  initial,
  pinned = null,
  highlightedId = null,
  now,
}: CommentThreadProps) {
  const { alert } = useShell();
  const [order, setOrder] = useState<CommentOrder>("new");
  const [page, setPage] = useState<CommentPage>(initial);
  const [loading, setLoading] = useState(false);
  const [pin, setPin] = useState(pinned);
  // One client per target: the like buttons' callbacks stay stable across renders.
  const client = useMemo(() => commentApi({ type: target.type, id: target.id }), [target.type, target.id]);

  useEffect(() => {
    setPage(initial);
    setPin(pinned);
  }, [initial, pinned]);

  useEffect(() => {
    if (!highlightedId) return;
    const el = document.getElementById(`comment-${highlightedId}`);
    el?.scrollIntoView({ block: "center" });
  }, [highlightedId]);

  /** After a change: the first page again, in the current order (and the pinned root refreshed). */
  const refresh = useCallback(async () => {
    try {
      const [next, pinnedNow] = await Promise.all([
        client.list(order),
        pin ? api.get<PresentedComment[]>("/api/comments", { idList: pin.id }) : Promise.resolve(null),
      ]);
      setPage(next);
      if (pinnedNow) setPin(pinnedNow[0] ?? null);
    } catch (error) {
      alert(errorMessage(error), "error");
    }
  }, [alert, client, order, pin]);

  async function switchOrder(next: CommentOrder) {
    if (next === order) return;
    setOrder(next);
    setLoading(true);
    try {
      setPage(await client.list(next));
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setLoading(false);
    }
  }

  async function loadMore() {
    if (!page.cursor) return;
    setLoading(true);
    try {
      const next = await client.list(order, page.cursor);
      setPage({ ...next, comments: [...page.comments, ...next.comments] });
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setLoading(false);
    }
  }

  async function post(content: string, picList: string[]) {
    await client.post({ content, picList });
    await refresh();
  }

  const list = pin ? page.comments.filter((c) => c.id !== pin.id) : page.comments;
  const itemProps = { client, now, highlightedId, onChanged: refresh };

  return (
    <>
      <h2 className="comment-title">
        评论 <span className="comment-count">{page.count}</span>
      </h2>
      <CommentBox onSubmit={post} />
      <div className="comment-order" role="group" aria-label="排序">
        {(["new", "hot"] as const).map((o) => (
          <button
            key={o}
            type="button"
            className={`comment-order-btn${order === o ? " is-active" : ""}`}
            aria-pressed={order === o}
            onClick={() => switchOrder(o)}
          >
            {o === "new" ? "最新" : "最热"}
          </button>
        ))}
      </div>
      {pin ? (
        <ul className="comment-list comment-pinned">
          <CommentItem comment={pin} root={pin} {...itemProps} />
        </ul>
      ) : null}
      {list.length === 0 && !pin ? (
        <p className="comment-empty">还没有评论，来说两句吧</p>
      ) : (
        <ul className="comment-list">
          {list.map((c) => (
            <CommentItem key={c.id} comment={c} root={c} {...itemProps} />
          ))}
        </ul>
      )}
      {page.hasMore ? (
        <button type="button" className="btn comment-load-more" onClick={loadMore} disabled={loading}>
          {loading ? "加载中..." : "加载更多"}
        </button>
      ) : null}
    </>
  );
}
