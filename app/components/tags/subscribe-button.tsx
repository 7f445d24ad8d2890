import { useCallback } from "react";
import { api } from "~/lib/api";
import { useLoginToggle } from "~/components/shell/use-login-toggle";
import { FollowButton } from "~/components/follow-button";
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
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/tag/subscribe/${tag.id}`;
      const state = on ? await api.put<SubscribeState>(url) : await api.del<SubscribeState>(url);
      return { on: state.subscribed, count: state.subscribersCount };
    },
    [tag.id],
  );
  return useLoginToggle({ on: !!tag.subscribed, count: tag.subscribersCount }, send, "关注失败，请稍后重试");
}

export type TagSubscription = ReturnType<typeof useTagSubscription>;

/** 关注 / 已关注 for a tag. */
export function SubscribeButton({ subscription, title }: { subscription: TagSubscription; title: string }) {
  return (
    <FollowButton
      follow={subscription}
      label={`关注标签 ${title}`}
      className="subscribe-button"
      onClassName="subscribed"
    />
  );
}
