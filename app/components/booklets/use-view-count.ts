import { useEffect, useState } from "react";
import { api } from "~/lib/api";

/**
 * Counts one visit from the browser (viewCountDetail / viewCountContent) and shows the new total.
 * From the browser, not the loader: revalidations after a purchase must not count again.
 */
export function useViewCount(kind: "detail" | "content", id: string | null, initial: number): number {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (!id) return;
    let live = true;
    const [path, body] =
      kind === "detail"
        ? ["/api/booklets/viewCountDetail", { bookletId: id }]
        : ["/api/booklets/viewCountContent", { sectionId: id }];
    api
      .post<{ viewCount: number }>(path, body)
      .then((d) => live && setViews(d.viewCount))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, id]);
  return views;
}
