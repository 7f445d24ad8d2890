/**
 * The one shell of the server's hand-built HTML pages (the OAuth callback's result, the dev pages of
 * server/dev/): not React pages, so server/ssr.ts and its CSP never see them. Each page carries its
 * own strict CSP with a fresh nonce: the only styles and scripts it runs are its own.
 */
import type { FastifyReply } from "fastify";
import { escapeHtml } from "../../shared/html.ts";
import { randomToken } from "./crypto.ts";

export interface HtmlPage {
  html: string;
  /** The Content-Security-Policy header the page needs (sendHtmlPage sets it). */
  csp: string;
}

/** JSON safe inside a <script> element (no "</script>", no U+2028 surprises). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The mark on a dev page's heading: the page exists only in development (server/dev/). */
export const DEV_BADGE = `<span class="badge">开发环境</span>`;

/** What every page looks like: a narrow column, the site's blue, the 开发环境 badge of dev pages. */
const BASE_CSS = `body{font:15px/1.6 system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#252933}
h1{font-size:20px;margin:0 0 12px}.badge{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:0 6px;font-size:12px;margin-left:6px;vertical-align:middle}
.lead{color:#515767}.error{color:#cf1322}.ok{color:#389e0d;font-weight:600}a{color:#1e80ff}code{word-break:break-all}
button,.btn{display:block;box-sizing:border-box;width:100%;margin-top:12px;padding:11px;border:0;border-radius:6px;background:#1e80ff;color:#fff;font-size:16px;text-align:center;text-decoration:none;cursor:pointer}
button:focus-visible,.btn:focus-visible,input:focus-visible{outline:3px solid #91caff;outline-offset:1px}`;

/**
 * A whole page: `title` is text (escaped here), `body` is HTML the caller built with escapeHtml,
 * `css` is added after the shared styles, `script` runs under the page's nonce.
 */
export function htmlPage(opts: { title: string; body: string; css?: string; script?: string }): HtmlPage {
  const { title, body, css = "", script = "" } = opts;
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
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${BASE_CSS}
${css}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ""}</body></html>`;
  return { html, csp };
}

/** Answers the page with its status, type and CSP; callers add any other header first. */
export function sendHtmlPage(reply: FastifyReply, status: number, page: HtmlPage) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Content-Security-Policy", page.csp)
    .send(page.html);
}
