import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "~/lib/api";

export type SaveState = "saved" | "dirty" | "saving" | "error";

/** What the editors autosave: a title and its Markdown. */
export interface DraftText {
  title: string;
  content: string;
}

/** Spec §9 has no number for this; 1.5 s after the last keystroke saves without chattering. */
export const AUTOSAVE_DELAY_MS = 1500;

const keyOf = (t: DraftText) => JSON.stringify([t.title, t.content]);

/**
 * Saves a title and content by PUT to `url` (an article draft, /api/drafts/{id}; a booklet section,
 * /api/booklets/sections/{id}) a moment after typing stops, one request at a time, and answers the
 * state for the 已保存/保存中 indicator. `flush` saves now (before publishing, on Ctrl+S, on 保存).
 * Off for what readers already see: a published article's changes go live only with 更新.
 */
export function useAutosave(url: string, text: DraftText, enabled: boolean) {
  const [state, setState] = useState<SaveState>("saved");
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(text);
  const savedKey = useRef(keyOf(text));
  const inFlight = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    latest.current = text;
  });

  const flush = useCallback(async (): Promise<boolean> => {
    // One save at a time: a newer one waits, then sends whatever is latest by then.
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const snapshot = latest.current;
    const key = keyOf(snapshot);
    if (key === savedKey.current) {
      setState("saved");
      return true;
    }
    setState("saving");
    const request = api.put(url, snapshot);
    inFlight.current = request;
    try {
      await request;
      savedKey.current = key;
      setError(null);
      setState(keyOf(latest.current) === key ? "saved" : "dirty");
      return true;
    } catch (err) {
      setError(errorMessage(err, "保存失败"));
      setState("error");
      return false;
    } finally {
      inFlight.current = null;
    }
  }, [url]);

  const key = keyOf(text);
  useEffect(() => {
    if (!enabled || key === savedKey.current) return;
    setState((s) => (s === "saving" ? s : "dirty"));
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, enabled, flush]);

  // Leaving with unsaved text: the browser asks first; moving within the app saves on the way out.
  useEffect(() => {
    if (!enabled) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (keyOf(latest.current) !== savedKey.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      if (keyOf(latest.current) !== savedKey.current) void flush();
    };
  }, [enabled, flush]);

  /** Marks text as saved by another call (publishing sends it too). */
  const markSaved = useCallback(() => {
    savedKey.current = keyOf(latest.current);
    setState("saved");
  }, []);

  return { state, error, flush, markSaved };
}
