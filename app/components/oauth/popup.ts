/**
 * The third-party popup flow of spec §4/§9: a popup of 800 × 600 to /api/oauth/{channel}/start,
 * polled every 300 ms; when it closes the page goes on (reloads). A blocked popup falls back to a
 * full-page redirect through the same start URL, which comes back to `redirect`.
 */

export type OAuthChannel = "weibo" | "wechat" | "github";
export type OAuthMode = "login" | "bind";

export const OAUTH_CHANNELS: { channel: OAuthChannel; title: string }[] = [
  { channel: "weibo", title: "微博" },
  { channel: "wechat", title: "微信" },
  { channel: "github", title: "GitHub" },
];

/** Spec §9. */
export const POPUP_POLL_MS = 300;
export const POPUP_WIDTH = 800;
export const POPUP_HEIGHT = 600;
/** Spec §9's local storage key: the page a third-party login returns to. */
export const OAUTH_LOGIN_URL_KEY = "oauth login url";
/** What the callback page posts to its opener (server/services/oauth/pages.ts). */
const MESSAGE_TYPE = "nugget-oauth";

/** How the flow in the popup ended; null when the popup was closed before it finished. */
export interface PopupResult {
  status: "ok" | "cancelled" | "error";
  message: string;
}

export function oauthStartUrl(
  channel: OAuthChannel,
  mode: OAuthMode,
  redirect: string,
  via?: "inapp",
): string {
  return `/api/oauth/${channel}/start?${new URLSearchParams({ mode, redirect, ...(via ? { via } : {}) })}`;
}

/**
 * Opens the flow in a centered popup and calls `onClosed` once it has closed. Answers false when
 * the browser blocked the popup (the caller then navigates to the same URL instead).
 */
export function openOAuthPopup(url: string, onClosed: (result: PopupResult | null) => void): boolean {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(
    url,
    "nugget-oauth",
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) return false;
  popup.focus();
  let result: PopupResult | null = null;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; status?: PopupResult["status"]; message?: string } | null;
    if (event.origin !== window.location.origin || event.source !== popup || data?.type !== MESSAGE_TYPE)
      return;
    result = { status: data.status ?? "ok", message: String(data.message ?? "") };
  };
  window.addEventListener("message", onMessage);
  let closedSeen = false;
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    // The popup posts its result and closes at once; the message and the closing reach this page
    // separately, so a close seen without a result waits one more poll for a late message.
    if (result === null && !closedSeen) {
      closedSeen = true;
      return;
    }
    window.clearInterval(timer);
    window.removeEventListener("message", onMessage);
    onClosed(result);
  }, POPUP_POLL_MS);
  return true;
}

/** The current page as a site path (what `redirect` may be). */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

function remember(url: string) {
  try {
    window.localStorage.setItem(OAUTH_LOGIN_URL_KEY, url);
  } catch {
    // Storage refused (private mode): the server's redirect still brings the user back.
  }
}

/** The stored return page, if it is on this site; removed once read. */
function recall(): string | null {
  try {
    const url = window.localStorage.getItem(OAUTH_LOGIN_URL_KEY);
    window.localStorage.removeItem(OAUTH_LOGIN_URL_KEY);
    return url && new URL(url, window.location.href).origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * Third-party login: remembers this page under "oauth login url", runs the popup, and afterwards
 * returns there with a full load so every part of the page sees the new session.
 * `onFailed` gets the message when the popup reports a refusal (nothing is reloaded then).
 */
export function startOAuthLogin(
  channel: OAuthChannel,
  onFailed: (message: string, cancelled: boolean) => void,
) {
  remember(window.location.href);
  const url = oauthStartUrl(channel, "login", currentPath());
  const opened = openOAuthPopup(url, (result) => {
    if (result && result.status !== "ok") {
      recall();
      onFailed(result.message, result.status === "cancelled");
      return;
    }
    window.location.assign(recall() ?? window.location.href);
  });
  if (!opened) window.location.assign(url);
}

/**
 * 微信登录 inside WeChat's own browser: no popup and no QR code there — the whole page goes to
 * WeChat's authorization (snsapi_userinfo), and the callback brings it back to this page.
 */
export function startWechatInAppLogin() {
  window.location.assign(oauthStartUrl("wechat", "login", currentPath(), "inapp"));
}

/**
 * Third-party binding for the logged-in user: `url` is start's address with the grant the owner's
 * proof earned (POST /api/oauth/{channel}/bind). Runs the popup, then `onDone` (the page
 * revalidates its data) with how it went.
 */
export function startOAuthBind(url: string, onDone: (result: PopupResult | null) => void) {
  if (!openOAuthPopup(url, onDone)) window.location.assign(url);
}
