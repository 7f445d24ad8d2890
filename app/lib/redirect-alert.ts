/**
 * Alerts a redirect asks the next page to show. Spec §6: a viewer who may not see a page is
 * "redirected to / and Forbidden" — the home page then shows 没有权限 in the alert list.
 *
 * The request travels as `?alert=<code>` with a fixed code, never text taken from the URL, so a link
 * cannot make the site say anything else. The anonymous page cache keys on the whole URL (query
 * included), so "/?alert=forbidden" is a cached page of its own and the alert never reaches a plain
 * "/"; the shell takes the code out of the address bar once shown, so a reload does not repeat it.
 */
export const ALERT_PARAM = "alert";

const REDIRECT_ALERTS = {
  forbidden: "没有权限",
} as const;

export type RedirectAlert = keyof typeof REDIRECT_ALERTS;

/** Where a redirect with this alert goes: `path` (default "/") with the alert's code. */
export function withAlert(code: RedirectAlert, path = "/"): string {
  return `${path}?${ALERT_PARAM}=${code}`;
}

/**
 * A redirect's path keeping the alert `requestUrl` asks for: "/" sends a logged-in viewer to the
 * timeline, and the timeline a new one to getting-started (spec §2, §4), the alert with them.
 */
export function passAlertOn(path: string, requestUrl: string): string {
  const code = new URL(requestUrl).searchParams.get(ALERT_PARAM);
  return code && Object.hasOwn(REDIRECT_ALERTS, code) ? withAlert(code as RedirectAlert, path) : path;
}

/** The message a URL's query asks for, or null (no code, or one we do not know). */
export function redirectAlertOf(search: string): string | null {
  const code = new URLSearchParams(search).get(ALERT_PARAM);
  return code && Object.hasOwn(REDIRECT_ALERTS, code) ? REDIRECT_ALERTS[code as RedirectAlert] : null;
}

/** The same query without the alert's code ("" when nothing else is left). */
export function searchWithoutAlert(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ALERT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
