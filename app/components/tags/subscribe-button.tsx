import { useCallback } from "react";
import { api, errorMessage } from "../../lib/api";
import { useShell } from "../shell/shell-context";
import { useOptimisticToggle } from "../../lib/use-optimistic-toggle";
import "./tags.css";

interface SubscribeState {
  subscribed: boolean;
  subscribersCount: number;
}

export interface SubscribableTag {
  id: string;
  subscribed?: boolean;
  subscribersCount: number;
}

/**
 * Subscribe or unsubscribe a tag (spec §4: toggles subscribed, moves subscribersCount by one),
 * optimistically. Visitors get the quick login instead. The caller shows `count` where it likes.
 */
export function useTagSubscription(tag: SubscribableTag) {
  const { requireLogin, alert } = useShell();
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/tag/subscribe/${tag.id}`;
      const state = on ? await api.put<SubscribeState>(url) : await api.del<SubscribeState>(url);
      return { on: state.subscribed, count: state.subscribersCount };
    },
    [tag.id],
  );
  const onError = useCallback(
    (error: unknown) => alert(errorMessage(error, "关注失败，请稍后重试"), "error"),
    [alert],
  );
  const state = useOptimisticToggle({ on: !!tag.subscribed, count: tag.subscribersCount }, send, onError);
  const { toggle } = state;
  const guardedToggle = useCallback(() => {
    if (requireLogin()) void toggle();
  }, [requireLogin, toggle]);
  return { ...state, toggle: guardedToggle };
}

export type TagSubscription = ReturnType<typeof useTagSubscription>;

/** 关注 / 已关注 for a tag. */
export function SubscribeButton({ subscription, title }: { subscription: TagSubscription; title: string }) {
  return (
    <button
      type="button"
      className={subscription.on ? "btn subscribe-button subscribed" : "btn btn-primary subscribe-button"}
      aria-pressed={subscription.on}
      aria-busy={subscription.busy || undefined}
      aria-label={`关注标签 ${title}`}
      onClick={subscription.toggle}
    >
      {subscription.on ? "已关注" : "关注"}
    </button>
  );
}
