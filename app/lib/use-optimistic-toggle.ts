import { useCallback, useRef, useState } from "react";

/** A toggle and the count it moves (liked + collectionCount, subscribed + subscribersCount). */
export interface ToggleState {
  on: boolean;
  count: number;
}

/**
 * The optimistic toggle of spec §4: a click flips `on` and moves `count` by one at once, then the
 * server's answer replaces the guess; on failure the old state comes back and `onError` reports it.
 * Clicks while a request is out are ignored, so two quick clicks cannot race each other.
 * When the server values passed in change (a loader revalidated), they win over local state.
 */
export function useOptimisticToggle(
  server: ToggleState,
  send: (on: boolean) => Promise<ToggleState>,
  onError: (error: unknown) => void,
) {
  const [state, setState] = useState(server);
  const [seen, setSeen] = useState(server);
  if (seen.on !== server.on || seen.count !== server.count) {
    setSeen(server);
    setState(server);
  }
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const toggle = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const before = state;
    setState({ on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    try {
      setState(await send(!before.on));
    } catch (error) {
      setState(before);
      onError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [state, send, onError]);

  return { ...state, busy, toggle };
}
