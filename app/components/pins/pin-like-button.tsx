import { useCallback } from "react";
import { api, errorMessage } from "../../lib/api";
import { useOptimisticToggle } from "../../lib/use-optimistic-toggle";
import { useShell } from "../shell/shell-context";

function HeartIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Like of a pin: flips at once, then settles on the server's count (or reverts on failure). */
export function PinLikeButton({ id, liked, count }: { id: string; liked: boolean; count: number }) {
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/pins/${id}/like`;
      const r = on ? await api.put<{ likeCount: number }>(url) : await api.del<{ likeCount: number }>(url);
      return { on, count: r.likeCount };
    },
    [id],
  );
  const onError = useCallback((error: unknown) => alert(errorMessage(error), "error"), [alert]);
  const like = useOptimisticToggle({ on: liked, count }, send, onError);

  return (
    <button
      type="button"
      className={`pin-action pin-like${like.on ? " is-active" : ""}`}
      aria-pressed={like.on}
      aria-label={like.on ? "取消点赞" : "点赞"}
      onClick={() => {
        if (requireLogin()) void like.toggle();
      }}
    >
      <HeartIcon />
      <span>{like.count > 0 ? like.count : "点赞"}</span>
    </button>
  );
}
