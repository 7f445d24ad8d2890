import { useCallback } from "react";
import { useLoginToggle } from "~/components/shell/use-login-toggle";

/**
 * How a like button looks where it stands (a thumb among a comment's actions, a heart on a pin).
 * Each caller keeps its own: this file loads on every page, a drawing only where it is used.
 */
export interface LikeLook {
  className: string;
  size: number;
  /** The icon's one path, in a 24 × 24 box. */
  drawing: string;
}

/**
 * A 点赞 button with its count (comments, pins): needs a login, flips at once, then settles on the
 * count `send` answers with, or reverts and shows the error (spec §4 toggles).
 */
export function LikeToggleButton({
  look,
  liked,
  count,
  send,
}: {
  look: LikeLook;
  liked: boolean;
  count: number;
  /** Asks the server to like (true) or unlike (false); answers the new count. */
  send: (on: boolean) => Promise<number>;
}) {
  const toggle = useCallback(async (on: boolean) => ({ on, count: await send(on) }), [send]);
  const like = useLoginToggle({ on: liked, count }, toggle);
  const { className, size, drawing } = look;

  return (
    <button
      type="button"
      className={`${className}${like.on ? " is-active" : ""}`}
      aria-pressed={like.on}
      aria-label={(like.on ? "取消点赞" : "点赞") + (like.count > 0 ? ` ${like.count}` : "")}
      onClick={like.toggle}
    >
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={drawing} fill="currentColor" />
      </svg>
      <span>{like.count > 0 ? like.count : "点赞"}</span>
    </button>
  );
}
