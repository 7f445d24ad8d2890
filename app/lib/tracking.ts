/**
 * Browser-side tracking (spec §7 Tracking, §4 "page-view tracking debounced 300 ms", §8 "analytics
 * errors only logged"). ADR 009.
 *
 * - Beacons are GETs, as the spec's calls are, sent by `fetch(…, {keepalive: true})`: like
 *   sendBeacon (POST only) they outlive the page that sent them. They never go through
 *   app/lib/api.ts, so an ad blocker that drops them neither throws into the UI nor feeds the
 *   request-health alert; a failure is logged at debug level and forgotten.
 * - No `uid` is sent: the server attributes events to the session's user, whatever a page claims.
 *
 * Storage (wrapped in safeStorage: private mode and blocked storage fall back to page memory):
 * - localStorage `nugget_suid:<src>` — the browser id gen_suid handed out, once per src;
 * - sessionStorage `nugget_current_url` — this tab's current URL, the referrer of the next page view.
 */
import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";
import { safeStorage, type KeyValue } from "./request-health";

export const SUID_KEY_PREFIX = "nugget_suid:";
export const CURRENT_URL_KEY = "nugget_current_url";
/** Spec §9: tracking debounce 300 ms. */
export const PAGE_VIEW_DEBOUNCE_MS = 300;
const SRC = "web";
const SUID = /^[A-Za-z0-9_-]{1,64}$/;

export type TrackedAction =
  "click" | "like" | "unlike" | "collect" | "uncollect" | "view" | "share" | "follow" | "unfollow";
export type TrackedObject = "entry" | "collection" | "page" | "banner";

let local: KeyValue | null = null;
let session: KeyValue | null = null;
const stores = () => {
  local ??= safeStorage(() => window.localStorage);
  session ??= safeStorage(() => window.sessionStorage);
  return { local, session };
};

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
  if (typeof window === "undefined") return Promise.resolve("");
  const known = suids.get(src);
  if (known) return known;
  const key = SUID_KEY_PREFIX + src;
  const stored = stores().local.getItem(key);
  if (stored && SUID.test(stored)) {
    suids.set(src, Promise.resolve(stored));
    return Promise.resolve(stored);
  }
  const pending = fetch(`/api/gen_suid?src=${encodeURIComponent(src)}`, { credentials: "same-origin" })
    .then((res) => res.json() as Promise<{ s: number; d?: { suid?: string } }>)
    .then((body) => {
      const suid = body.s === 1 ? (body.d?.suid ?? "") : "";
      if (!SUID.test(suid)) throw new Error("gen_suid: no suid");
      stores().local.setItem(key, suid);
      return suid;
    })
    .catch((error: unknown) => {
      logFailure(error);
      return "";
    });
  suids.set(src, pending);
  return pending;
}

const here = () => (window.location.pathname + window.location.search).slice(0, 500);

/**
 * Records one action (spec §7 Tracking actions: click … share on an entry, follow/unfollow on a
 * collection set, click on a banner, view on a page). Fire-and-forget.
 */
export function track(action: TrackedAction, objectType: TrackedObject, target = "", value?: string): void {
  if (typeof window === "undefined") return;
  const location = here();
  void getSuid().then((suid) =>
    beacon("/api/log", {
      action,
      objectType,
      target,
      value: value?.slice(0, 200),
      location,
      source: SRC,
      suid,
    }),
  );
}

/** Impressions are sent at most this often, and at most this many ids a call (the server's cap). */
export const IMPRESSION_FLUSH_MS = 1000;
export const IMPRESSION_BATCH = 50;
/** An entry counts as shown once half of it has been on screen. */
const IMPRESSION_THRESHOLD = 0.5;

/**
 * Spec §7 GET /collector: the entries a list actually showed. Items under `list` that carry
 * `data-entry-id` are watched; each id is reported once per mounted list when half of it enters the
 * viewport, gathered for a second and sent in batches of up to 50. Items added later (加载更多) are
 * watched as they arrive. Nothing happens without IntersectionObserver (old browsers, the server).
 */
export function useImpressions(list: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const seen = new Set<string>();
    let waiting: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const location = here();
      while (waiting.length) {
        const ids = waiting.slice(0, IMPRESSION_BATCH);
        waiting = waiting.slice(IMPRESSION_BATCH);
        void getSuid().then((suid) =>
          beacon("/api/collector", { ids: ids.join("|"), location, source: SRC, suid }),
        );
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
  }, [list, key]);
}

/** Records a page view: the referrer is the tab's previous URL, or the document's for the first. */
function trackPageView() {
  const { session } = stores();
  const location = here();
  const referrer = (session.getItem(CURRENT_URL_KEY) ?? document.referrer).slice(0, 500);
  session.setItem(CURRENT_URL_KEY, location);
  void getSuid().then((suid) =>
    beacon("/api/log", { action: "view", objectType: "page", location, referrer, source: SRC, suid }),
  );
}

/**
 * Mounted once in the app shell: a page view 300 ms after each navigation settles (spec §4/§9), so
 * a redirect or quick back-and-forth counts once.
 */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(trackPageView, PAGE_VIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
}

/**
 * The tracking A/B suffix of spec §7 "appended to tracked URLs": absolute links from a tracked place
 * (banners) get utm_source/utm_medium/utm_content, so the other side can tell where the visit came
 * from. Site paths ("/books") and links that already name a utm_source stay as they are. Pure, so the
 * server render and the browser agree.
 */
export function trackedUrl(url: string, medium: string, content?: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.has("utm_source")) return url;
    parsed.searchParams.set("utm_source", "nugget");
    parsed.searchParams.set("utm_medium", medium);
    if (content) parsed.searchParams.set("utm_content", content);
    return parsed.toString();
  } catch {
    return url;
  }
}
