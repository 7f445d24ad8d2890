import { useCallback } from "react";
import { api } from "~/lib/api";
import { LikeToggleButton, type LikeLook } from "~/components/ui/like-toggle-button";

const HEART: LikeLook = {
  className: "pin-action pin-like",
  size: 18,
  drawing:
    "M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z",
};

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
  return <LikeToggleButton look={HEART} liked={liked} count={count} send={send} />;
}
