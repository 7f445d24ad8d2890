import { useCallback } from "react";
import { api, errorMessage } from "../lib/api";
import { useShell } from "./shell/shell-context";
import { useOptimisticToggle } from "../lib/use-optimistic-toggle";

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
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on: boolean) => {
      const state = await api.post<FollowState>(on ? "/api/follow" : "/api/unfollow", { ids: user.id });
      const mine = state.list.find((item) => item.id === user.id);
      if (!mine) throw new Error("关注失败");
      return { on: mine.followed, count: mine.followersCount };
    },
    [user.id],
  );
  const onError = useCallback(
    (error: unknown) => alert(errorMessage(error, "操作失败，请稍后重试"), "error"),
    [alert],
  );
  const state = useOptimisticToggle({ on: !!user.followed, count: user.followersCount }, send, onError);
  const { toggle } = state;
  const guardedToggle = useCallback(() => {
    if (requireLogin()) void toggle();
  }, [requireLogin, toggle]);
  return { ...state, toggle: guardedToggle };
}

export type FollowToggle = ReturnType<typeof useFollow>;

/** 关注 / 已关注 for a user. */
export function FollowButton({ follow, username }: { follow: FollowToggle; username: string }) {
  return (
    <button
      type="button"
      className={follow.on ? "btn follow-button followed" : "btn btn-primary follow-button"}
      aria-pressed={follow.on}
      aria-busy={follow.busy || undefined}
      aria-label={`关注 ${username}`}
      onClick={follow.toggle}
    >
      {follow.on ? "已关注" : "关注"}
    </button>
  );
}
