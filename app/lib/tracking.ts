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
 *
 * This module decides what to send; the suid, the requests and the impression watcher are in
 * tracking-send.ts.
 */
import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

export const SUID_KEY_PREFIX = "nugget_suid:";
/** Spec §9: tracking debounce 300 ms. */
export const PAGE_VIEW_DEBOUNCE_MS = 300;

export type TrackedAction =
  "click" | "like" | "unlike" | "collect" | "uncollect" | "view" | "share" | "follow" | "unfollow";
export type TrackedObject = "entry" | "collection" | "page" | "banner";

function logFailure(error: unknown) {
  // §8: analytics errors are only logged — debug, not error: a blocker is the reader's choice.
  console.debug("[tracking]", error);
}

/**
 * Sends one beacon to `path`, with this browser's suid. The sending side (tracking-send.ts: the
 * suid, its storage, the request) loads with the first event, after the page has rendered, rather
 * than with every page's JavaScript (the budget); what the event says is taken now.
 */
function send(path: string, params: Record<string, string | undefined>) {
  sender((m) => m.send(path, params));
}

function sender(use: (m: typeof import("./tracking-send")) => void) {
  import("./tracking-send").then(use, logFailure);
}

const here = () => (window.location.pathname + window.location.search).slice(0, 500);

/**
 * Records one action (spec §7 Tracking actions: click … share on an entry, follow/unfollow on a
 * collection set, click on a banner, view on a page). Fire-and-forget.
 */
export function track(action: TrackedAction, objectType: TrackedObject, target = "", value?: string): void {
  if (typeof window === "undefined") return;
  send("/api/log", { action, objectType, target, value: value?.slice(0, 200), location: here() });
}

/** The collection statistics of spec §7 (POST /increment): see tracking-send.ts `increment`. */
export function increment(event: "csNum" | "csFollow" | "csPost", num: 1 | -1, csId: string): void {
  if (typeof window !== "undefined") sender((m) => m.increment(event, num, csId));
}

/** Impressions are sent at most this often, and at most this many ids a call (the server's cap). */
export const IMPRESSION_FLUSH_MS = 1000;
export const IMPRESSION_BATCH = 50;

/**
 * Spec §7 GET /collector and the entry click of GET /log: the entries a list actually showed, and
 * the one the reader opened. Items under `list` that carry `data-entry-id` are watched; each id is
 * reported once per mounted list when half of it enters the viewport, gathered for a second and sent
 * in batches of up to 50. Items added later (加载更多) are watched as they arrive. Nothing happens
 * without IntersectionObserver (old browsers, the server). The watching itself (tracking-send.ts
 * `watchList`) loads with the list, after the first render.
 */
export function useImpressions(list: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    let stop: (() => void) | undefined;
    let gone = false;
    sender((m) => {
      if (!gone) stop = m.watchList(root);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [list, key]);
}

/**
 * Mounted once in the app shell: a page view and the page's GET /punch 300 ms after each navigation
 * settles (spec §4/§9), so a redirect or quick back-and-forth counts once. What they say is read
 * when they leave (tracking-send.ts `pageView`), which is this page's address by then.
 */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // The sending side loads during the debounce, so the view still leaves at 300 ms.
    import("./tracking-send").catch(logFailure);
    const timer = setTimeout(() => sender((m) => m.pageView()), PAGE_VIEW_DEBOUNCE_MS);
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
