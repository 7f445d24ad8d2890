import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api";
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
      const url = `/api/pins/${id}/like`;
      const r = next ? await api.put<{ likeCount: number }>(url) : await api.del<{ likeCount: number }>(url);
      setState({ liked: next, count: r.likeCount });
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
      className={`pin-action pin-like${state.liked ? " is-active" : ""}`}
      aria-pressed={state.liked}
      aria-label={state.liked ? "取消点赞" : "点赞"}
      onClick={toggle}
    >
      <HeartIcon />
      <span>{state.count > 0 ? state.count : "点赞"}</span>
    </button>
  );
}
