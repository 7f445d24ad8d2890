import { useCallback } from "react";
import { LikeToggleButton } from "~/components/ui/like-toggle-button";
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
  return <LikeToggleButton target="comment" liked={liked} count={count} send={send} />;
}
