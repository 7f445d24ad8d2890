import { useCallback } from "react";
import { api, errorMessage } from "../../lib/api";
import { useOptimisticToggle } from "../../lib/use-optimistic-toggle";
import { useShell } from "../shell/shell-context";

function ThumbIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Like of one comment: flips at once, then settles on the server's count (or reverts). */
export function CommentLikeButton({ id, liked, count }: { id: string; liked: boolean; count: number }) {
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/comment/${id}/like`;
      const r = on ? await api.put<{ likesCount: number }>(url) : await api.del<{ likesCount: number }>(url);
      return { on, count: r.likesCount };
    },
    [id],
  );
  const onError = useCallback((error: unknown) => alert(errorMessage(error), "error"), [alert]);
  const like = useOptimisticToggle({ on: liked, count }, send, onError);

  return (
    <button
      type="button"
      className={`comment-action comment-like${like.on ? " is-active" : ""}`}
      aria-pressed={like.on}
      aria-label={like.on ? "取消点赞" : "点赞"}
      onClick={() => {
        if (requireLogin()) void like.toggle();
      }}
    >
      <ThumbIcon />
      <span>{like.count > 0 ? like.count : "点赞"}</span>
    </button>
  );
}
