import { useCallback } from "react";
import { api } from "~/lib/api";
import { increment, track } from "~/lib/tracking";
import { useLoginToggle } from "~/components/shell/use-login-toggle";

interface FollowSetState {
  csId: string;
  followed: boolean;
  followerCount: number;
}

/**
 * Follow or unfollow a collection set (spec §4: toggles followed, moves followerCount by one),
 * optimistically; a refusal puts it back with an alert. Visitors get the quick login instead.
 */
export function useFollowCollection(collection: { id: string; followed: boolean; followerCount: number }) {
  const send = useCallback(
    async (on: boolean) => {
      const url = on ? "/api/collectionset/follow" : "/api/collectionset/unfollow";
      const state = await api.put<FollowSetState>(url, { csId: collection.id });
      track(state.followed ? "follow" : "unfollow", "collection", collection.id);
      increment("csFollow", state.followed ? 1 : -1, collection.id);
      return { on: state.followed, count: state.followerCount };
    },
    [collection.id],
  );
  return useLoginToggle({ on: collection.followed, count: collection.followerCount }, send);
}
