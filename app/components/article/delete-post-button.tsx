import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";

// Loaded when 删除 is pressed: even its author rarely deletes an article.
const ConfirmDialog = lazy(() => import("~/components/ui/modal").then((m) => ({ default: m.ConfirmDialog })));

/**
 * 删除 on a column article's page, for its author or an admin (spec §6; DELETE /api/posts/{id}
 * checks it again). After the deletion the viewer lands on the author's page.
 */
export function DeletePostButton({
  postId,
  title,
  authorId,
}: {
  postId: string;
  title: string;
  authorId: string;
}) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.del(`/api/posts/${postId}`);
      alert("文章已删除", "success");
      void navigate(`/user/${authorId}`, { replace: true });
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      alert(errorMessage(error, "删除失败，请稍后重试"), "error");
    }
  }

  return (
    <>
      <button type="button" className="article-edit article-delete" onClick={() => setConfirming(true)}>
        删除
      </button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="删除这篇文章？"
            message={`「${title}」删除后将从列表和搜索中消失，无法恢复。`}
            confirmLabel="删除"
            busy={busy}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
