import { useCallback } from "react";
import { useLoginToggle } from "~/components/shell/use-login-toggle";

/** How a like button looks where it stands: a thumb among a comment's actions, a heart on a pin. */
const LOOKS = {
  comment: {
    className: "comment-action comment-like",
    size: 16,
    drawing:
      "M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11z",
  },
  pin: {
    className: "pin-action pin-like",
    size: 18,
    drawing:
      "M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z",
  },
};

/**
 * A 点赞 button with its count (comments, pins): needs a login, flips at once, then settles on the
 * count `send` answers with, or reverts and shows the error (spec §4 toggles).
 */
export function LikeToggleButton({
  target,
  liked,
  count,
  send,
}: {
  /** What is liked, which picks the button's look. */
  target: keyof typeof LOOKS;
  liked: boolean;
  count: number;
  /** Asks the server to like (true) or unlike (false); answers the new count. */
  send: (on: boolean) => Promise<number>;
}) {
  const toggle = useCallback(async (on: boolean) => ({ on, count: await send(on) }), [send]);
  const like = useLoginToggle({ on: liked, count }, toggle);
  const { className, size, drawing } = LOOKS[target];

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
