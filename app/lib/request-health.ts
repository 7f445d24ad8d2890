/**
 * The request-health alert of spec §4/§8: requests the browser could not make at all are counted
 * per session; past REQUEST_HEALTH_THRESHOLD the shell shows 请求异常 (request-health-alert.tsx),
 * unless the reader closed it in the last 24 hours.
 *
 * What counts (reported by app/lib/api.ts): a fetch that rejected — blocked by an ad blocker or
 * extension, refused cross-domain, DNS or connection failure, offline. Not an HTTP error status
 * (the server answered) and not our own 20 s timeout (the server is slow, not unreachable; that
 * one is shown as 请求超时).
 *
 * Storage (wrapped: private mode and blocked storage throw, and then a page-lifetime memory
 * stands in):
 * - sessionStorage `nugget_request_errors` — failures since the alert last showed, this session;
 * - localStorage `nugget_request_alert_closed_at` — epoch ms when the reader last closed it.
 */

/** Spec §9: shown when the count is over 2, i.e. on the third failure. */
export const REQUEST_HEALTH_THRESHOLD = 2;
/** Spec §9: a closed alert stays away for 86,400,000 ms (24 hours). */
export const REQUEST_HEALTH_SILENCE_MS = 86_400_000;

export const REQUEST_ERRORS_KEY = "nugget_request_errors";
export const ALERT_CLOSED_AT_KEY = "nugget_request_alert_closed_at";
/** Dispatched on window when the alert should show. */
export const REQUEST_HEALTH_EVENT = "nugget:request-health";

/** The part of Storage these rules use. */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface HealthStorage {
  /** Per session: the failure count. */
  session: KeyValue;
  /** Across sessions: when the alert was closed. */
  local: KeyValue;
}

function readNumber(store: KeyValue, key: string): number | null {
  const value = Number(store.getItem(key) ?? NaN);
  return Number.isFinite(value) ? value : null;
}

/**
 * True while a close at `closedAt` still silences the alert. A time in the future (the clock was
 * set back) does not silence: better one alert too many than none for a year.
 */
export function isSilenced(closedAt: number | null, now: number): boolean {
  if (closedAt === null) return false;
  const since = now - closedAt;
  return since >= 0 && since < REQUEST_HEALTH_SILENCE_MS;
}

/**
 * Counts one failed request at `now`; true when the alert should show, and then the count starts
 * again from zero. While silenced the count keeps growing, so the first failure after the 24 hours
 * (in a session already past the threshold) shows it.
 */
export function recordRequestFailure(storage: HealthStorage, now: number): boolean {
  const count = Math.max(0, Math.floor(readNumber(storage.session, REQUEST_ERRORS_KEY) ?? 0)) + 1;
  if (count > REQUEST_HEALTH_THRESHOLD && !isSilenced(readNumber(storage.local, ALERT_CLOSED_AT_KEY), now)) {
    storage.session.setItem(REQUEST_ERRORS_KEY, "0");
    return true;
  }
  storage.session.setItem(REQUEST_ERRORS_KEY, String(count));
  return false;
}

/** Remembers that the reader closed the alert at `now`. */
export function recordAlertClosed(storage: HealthStorage, now: number): void {
  storage.local.setItem(ALERT_CLOSED_AT_KEY, String(now));
}

/**
 * A Storage that never throws: once the real one is missing or refuses (private mode, blocked
 * storage, quota), a Map that has mirrored every write stands in for the rest of the page.
 */
export function safeStorage(get: () => Storage | undefined): KeyValue {
  const memory = new Map<string, string>();
  let broken = false;
  const real = (): Storage | null => {
    if (broken) return null;
    try {
      const store = get();
      if (store) return store;
    } catch {
      // SecurityError: storage disabled for this page.
    }
    broken = true;
    return null;
  };
  return {
    getItem(key) {
      const store = real();
      if (store) {
        try {
          return store.getItem(key);
        } catch {
          broken = true;
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      const store = real();
      if (!store) return;
      try {
        store.setItem(key, value);
      } catch {
        broken = true;
      }
    },
  };
}

let browserStorage: HealthStorage | null = null;

function storage(): HealthStorage {
  browserStorage ??= {
    session: safeStorage(() => window.sessionStorage),
    local: safeStorage(() => window.localStorage),
  };
  return browserStorage;
}

/** Called by the API client when a request could not be made; may raise the alert. */
export function reportRequestFailure(): void {
  if (typeof window === "undefined") return;
  if (recordRequestFailure(storage(), Date.now())) {
    window.dispatchEvent(new Event(REQUEST_HEALTH_EVENT));
  }
}

/** Called when the reader closes the alert: silences it for 24 hours. */
export function closeRequestHealthAlert(): void {
  if (typeof window === "undefined") return;
  recordAlertClosed(storage(), Date.now());
}
