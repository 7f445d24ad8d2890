import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../../shared/format";
import type { CommentPage, PresentedComment } from "../../../shared/api-types";
import { api, errorMessage } from "~/lib/api";
import { Avatar } from "~/components/ui/avatar";
import { useShell } from "~/components/shell/shell-context";
import { CommentBox } from "./comment-box";
import { CommentLikeButton } from "./like-button";
import { previewCut } from "../../../shared/comment-preview";
import type { CommentApi } from "./target";

// Loaded when 删除 is pressed: readers of a comment list rarely delete, so the dialog waits.
const ConfirmDialog = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.ConfirmDialog })));
// 举报 for signed-in readers of someone else's comment.
const ReportButton = lazy(() => import("~/components/report/report-button"));

interface CommentItemProps {
  comment: PresentedComment;
  /** The target's URLs and shapes (entry or pin). */
  client: CommentApi;
  /** The root this comment is listed under (itself for a root). */
  root: PresentedComment;
  now: number;
  highlightedId: string | null;
  /** Reload the list after a change (post, edit, delete). */
  onChanged: () => Promise<void>;
}

/** The comment text, cut per spec §5 with 展开 to show the rest. */
function CommentText({ content }: { content: string }) {
  const [open, setOpen] = useState(false);
  const preview = previewCut(content);
  return (
    <div className="comment-content">
      <p className="comment-text">{open || !preview.cut ? content : preview.text}</p>
      {preview.cut ? (
        <button type="button" className="comment-expand" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? "收起" : "展开"}
        </button>
      ) : null}
    </div>
  );
}

/** One comment or reply: author, text, images, time, like, reply, edit for its author, delete for its author or an admin. */
export function CommentItem({ comment, client, root, now, highlightedId, onChanged }: CommentItemProps) {
  const { viewer, alert } = useShell();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState<CommentPage | null>(null);
  const isRoot = comment.id === root.id;
  const own = !!viewer && comment.user?.id === viewer.id;
  // Spec §6: an admin may delete anyone's comment (editing stays the author's).
  const mayDelete = own || viewer?.role === "admin";

  async function reply(content: string, picList: string[]) {
    await client.post({ content, picList, firstComment: root.id, respComment: comment.id });
    setReplying(false);
    setMore(null);
    await onChanged();
  }

  async function edit(content: string) {
    await api.put(`/api/comment/${comment.id}`, { content });
    setEditing(false);
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
      const page = await client.replies(root.id, more?.cursor);
      setMore(more ? { ...page, comments: [...more.comments, ...page.comments] } : page);
    } catch (error) {
      alert(errorMessage(error), "error");
    }
  }

  const replies = isRoot ? (more?.comments ?? comment.topSubCommentList) : [];
  const hiddenReplies = isRoot && (more ? more.hasMore : comment.subCommentCount > replies.length);
  const highlighted = comment.id === highlightedId;

  return (
    <li
      id={`comment-${comment.id}`}
      className={`comment-item${isRoot ? "" : " comment-reply"}${highlighted ? " comment-highlighted" : ""}`}
    >
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
              {comment.user?.jobTitle ? <span className="comment-job">{comment.user.jobTitle}</span> : null}
              {comment.replyUser ? (
                <span className="comment-reply-to">
                  回复{" "}
                  <Link to={`/user/${comment.replyUser.id}`} className="comment-author">
                    @{comment.replyUser.username}
                  </Link>
                </span>
              ) : null}
            </div>
            {editing ? (
              <CommentBox
                initial={comment.content}
                submitLabel="保存"
                autoFocus
                onSubmit={edit}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <CommentText content={comment.content} />
            )}
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
              <CommentLikeButton
                id={comment.id}
                liked={comment.liked}
                count={client.likeCount(comment)}
                client={client}
              />
              <button
                type="button"
                className="comment-action"
                aria-expanded={replying}
                onClick={() => setReplying(!replying)}
              >
                {replying ? "取消回复" : "回复"}
              </button>
              {own && !editing ? (
                <button type="button" className="comment-action" onClick={() => setEditing(true)}>
                  编辑
                </button>
              ) : null}
              {mayDelete ? (
                <button
                  type="button"
                  className="comment-action comment-delete"
                  onClick={() => setConfirming(true)}
                >
                  删除
                </button>
              ) : null}
              {viewer && !own ? (
                <Suspense fallback={null}>
                  <ReportButton
                    targetType="comment"
                    targetId={comment.id}
                    className="comment-action report-button"
                  />
                </Suspense>
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
              <CommentItem
                key={r.id}
                comment={r}
                client={client}
                root={root}
                now={now}
                highlightedId={highlightedId}
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
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="删除评论"
            message="确定删除这条评论吗？"
            confirmLabel="删除"
            busy={busy}
            onConfirm={remove}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
