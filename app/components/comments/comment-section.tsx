import { useCallback, useEffect, useState } from "react";
import type { CommentPage } from "../../../server/services/comments/comments";
import type { PresentedComment } from "../../../server/services/comments/present";
import { api, errorMessage } from "../../lib/api";
import { useShell } from "../shell/shell-context";
import { CommentBox } from "./comment-box";
import { CommentItem } from "./comment-item";
import "./comments.css";

export interface CommentSectionProps {
  entryId: string;
  /** The first page (newest first), loaded by the page loader. */
  initial: CommentPage;
  /** A root pinned above the list: the one /entry/{id}/detail/{commentId} points at (or its root). */
  pinned?: PresentedComment | null;
  highlightedId?: string | null;
  now: number;
}

type Order = "new" | "hot";

/** The comments of an entry (or column article): box, new/hot toggle, list, 加载更多. */
export function CommentSection({
  entryId,
  initial,
  pinned = null,
  highlightedId = null,
  now,
}: CommentSectionProps) {
  const { alert } = useShell();
  const [order, setOrder] = useState<Order>("new");
  const [page, setPage] = useState<CommentPage>(initial);
  const [loading, setLoading] = useState(false);
  const [pin, setPin] = useState(pinned);

  useEffect(() => {
    setPage(initial);
    setPin(pinned);
  }, [initial, pinned]);

  useEffect(() => {
    if (!highlightedId) return;
    const el = document.getElementById(`comment-${highlightedId}`);
    el?.scrollIntoView({ block: "center" });
  }, [highlightedId]);

  const fetchPage = useCallback(
    (rankType: Order, cursor?: string) =>
      api.get<CommentPage>(`/api/comments/entry/${entryId}`, { rankType, pageSize: 20, createdAt: cursor }),
    [entryId],
  );

  /** After a change: the first page again, in the current order (and the pinned root refreshed). */
  const refresh = useCallback(async () => {
    try {
      const [next, pinnedNow] = await Promise.all([
        fetchPage(order),
        pin ? api.get<PresentedComment[]>("/api/comments", { idList: pin.id }) : Promise.resolve(null),
      ]);
      setPage(next);
      if (pinnedNow) setPin(pinnedNow[0] ?? null);
    } catch (error) {
      alert(errorMessage(error), "error");
    }
  }, [alert, fetchPage, order, pin]);

  async function switchOrder(next: Order) {
    if (next === order) return;
    setOrder(next);
    setLoading(true);
    try {
      setPage(await fetchPage(next));
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
      const next = await fetchPage(order, page.cursor);
      setPage({ ...next, comments: [...page.comments, ...next.comments] });
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setLoading(false);
    }
  }

  async function post(content: string) {
    await api.post("/api/comment", { content, targetId: entryId, targetType: "entry" });
    await refresh();
  }

  const list = pin ? page.comments.filter((c) => c.id !== pin.id) : page.comments;
  const itemProps = { entryId, now, highlightedId, onChanged: refresh };

  return (
    <section className="comment-section" aria-label="评论">
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
    </section>
  );
}
