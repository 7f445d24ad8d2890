/**
 * The sending side of app/lib/tracking.ts, loaded after the first render (with the first event or
 * impression list) rather than with the page: this browser's suid (localStorage
 * `nugget_suid:<src>`, else one gen_suid call), the GET beacons and the impression watcher. Storage
 * is wrapped in safeStorage: private mode and blocked storage fall back to page memory.
 */
import { safeStorage, type KeyValue } from "./request-health";
import { IMPRESSION_BATCH, IMPRESSION_FLUSH_MS, SUID_KEY_PREFIX } from "./tracking";

const SRC = "web";
const SUID = /^[A-Za-z0-9_-]{1,64}$/;

let local: KeyValue | null = null;

function logFailure(error: unknown) {
  // §8: analytics errors are only logged — debug, not error: a blocker is the reader's choice.
  console.debug("[tracking]", error);
}

/** Sends one GET beacon; never throws, never waits. */
function beacon(path: string, params: Record<string, string | undefined>) {
  try {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    const url = `${path}?${query.toString()}`;
    if (typeof fetch === "function") {
      fetch(url, { keepalive: true, credentials: "same-origin", cache: "no-store" }).catch(logFailure);
    } else {
      new Image().src = url;
    }
  } catch (error) {
    logFailure(error);
  }
}

const suids = new Map<string, Promise<string>>();

/**
 * This browser's suid for `src`: from localStorage, else one gen_suid call whose answer is cached.
 * Resolves "" when the call fails (events still go, without it); the next page load tries again —
 * not every event, or a blocker would see two requests per event.
 */
export function getSuid(src = SRC): Promise<string> {
  const known = suids.get(src);
  if (known) return known;
  const key = SUID_KEY_PREFIX + src;
  local ??= safeStorage(() => window.localStorage);
  const stored = local.getItem(key);
  if (stored && SUID.test(stored)) {
    suids.set(src, Promise.resolve(stored));
    return Promise.resolve(stored);
  }
  const pending = fetch(`/api/gen_suid?src=${encodeURIComponent(src)}`, { credentials: "same-origin" })
    .then((res) => res.json() as Promise<{ s: number; d?: { suid?: string } }>)
    .then((body) => {
      const suid = body.s === 1 ? (body.d?.suid ?? "") : "";
      if (!SUID.test(suid)) throw new Error("gen_suid: no suid");
      local?.setItem(key, suid);
      return suid;
    })
    .catch((error: unknown) => {
      logFailure(error);
      return "";
    });
  suids.set(src, pending);
  return pending;
}

/** One event to `path` (/api/log, /api/collector) with the source and this browser's suid. */
export function send(path: string, params: Record<string, string | undefined>): void {
  void getSuid().then((suid) => beacon(path, { ...params, source: SRC, suid }));
}

/** An entry counts as shown once half of it has been on screen. */
const IMPRESSION_THRESHOLD = 0.5;

const here = () => (window.location.pathname + window.location.search).slice(0, 500);

/** useImpressions' watcher (app/lib/tracking.ts) over the items of `root`; returns its stop. */
export function watchImpressions(root: HTMLElement): () => void {
  const seen = new Set<string>();
  let waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const location = here();
    while (waiting.length) {
      const ids = waiting.slice(0, IMPRESSION_BATCH);
      waiting = waiting.slice(IMPRESSION_BATCH);
      send("/api/collector", { ids: ids.join("|"), location });
    }
  };
  const observer = new IntersectionObserver(
    (records) => {
      for (const record of records) {
        if (!record.isIntersecting) continue;
        const id = (record.target as HTMLElement).dataset.entryId;
        observer.unobserve(record.target);
        if (!id || seen.has(id)) continue;
        seen.add(id);
        waiting.push(id);
      }
      if (waiting.length >= IMPRESSION_BATCH) flush();
      else if (waiting.length && !timer) timer = setTimeout(flush, IMPRESSION_FLUSH_MS);
    },
    { threshold: IMPRESSION_THRESHOLD },
  );
  const watch = () => {
    for (const item of root.querySelectorAll<HTMLElement>("[data-entry-id]")) {
      if (!seen.has(item.dataset.entryId ?? "")) observer.observe(item);
    }
  };
  watch();
  const mutations = new MutationObserver(watch);
  mutations.observe(root, { childList: true, subtree: true });
  return () => {
    mutations.disconnect();
    observer.disconnect();
    if (timer) clearTimeout(timer);
    flush();
  };
}
