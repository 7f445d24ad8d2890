import { useCallback } from "react";
import { LikeToggleButton, type LikeLook } from "~/components/ui/like-toggle-button";

const THUMB: LikeLook = {
  className: "comment-action comment-like",
  size: 16,
  drawing:
    "M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14V5.5A2.5 2.5 0 0 0 11.5 3L9 10v11z",
};
import type { CommentApi } from "./target";

/**
 * Like of one comment: flips at once, then settles on the server's count (or reverts). `client`
 * knows the target's verbs (entry: PUT/DELETE like; pin: PUT like/unlike).
 */
export function CommentLikeButton({
  id,
  liked,
  count,
  client,
}: {
  id: string;
  liked: boolean;
  count: number;
  client: CommentApi;
}) {
  const send = useCallback((on: boolean) => client.like(id, on), [client, id]);
  return <LikeToggleButton look={THUMB} liked={liked} count={count} send={send} />;
}
