import { useEffect, useState } from "react";
import { api } from "~/lib/api";

/**
 * Counts this visit (getEntryView) once the page is on screen, so a crawler's prefetch or a server
 * render does not count, and shows the count the server answers.
 */
export function useRecordedViews(entryId: string | null, initial: number) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (!entryId) return;
    let live = true;
    api
      .get<{ viewsCount: number }>("/api/getEntryView", { entryId })
      .then((d) => live && setViews(d.viewsCount))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [entryId]);
  return views;
}
