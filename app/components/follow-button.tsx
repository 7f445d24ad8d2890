import { useCallback } from "react";
import { api } from "~/lib/api";
import { useLoginToggle } from "./shell/use-login-toggle";

interface FollowState {
  list: { id: string; followed: boolean; followersCount: number }[];
  followeesCount: number;
}

export interface FollowableUser {
  id: string;
  followed?: boolean;
  followersCount: number;
}

/**
 * Follow or unfollow a user (spec §4: toggles followed, moves the target's followersCount by one),
 * optimistically: the count moves at once and the server's answer replaces the guess; a refusal
 * puts it back with an alert. Visitors get the quick login instead. The caller shows `count`.
 */
export function useFollow(user: FollowableUser) {
  const send = useCallback(
    async (on: boolean) => {
      const state = await api.post<FollowState>(on ? "/api/follow" : "/api/unfollow", { ids: user.id });
      const mine = state.list.find((item) => item.id === user.id);
      if (!mine) throw new Error("关注失败");
      return { on: mine.followed, count: mine.followersCount };
    },
    [user.id],
  );
  return useLoginToggle({ on: !!user.followed, count: user.followersCount }, send);
}

export type FollowToggle = ReturnType<typeof useFollow>;

/**
 * 关注 / 已关注 for a user, a collection set or a tag (any `useLoginToggle` follow); `label` names
 * who or what is followed, for a screen reader among many such buttons. A tag's button keeps its
 * own class names (`subscribe-button`, `subscribed`) for its stylesheet.
 */
export function FollowButton({
  follow,
  label,
  className = "follow-button",
  onClassName = "followed",
}: {
  follow: FollowToggle;
  label: string;
  className?: string;
  onClassName?: string;
}) {
  return (
    <button
      type="button"
      className={follow.on ? `btn ${className} ${onClassName}` : `btn btn-primary ${className}`}
      aria-pressed={follow.on}
      aria-busy={follow.busy || undefined}
      aria-label={label}
      onClick={follow.toggle}
    >
      {follow.on ? "已关注" : "关注"}
    </button>
  );
}
