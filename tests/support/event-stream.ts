/** Reading a Server-Sent Events response in tests, the way a browser's EventSource would. */

export interface UnreadEvent {
  user: number;
  system: number;
  total: number;
}

export interface OpenStream {
  response: Response;
  /** The next `counts` event, or a rejection after `ms`. */
  next(ms?: number): Promise<UnreadEvent>;
  /** Every `counts` event received so far and not yet taken by next(). */
  pending(): UnreadEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: string[];
  close(): void;
}

/** Opens GET /api/notifications/stream on a listening site with the auth triple as headers. */
export async function openUnreadStream(
  baseUrl: string,
  auth?: { uid: string; client: string; token: string },
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { ...headers, ...(auth ? { uid: auth.uid, client: auth.client, token: auth.token } : {}) },
    signal: controller.signal,
  });
  const events: UnreadEvent[] = [];
  const comments: string[] = [];
  // Whoever waits in next(): woken by a new event or the end.
  const waiter: { wake: (() => void) | null } = { wake: null };
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const lines = frame.split("\n");
            comments.push(...lines.filter((l) => l.startsWith(":")));
            if (!lines.includes("event: counts")) continue;
            const data = lines.find((l) => l.startsWith("data: "));
            if (data) events.push(JSON.parse(data.slice(6)) as UnreadEvent);
            waiter.wake?.();
          }
        }
      } catch {
        // aborted
      } finally {
        ended = true;
        waiter.wake?.();
      }
    })();
  }
  return {
    response,
    comments,
    pending: () => events.splice(0),
    async next(ms = 5000) {
      const deadline = Date.now() + ms;
      while (!events.length) {
        if (ended) throw new Error("the stream ended");
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no counts event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter.wake = null;
      }
      return events.shift()!;
    },
    close: () => controller.abort(),
  };
}
