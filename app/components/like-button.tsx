import { useCallback, useEffect } from "react";
import { formatCount } from "../../shared/format";
import { api } from "~/lib/api";
import { useLoginToggle } from "./shell/use-login-toggle";
import { track } from "~/lib/tracking";
import "./like-button.css";
import { MaskIcon } from "./ui/mask-icon";

interface LikeState {
  liked: boolean;
  collectionCount: number;
}

interface LikeButtonProps {
  entryId: string;
  liked: boolean;
  /** The entry's collectionCount (likes). */
  count: number;
  className?: string;
  /** Told the shown state whenever it moves (the likers row under an article follows it). */
  onChange?: (liked: boolean, count: number) => void;
}

/**
 * Like an entry (spec §4: toggles liked and moves collectionCount by one). Optimistic: the count
 * moves at once and goes back, with an alert, if the server refuses. Visitors get the quick login.
 */
export function LikeButton({ entryId, liked, count, className, onChange }: LikeButtonProps) {
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/user/like/entry/${entryId}`;
      const state = on ? await api.put<LikeState>(url) : await api.del<LikeState>(url);
      track(state.liked ? "like" : "unlike", "entry", entryId);
      return { on: state.liked, count: state.collectionCount };
    },
    [entryId],
  );
  const like = useLoginToggle({ on: liked, count }, send, "点赞失败，请稍后重试");
  useEffect(() => onChange?.(like.on, like.count), [onChange, like.on, like.count]);

  return (
    <button
      type="button"
      className={["like-button", like.on ? "liked" : "", className ?? ""].filter(Boolean).join(" ")}
      aria-pressed={like.on}
      aria-busy={like.busy || undefined}
      aria-label={`赞，${like.count} 个赞`}
      title={like.on ? "取消点赞" : "点赞"}
      onClick={like.toggle}
    >
      <MaskIcon name="thumb" filled={like.on} />
      <span>{formatCount(like.count)}</span>
    </button>
  );
}
