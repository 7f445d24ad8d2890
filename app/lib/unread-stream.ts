/**
 * The browser's end of GET /api/notifications/stream: one EventSource per tab for the
 * logged-in reader's unread counts. Loaded only after hydration and only when logged in
 * (app/lib/use-live-unread.ts), so it costs the first render nothing.
 */

export interface UnreadCounts {
  user: number;
  system: number;
  total: number;
}

/** Waits after repeated failures: 2 s, 4 s, 8 s … up to a minute, each with jitter. */
const MAX_BACKOFF_MS = 60_000;
/** Errors in a row that the browser's own quick reconnecting (the server's `retry: 3000`) may take. */
const QUICK_RETRIES = 2;

let current: { close: () => void } | null = null;

const backoff = (failures: number) => {
  const ms = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6));
  return ms / 2 + Math.random() * (ms / 2);
};

/**
 * Opens the stream (closing this tab's earlier one: never two) and calls `onCounts` with each
 * event. Answers the function that closes it for good (logout, leaving the page).
 */
export function openUnreadStream(onCounts: (counts: UnreadCounts) => void): () => void {
  current?.close();
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const connect = () => {
    if (closed) return;
    const es = new EventSource("/api/notifications/stream");
    source = es;
    es.addEventListener("counts", (event) => {
      failures = 0;
      try {
        onCounts(JSON.parse((event as MessageEvent<string>).data) as UnreadCounts);
      } catch {
        // a malformed event is skipped; the next one carries the whole state again
      }
    });
    // The server closed this tab's stream for a newer one of the same reader (at most 5 each):
    // reconnecting would only close another.
    es.addEventListener("replaced", () => handle.close());
    es.onerror = () => {
      failures++;
      // The browser reconnects by itself while the answer was a stream that broke off; it gives up
      // (CLOSED) on an answer that is not one (logged out elsewhere: 401; a 5xx). Either way, after
      // a few failures in a row it waits longer and longer before trying again.
      if (es.readyState !== EventSource.CLOSED && failures <= QUICK_RETRIES) return;
      es.close();
      source = null;
      timer = setTimeout(connect, backoff(failures));
    };
  };

  const handle = {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
      if (current === handle) current = null;
    },
  };
  current = handle;
  connect();
  return () => handle.close();
}

/** A title with its "(n) " unread prefix replaced (app/lib/title.ts writes it the same way). */
export function withUnreadPrefix(title: string, unread: number): string {
  const base = title.replace(/^\(\d+\) /, "");
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/**
 * Puts a live count into the document's title. The text node is changed in place, not replaced,
 * so React's later updates of <title> (the next page's meta) still land on what is shown.
 * @public — use-live-unread.ts calls it on this module loaded by import(), which knip cannot follow.
 */
export function setTitleUnread(unread: number): void {
  const el = document.head.querySelector("title");
  if (!el) return;
  const next = withUnreadPrefix(el.textContent ?? "", unread);
  if (next === el.textContent) return;
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && el.childNodes.length === 1) node.nodeValue = next;
  else el.textContent = next;
}
