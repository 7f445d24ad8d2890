/**
 * The small HTML pages of the OAuth flow: the callback's result (closes itself in a popup, else
 * goes back to the stored path) and the dev provider's consent page. Each carries its own strict
 * CSP with a nonce: these are the only scripts these answers run.
 */
import { escapeHtml } from "../../../shared/html.ts";
import { randomToken } from "../../lib/crypto.ts";

/** The message the callback page posts to its opener (app/components/oauth/popup.ts reads it). */
export const OAUTH_MESSAGE_TYPE = "nugget-oauth";

/** JSON safe inside a <script> element (no "</script>", no U+2028 surprises). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export interface HtmlPage {
  html: string;
  csp: string;
}

function page(title: string, body: string, script = ""): HtmlPage {
  const nonce = randomToken(16);
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">body{font:15px/1.6 system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#252933}
h1{font-size:20px;margin:0 0 12px}.badge{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:0 6px;font-size:12px;margin-left:6px;vertical-align:middle}
.card{background:#f7f8fa;border-radius:6px;padding:14px 16px;margin:12px 0}.lead{color:#515767}.error{color:#cf1322}.ok{color:#389e0d;font-weight:600}
label{display:block;margin:12px 0 4px;color:#515767}input{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #c2c8d1;border-radius:4px;font-size:15px}
button,.btn{display:block;box-sizing:border-box;width:100%;margin-top:12px;padding:11px;border:0;border-radius:6px;background:#1e80ff;color:#fff;font-size:16px;text-align:center;text-decoration:none;cursor:pointer}
button.secondary{background:#f2f3f5;color:#515767}button:focus-visible,.btn:focus-visible,input:focus-visible{outline:3px solid #91caff;outline-offset:1px}
a{color:#1e80ff}code{word-break:break-all}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ""}</body></html>`;
  return { html, csp };
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
  return page(title, body, script);
}

/** The dev provider's consent screen: stands in for GitHub's, Weibo's and WeChat's authorize pages. */
export function devConsentPage(opts: {
  channelTitle: string;
  action: string;
  redirectUri: string;
  state: string;
  defaultName: string;
}): HtmlPage {
  const { channelTitle, action, redirectUri, state, defaultName } = opts;
  const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const body = `<h1>${escapeHtml(channelTitle)} 授权<span class="badge">开发环境</span></h1>
<p class="lead">这是本地开发用的模拟授权页。确认后会像真实的${escapeHtml(channelTitle)}一样，带着授权码和原样的 state 跳回站点。</p>
<form method="post" action="${escapeHtml(action)}">${hidden}
<div class="card"><label for="dev-oauth-name">测试身份（同名即同一个${escapeHtml(channelTitle)}账号）</label>
<input id="dev-oauth-name" name="name" maxlength="32" value="${escapeHtml(defaultName)}" autocomplete="off"></div>
<button type="submit" name="decision" value="allow" id="dev-oauth-allow">以 ${escapeHtml(defaultName)} 身份授权</button>
<button type="submit" name="decision" value="deny" class="secondary">取消</button></form>`;
  // The button names the identity that will be used, as the provider's own page names the account.
  const script = `(function(){var i=document.getElementById("dev-oauth-name"),b=document.getElementById("dev-oauth-allow");
i.addEventListener("input",function(){b.textContent="以 "+(i.value.trim()||${scriptJson(defaultName)})+" 身份授权"})})();`;
  return page(`${channelTitle} 授权（开发环境）`, body, script);
}

export function devErrorPage(message: string): HtmlPage {
  return page(
    "授权出错（开发环境）",
    `<h1>授权出错<span class="badge">开发环境</span></h1><p class="error">${escapeHtml(message)}</p>`,
  );
}
