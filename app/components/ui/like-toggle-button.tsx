import { useCallback, type ReactNode } from "react";
import { useLoginToggle } from "~/components/shell/use-login-toggle";

/**
 * A 点赞 button with its count (comments, pins): needs a login, flips at once, then settles on the
 * count `send` answers with, or reverts and shows the error (spec §4 toggles).
 */
export function LikeToggleButton({
  liked,
  count,
  send,
  className,
  icon,
}: {
  liked: boolean;
  count: number;
  /** Asks the server to like (true) or unlike (false); answers the new count. */
  send: (on: boolean) => Promise<number>;
  className: string;
  icon: ReactNode;
}) {
  const toggle = useCallback(async (on: boolean) => ({ on, count: await send(on) }), [send]);
  const like = useLoginToggle({ on: liked, count }, toggle);

  return (
    <button
      type="button"
      className={`${className}${like.on ? " is-active" : ""}`}
      aria-pressed={like.on}
      aria-label={(like.on ? "取消点赞" : "点赞") + (like.count > 0 ? ` ${like.count}` : "")}
      onClick={like.toggle}
    >
      {icon}
      <span>{like.count > 0 ? like.count : "点赞"}</span>
    </button>
  );
}
