import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api";
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
  const [state, setState] = useState({ liked, count });
  const [busy, setBusy] = useState(false);
  useEffect(() => setState({ liked, count }), [liked, count]);

  async function toggle() {
    if (!requireLogin() || busy) return;
    const before = state;
    const next = !before.liked;
    setState({ liked: next, count: Math.max(0, before.count + (next ? 1 : -1)) });
    setBusy(true);
    try {
      const url = `/api/comment/${id}/like`;
      const r = next
        ? await api.put<{ likesCount: number }>(url)
        : await api.del<{ likesCount: number }>(url);
      setState({ liked: next, count: r.likesCount });
    } catch (error) {
      setState(before);
      alert(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`comment-action comment-like${state.liked ? " is-active" : ""}`}
      aria-pressed={state.liked}
      aria-label={state.liked ? "取消点赞" : "点赞"}
      onClick={toggle}
    >
      <ThumbIcon />
      <span>{state.count > 0 ? state.count : "点赞"}</span>
    </button>
  );
}
