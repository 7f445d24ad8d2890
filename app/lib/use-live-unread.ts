import { useEffect, useRef, useState } from "react";

type StreamModule = typeof import("./unread-stream");

/**
 * The unread total the header bell and the title's "(n) " show: the root loader's value, replaced
 * by the live stream's (app/lib/unread-stream.ts) once it speaks, until the loader brings a new
 * value of its own. The stream's code loads after hydration, only for a logged-in reader, and
 * closes on logout. While the value is live it is written into the title too, also after a
 * navigation (`pageKey`) has put the next page's title there.
 */
export function useLiveUnread(viewerId: string | null, loaded: number, pageKey: string): number {
  const [live, setLive] = useState<number | null>(null);
  const stream = useRef<StreamModule | null>(null);

  // A fresh loader value (navigation, revalidation) is at least as new as the last event; the
  // page's meta writes it into the title itself.
  useEffect(() => setLive(null), [loaded]);

  useEffect(() => {
    if (!viewerId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./unread-stream").then(
      (loadedModule) => {
        if (cancelled) return;
        stream.current = loadedModule;
        stop = loadedModule.openUnreadStream((counts) => setLive(counts.total));
      },
      () => {}, // without the stream the bell still follows navigation
    );
    return () => {
      cancelled = true;
      stop?.();
      setLive(null);
    };
  }, [viewerId]);

  useEffect(() => {
    if (live !== null) stream.current?.setTitleUnread(live);
  }, [live, pageKey]);

  return live ?? loaded;
}
