import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../../shared/html.ts";
import { HEX_ID } from "../../shared/ids.ts";
import { formatYuan } from "../../shared/wallet-rules.ts";
import { DEV_BADGE, htmlPage, sendHtmlPage } from "../lib/html-page.ts";
import type { OrderService } from "../services/orders/orders.ts";

const PAY_CSS = `dl{display:grid;grid-template-columns:5em 1fr;gap:6px 12px;background:#f7f8fa;border-radius:6px;padding:14px 16px}
dt{color:#8a919f}dd{margin:0}.amount{font-size:22px;font-weight:600;color:#f5222d}button{margin-top:16px}`;

function payPage(title: string, body: string) {
  return htmlPage({ title, body: `<h1>${escapeHtml(title)}${DEV_BADGE}</h1>${body}`, css: PAY_CSS });
}

const missing = () => payPage("订单不存在", "<p>订单不存在。</p>");

/**
 * /dev/pay/{orderId}: the dev provider's cashier, standing in for WeChat's QR page and Alipay's
 * mobile cashier (server/lib/payments/). Only with the dev payment provider.
 */
export function devPayRoutes(app: FastifyInstance, orders: Pick<OrderService, "devOrder" | "devNotice">) {
  app.get("/dev/pay/:orderId", { schema: { hide: true } }, async (req, reply) => {
    const { orderId } = req.params as { orderId: string };
    if (!HEX_ID.test(orderId)) return sendHtmlPage(reply, 404, missing());
    const { order, title } = await orders.devOrder(orderId).catch(() => ({ order: null, title: "" }));
    if (!order) return sendHtmlPage(reply, 404, missing());
    const done = req.query && (req.query as { done?: string }).done === "1";
    const body =
      order.status === "pending"
        ? `<p class="lead">开发环境的模拟收银台：确认后，站点会收到与真实支付回调相同格式、带签名的支付通知。</p>
<dl><dt>商品</dt><dd>${escapeHtml(title)}</dd><dt>订单号</dt><dd><code>${order.orderId}</code></dd>
<dt>支付方式</dt><dd>${order.payType === "alipay" ? "支付宝" : "微信支付"}（模拟）</dd><dt>金额</dt><dd class="amount">¥${formatYuan(order.amount)}</dd></dl>
<form method="post" action="/dev/pay/${order.orderId}/confirm"><button type="submit">确认支付 ¥${formatYuan(order.amount)}</button></form>`
        : order.status === "paid"
          ? `<p class="ok" role="status">${done ? "支付成功！" : "该订单已支付。"}回到小册页面即可阅读全部章节。</p>
<p><a href="/book/${order.bookletId}">返回《${escapeHtml(title)}》</a></p>`
          : `<p>该订单已关闭，请回到小册页面重新购买。</p><p><a href="/book/${order.bookletId}">返回小册</a></p>`;
    return sendHtmlPage(reply, 200, payPage("模拟支付", body));
  });

  app.post("/dev/pay/:orderId/confirm", { schema: { hide: true } }, async (req, reply) => {
    const { orderId } = req.params as { orderId: string };
    if (!HEX_ID.test(orderId)) return reply.status(404).send("not found");
    const { order } = await orders.devOrder(orderId);
    if (order.status === "pending") {
      // Through the real callback route, exactly as a provider would call it.
      const notice = orders.devNotice(order);
      await app.inject({
        method: "POST",
        url: "/api/payments/notify/dev",
        headers: notice.headers,
        payload: notice.rawBody,
      });
    }
    return reply.redirect(`/dev/pay/${orderId}?done=1`, 303);
  });
}
