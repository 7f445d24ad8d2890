import { lazy, Suspense, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";

// Loaded when 删除 is pressed: even an author or an admin rarely deletes anything.
const ConfirmDialog = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.ConfirmDialog })));

/**
 * 删除 with a confirmation, for the content's author or an admin (spec §6; the server checks it
 * again). After the deletion the viewer lands on `then`, or stays and the page's data reloads.
 * Pages load this file lazily, and only for a viewer who may delete: other readers download nothing.
 */
function DeleteButton({
  className,
  question,
  message,
  remove,
  done,
  then,
}: {
  className: string;
  question: string;
  message: string;
  remove: () => Promise<unknown>;
  done: string;
  then?: string;
}) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await remove();
      alert(done, "success");
      if (then) {
        void navigate(then, { replace: true });
      } else {
        setBusy(false);
        setConfirming(false);
        void revalidator.revalidate();
      }
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      alert(errorMessage(error, "删除失败，请稍后重试"), "error");
    }
  }

  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        删除
      </button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={question}
            message={message}
            confirmLabel="删除"
            busy={busy}
            onConfirm={() => void confirm()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** What differs between deleting a column article (DELETE /api/posts/{id}) and a share (POST /api/entryDel). */
const CONTENT = {
  post: {
    className: "article-edit article-delete",
    question: "删除这篇文章？",
    done: "文章已删除",
    remove: (id: string) => api.del(`/api/posts/${id}`),
  },
  entry: {
    className: "link-button entry-delete",
    question: "删除这条分享？",
    done: "分享已删除",
    remove: (id: string) => api.post("/api/entryDel", { entryId: id }),
  },
};

/** A column article or a share, which its author or an admin may delete. */
export interface DeletableContent {
  kind: keyof typeof CONTENT;
  id: string;
  title: string;
  authorId: string;
}

/** 删除 on a column article's or a share's page; then the author's page. */
export function DeleteContentButton({ kind, id, title, authorId }: DeletableContent) {
  const { className, question, done, remove } = CONTENT[kind];
  return (
    <DeleteButton
      className={className}
      question={question}
      message={`「${title}」删除后将从列表和搜索中消失，无法恢复。`}
      remove={() => remove(id)}
      done={done}
      then={`/user/${authorId}`}
    />
  );
}

/**
 * 删除 on a pin (DELETE /api/pins/{id}): from its own page back to 沸点; in the list the list
 * reloads without it.
 */
export function DeletePinButton({ pinId, leave }: { pinId: string; leave: boolean }) {
  return (
    <DeleteButton
      className="pin-action pin-delete"
      question="删除这条沸点？"
      message="删除后沸点和它的评论将不再显示，无法恢复。"
      remove={() => api.del(`/api/pins/${pinId}`)}
      done="沸点已删除"
      then={leave ? "/pins" : undefined}
    />
  );
}

/**
 * 删除 on a collection set's page (DELETE /api/collectionset/{id}); then the author's sets: the
 * creator's own, or the list an admin took it out of.
 */
export function DeleteCollectionButton({ id, authorId }: { id: string; authorId: string }) {
  return (
    <DeleteButton
      className="btn"
      question="确定删除这个收藏集吗？"
      message="收藏集里的文章不会被删除，关注它的人将不再看到它。"
      remove={() => api.del(`/api/collectionset/${id}`)}
      done="收藏集已删除"
      then={`/user/${authorId}/collection`}
    />
  );
}
