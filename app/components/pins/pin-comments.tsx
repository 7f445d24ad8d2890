import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../../shared/format";
import type { CommentPage } from "../../../server/services/comments/comments";
import type { PresentedComment } from "../../../server/services/comments/present";
import { api, errorMessage } from "../../lib/api";
import { CommentBox } from "../comments/comment-box";
import { CommentLikeButton } from "../comments/like-button";
import { Avatar } from "../ui/avatar";
import { ConfirmDialog } from "../ui/modal";
import { useShell } from "../shell/shell-context";
import "../comments/comments.css";

type Order = "new" | "hot";

interface PinCommentItemProps {
  comment: PresentedComment;
  pinId: string;
  /** The root this comment is listed under (itself for a root). */
  root: PresentedComment;
  now: number;
  onChanged: () => Promise<void>;
}

/**
 * One pin comment or reply. The entry CommentItem posts with targetType entry and reads replies
 * from the entry URL; pins answer at /api/comment (targetType pin) and /api/reply/{rootId}.
 */
function PinCommentItem({ comment, pinId, root, now, onChanged }: PinCommentItemProps) {
  const { viewer, alert } = useShell();
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState<CommentPage | null>(null);
  const isRoot = comment.id === root.id;
  const own = !!viewer && comment.user?.id === viewer.id;

  async function reply(content: string) {
    await api.post("/api/comment", {
      content,
      targetId: pinId,
      targetType: "pin",
      firstComment: root.id,
      respComment: comment.id,
    });
    setReplying(false);
    setMore(null);
    await onChanged();
  }

  async function remove() {
    setBusy(true);
    try {
      await api.del(`/api/comment/${comment.id}`);
      setConfirming(false);
      await onChanged();
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }

  async function loadReplies() {
    try {
      const page = await api.get<CommentPage>(`/api/reply/${root.id}`, {
        pageSize: 20,
        createdAt: more?.cursor ?? undefined,
      });
      setMore(more ? { ...page, comments: [...more.comments, ...page.comments] } : page);
    } catch (error) {
      alert(errorMessage(error), "error");
    }
  }

  const replies = isRoot ? (more?.comments ?? comment.topSubCommentList) : [];
  const hiddenReplies = isRoot && (more ? more.hasMore : comment.subCommentCount > replies.length);

  return (
    <li id={`comment-${comment.id}`} className={`comment-item${isRoot ? "" : " comment-reply"}`}>
      {comment.user ? (
        <Link to={`/user/${comment.user.id}`} className="comment-avatar" aria-label={comment.user.username}>
          <Avatar user={comment.user} size={isRoot ? 36 : 28} />
        </Link>
      ) : (
        <span className="comment-avatar comment-avatar-empty" aria-hidden="true" />
      )}
      <div className="comment-body">
        {comment.deleted ? (
          <p className="comment-deleted">{comment.content}</p>
        ) : (
          <>
            <div className="comment-head">
              {comment.user ? (
                <Link to={`/user/${comment.user.id}`} className="comment-author">
                  {comment.user.username}
                </Link>
              ) : null}
              {comment.replyUser ? (
                <span className="comment-reply-to">
                  回复{" "}
                  <Link to={`/user/${comment.replyUser.id}`} className="comment-author">
                    @{comment.replyUser.username}
                  </Link>
                </span>
              ) : null}
            </div>
            <div className="comment-content">
              <p className="comment-text">{comment.content}</p>
            </div>
            {comment.imageUrlList.length > 0 ? (
              <div className="comment-images">
                {comment.imageUrlList.map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer noopener">
                    <img src={src} alt="评论图片" loading="lazy" />
                  </a>
                ))}
              </div>
            ) : null}
            <div className="comment-actions">
              <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString("zh-CN")}>
                {relativeTime(comment.createdAt, now)}
              </time>
              <CommentLikeButton id={comment.id} liked={comment.liked} count={comment.likeCount} />
              <button
                type="button"
                className="comment-action"
                aria-expanded={replying}
                onClick={() => setReplying(!replying)}
              >
                {replying ? "取消回复" : "回复"}
              </button>
              {own ? (
                <button
                  type="button"
                  className="comment-action comment-delete"
                  onClick={() => setConfirming(true)}
                >
                  删除
                </button>
              ) : null}
            </div>
          </>
        )}
        {replying ? (
          <CommentBox
            placeholder={`回复 @${comment.user?.username ?? ""}`}
            submitLabel="回复"
            autoFocus
            onSubmit={reply}
            onCancel={() => setReplying(false)}
          />
        ) : null}
        {replies.length > 0 ? (
          <ul className="comment-replies">
            {replies.map((r) => (
              <PinCommentItem
                key={r.id}
                comment={r}
                pinId={pinId}
                root={root}
                now={now}
                onChanged={onChanged}
              />
            ))}
          </ul>
        ) : null}
        {hiddenReplies ? (
          <button type="button" className="comment-more-replies" onClick={loadReplies}>
            {more ? "加载更多回复" : `查看全部 ${comment.subCommentCount} 条回复`}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="删除评论"
        message="确定删除这条评论吗？"
        confirmLabel="删除"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** The comments of a pin: box, new/hot toggle, roots with their sub-comments, 加载更多. */
export function PinCommentSection({
  pinId,
  initial,
  now,
}: {
  pinId: string;
  initial: CommentPage;
  now: number;
}) {
  const { alert } = useShell();
  const [order, setOrder] = useState<Order>("new");
  const [page, setPage] = useState<CommentPage>(initial);
  const [loading, setLoading] = useState(false);

  useEffect(() => setPage(initial), [initial]);

  const fetchPage = useCallback(
    (rankType: Order, cursor?: string) =>
      api.get<CommentPage>(`/api/comments/${pinId}`, { rankType, pageSize: 20, createdAt: cursor }),
    [pinId],
  );

  const refresh = useCallback(async () => {
    try {
      setPage(await fetchPage(order));
    } catch (error) {
      alert(errorMessage(error), "error");
    }
  }, [alert, fetchPage, order]);

  async function load(next: Order, cursor?: string) {
    setLoading(true);
    try {
      const got = await fetchPage(next, cursor);
      setPage(cursor ? { ...got, comments: [...page.comments, ...got.comments] } : got);
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setLoading(false);
    }
  }

  async function switchOrder(next: Order) {
    if (next === order) return;
    setOrder(next);
    await load(next);
  }

  async function post(content: string) {
    await api.post("/api/comment", { content, targetId: pinId, targetType: "pin" });
    await refresh();
  }

  return (
    <section className="panel comment-section" aria-label="评论">
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
      {page.comments.length === 0 ? (
        <p className="comment-empty">还没有评论，来说两句吧</p>
      ) : (
        <ul className="comment-list">
          {page.comments.map((c) => (
            <PinCommentItem key={c.id} comment={c} pinId={pinId} root={c} now={now} onChanged={refresh} />
          ))}
        </ul>
      )}
      {page.hasMore ? (
        <button
          type="button"
          className="btn comment-load-more"
          onClick={() => load(order, page.cursor ?? undefined)}
          disabled={loading}
        >
          {loading ? "加载中..." : "加载更多"}
        </button>
      ) : null}
    </section>
  );
}
