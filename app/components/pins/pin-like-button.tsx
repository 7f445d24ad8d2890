import { useCallback } from "react";
import { api } from "~/lib/api";
import { LikeToggleButton } from "~/components/ui/like-toggle-button";

/** Like of a pin: PUT/DELETE /api/pins/{id}/like, the count from the answer's likeCount. */
export function PinLikeButton({ id, liked, count }: { id: string; liked: boolean; count: number }) {
  const send = useCallback(
    async (on: boolean) => {
      const url = `/api/pins/${id}/like`;
      const r = on ? await api.put<{ likeCount: number }>(url) : await api.del<{ likeCount: number }>(url);
      return r.likeCount;
    },
    [id],
  );
  return <LikeToggleButton target="pin" liked={liked} count={count} send={send} />;
}
