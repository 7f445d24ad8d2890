/**
 * The callback's result page of the OAuth flow: closes itself in a popup, else goes back to the
 * stored path. Built on the one page shell (server/lib/html-page.ts), with its own strict CSP.
 * The dev provider's consent page is server/dev/oauth.ts.
 */
import type { FastifyReply } from "fastify";
import { escapeHtml } from "../../../shared/html.ts";
import { htmlPage, scriptJson, sendHtmlPage, type HtmlPage } from "../../lib/html-page.ts";

/** The message the callback page posts to its opener (app/components/oauth/popup.ts reads it). */
export const OAUTH_MESSAGE_TYPE = "nugget-oauth";

/**
 * Every response of the popup's trip, redirects included (browsers apply COOP to each hop), is
 * unsafe-none: one same-origin(-allow-popups) hop between the provider's pages and ours would sever
 * the popup from its opener, which could then neither hear from it nor see it close (ADR 010).
 */
export const POPUP_COOP = "unsafe-none";

/** Answers a page of the popup's trip: never stored, and still the popup of its opener. */
export function sendPopupPage(reply: FastifyReply, status: number, page: HtmlPage) {
  reply.header("Cache-Control", "no-store").header("Cross-Origin-Opener-Policy", POPUP_COOP);
  return sendHtmlPage(reply, status, page);
}

/**
 * The callback's answer. In a popup (window.opener): tells the opener how it went and closes, so
 * the opener reloads (spec §4). Otherwise (popup blocked → full-page flow): success goes straight
 * back to `redirect`; a failure stays to show why, with a link back.
 */
export function resultPage(opts: {
  status: "ok" | "cancelled" | "error";
  title: string;
  message: string;
  redirect: string;
}): HtmlPage {
  const { status, title, message, redirect } = opts;
  const ok = status !== "error";
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="${ok ? "ok" : "error"}" role="${ok ? "status" : "alert"}">${escapeHtml(message)}</p>
<p><a class="btn" id="oauth-continue" href="${escapeHtml(redirect)}">${ok ? "继续" : "返回"}</a></p>`;
  const script = `(function(){var r=${scriptJson({ type: OAUTH_MESSAGE_TYPE, status, message })},to=${scriptJson(redirect)};
var o=null;try{o=window.opener&&!window.opener.closed&&window.opener.location.origin===location.origin?window.opener:null}catch(e){o=null}
if(o){try{o.postMessage(r,location.origin)}catch(e){}window.close();return}
if(r.status!=="error")location.replace(to)})();`;
  return htmlPage({ title, body, script });
}
