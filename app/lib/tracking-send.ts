/**
 * The sending side of app/lib/tracking.ts, loaded after the first render (with the first event or
 * impression list) rather than with the page: this browser's suid (localStorage
 * `nugget_suid:<src>`, else one gen_suid call), the GET beacons, the page view with its punch, the
 * collection statistics and the list watcher (impressions and entry clicks). Storage is wrapped in
 * safeStorage: private mode and blocked storage fall back to page memory.
 */
import { CSRF_HEADER, csrfToken } from "./api";
import { safeStorage, type KeyValue } from "./request-health";
import { IMPRESSION_BATCH, IMPRESSION_FLUSH_MS, SUID_KEY_PREFIX } from "./tracking";

const SRC = "web";
const SUID = /^[A-Za-z0-9_-]{1,64}$/;
/** sessionStorage: this tab's current URL, the referrer of the next page view (spec §4). */
export const CURRENT_URL_KEY = "nugget_current_url";

let local: KeyValue | null = null;
let session: KeyValue | null = null;

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

/**
 * One event to `path` (/api/log, /api/collector, /api/punch) with the source and this browser's
 * suid. The spec names the source `src` on /punch and `source` on the others.
 */
export function send(path: string, params: Record<string, string | undefined>): void {
  const source = path === "/api/punch" ? "src" : "source";
  void getSuid().then((suid) => beacon(path, { ...params, [source]: SRC, suid }));
}

/**
 * The page view (GET /log, view on page) and the spec's GET /punch of the page the tab is on, once
 * per navigation (tracking.ts `usePageViewTracking`). The view's referrer is the tab's previous URL,
 * or the document's for the first; the punch's sub_location is the page's section (its first path
 * segment, home for /), which is what the spec's "location inside the site" can be without a list
 * of every page.
 */
export function pageView(): void {
  session ??= safeStorage(() => window.sessionStorage);
  const location = here();
  const referrer = (session.getItem(CURRENT_URL_KEY) ?? document.referrer).slice(0, 500);
  session.setItem(CURRENT_URL_KEY, location);
  send("/api/log", { action: "view", objectType: "page", location, referrer });
  const section = window.location.pathname.split("/")[1] || "home";
  send("/api/punch", { sub_location: section.slice(0, 64), location });
}

/**
 * Spec §7 Statistics, POST /increment (num ±1, event, csId, src), after the server agreed to the
 * change it reports: csNum when an entry goes into or out of a collection set (收藏 dialog), csFollow
 * on follow/unfollow of a set, csPost when a set is created (a deleted set cannot be reported: the
 * call answers 404 for it). The server keeps the real counts in the writing transaction and only
 * records these as statistics. A POST, so it carries the CSRF header; keepalive like the beacons,
 * and never through api.ts, so a blocked report reaches neither the UI nor the request-health alert.
 */
export function increment(event: string, num: 1 | -1, csId: string): void {
  try {
    fetch("/api/increment", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json", [CSRF_HEADER]: csrfToken() },
      body: JSON.stringify({ num, event, csId, src: SRC }),
    }).catch(logFailure);
  } catch (error) {
    logFailure(error);
  }
}

/** An entry counts as shown once half of it has been on screen. */
const IMPRESSION_THRESHOLD = 0.5;

const here = () => (window.location.pathname + window.location.search).slice(0, 500);

/**
 * The entry an activation of `link` opens, when `link` is an item's own link to it (its title),
 * not the author, a tag or a button inside the item.
 */
function openedEntry(root: HTMLElement, target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;
  const item = link?.closest<HTMLElement>("[data-entry-id]");
  const id = item?.dataset.entryId;
  if (!link || !item || !id || !root.contains(item)) return null;
  const path = link.getAttribute("href") ?? "";
  return path === `/entry/${id}` || path === `/post/${id}` ? id : null;
}

/**
 * useImpressions' watcher (app/lib/tracking.ts) over the items of `root`: impressions (GET
 * /collector) and clicks on an item's entry (GET /log click, the spec's form: value is the entry
 * id). The click leaves with keepalive, so neither an in-app navigation nor a full one (a new tab,
 * a reload) loses it, and nothing waits for it. Returns its stop.
 */
export function watchList(root: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    // A middle click opens a new tab: a click on the entry too. A right click does not.
    if (event.type === "auxclick" && event.button !== 1) return;
    const id = openedEntry(root, event.target);
    if (id) send("/api/log", { action: "click", objectType: "entry", value: id, location: here() });
  };
  root.addEventListener("click", onClick);
  root.addEventListener("auxclick", onClick);
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
    root.removeEventListener("click", onClick);
    root.removeEventListener("auxclick", onClick);
    mutations.disconnect();
    observer.disconnect();
    if (timer) clearTimeout(timer);
    flush();
  };
}
