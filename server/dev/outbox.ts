import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../../shared/html.ts";
import { htmlPage, sendHtmlPage } from "../lib/html-page.ts";
import type { Outbox } from "../lib/outbox.ts";
import { ok } from "../plugins/envelope.ts";

const OUTBOX_CSS = `body{font-size:14px;max-width:760px;margin:24px auto}h1{margin:0.67em 0}
article{border:1px solid #e4e6eb;border-radius:4px;padding:12px 16px;margin:12px 0}header{color:#8a919f}time{float:right}h2{font-size:16px;margin:8px 0}pre{white-space:pre-wrap;margin:0}`;

/** /dev/outbox (page) and /api/dev/outbox (JSON, ?to=): only registered when DEV_OUTBOX is on. */
export function devOutboxRoutes(app: FastifyInstance, outbox: Outbox, siteName: string) {
  app.get("/api/dev/outbox", { schema: { hide: true }, config: { pageCache: false } }, async (req) => {
    const to = (req.query as { to?: string }).to;
    return ok(outbox.list(to));
  });
  app.get("/dev/outbox", async (_req, reply) => {
    const rows = outbox
      .list()
      .map(
        (m) => `<article><header><b>${m.channel === "sms" ? "短信" : "邮件"}</b> → ${escapeHtml(m.to)}
        <time>${escapeHtml(m.sentAt)}</time></header><h2>${escapeHtml(m.subject)}</h2><pre>${escapeHtml(
          m.text,
        ).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join("");
    const body = `<h1>开发发件箱</h1><p>本地开发时，站点发送的短信和邮件都会出现在这里（生产环境不存在此页面）。<a href="/">返回首页</a></p>
${rows || "<p>还没有消息。</p>"}`;
    return sendHtmlPage(reply, 200, htmlPage({ title: `开发发件箱 - ${siteName}`, body, css: OUTBOX_CSS }));
  });
}
