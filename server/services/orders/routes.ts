import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { ORDERS } from "../../lib/rate-limits.ts";
import type { Services } from "../index.ts";
import { AlipayBuyBody, BuyBody, NotifyAnswers, NotifyParams, Order, OrderIdQuery } from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

// Orders are booklets' calls in spec §7 (/api/booklets/order/…): the same tag in the API docs.
const tags = ["booklets"];
const ORDER_SHAPE =
  "订单：{orderId, bookletId, amount（分）, status（pending/paid/closed）, paid, payType, provider（dev/wechat/alipay/free）, payUrl, qr, createdAt, paidAt, expiresAt}。" +
  "payUrl 仅待支付时给出：qr 为 true 时是二维码内容（微信 code_url），否则是要打开的支付页面。";

/**
 * Orders of spec §7 (order buy, check, AlipayWapToBuy) and the providers' payment callbacks.
 * Registered under /api. The dev provider's cashier page is server/dev/pay.ts.
 */
export function orderRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const orders = services.orders;

    app.post(
      "/booklets/order/buy",
      route({
        tags,
        summary: "购买小册（order buy）",
        description:
          "需要登录。type wxpay（默认，微信扫码）或 alipay。免费小册立即购买成功（status paid）。" +
          "付费小册创建待支付订单：同一用户同一小册只有一个有效的待支付订单，重复购买返回同一订单；" +
          "订单 30 分钟后过期。已购买或自己的小册 409。之后轮询 order/check。" +
          ORDER_SHAPE,
        body: BuyBody,
        limit: ORDERS,
        response: okResponse(Order),
      }),
      async (req) => ok(await orders.buy(req.body, req.caller)),
    );

    app.post(
      "/booklets/order/AlipayWapToBuy",
      route({
        tags,
        summary: "支付宝手机网站支付（AlipayWapToBuy）",
        description: "同 order/buy，type 固定为 alipay；payUrl 是要跳转的支付宝收银台地址。" + ORDER_SHAPE,
        body: AlipayBuyBody,
        limit: ORDERS,
        response: okResponse(Order),
      }),
      async (req) => ok(await orders.alipayWapToBuy(req.body, req.caller)),
    );

    app.get(
      "/booklets/order/check",
      route({
        cache: false,
        tags,
        summary: "查询订单状态（order check）",
        description:
          "需要登录，只能查自己的订单（否则 404）。待支付订单会向支付渠道补查一次（回调丢失时），过期则关闭。" +
          ORDER_SHAPE,
        querystring: OrderIdQuery,
        response: okResponse(Order),
      }),
      async (req) => ok(await orders.check(req.query.orderId, req.caller)),
    );

    // Provider callbacks: signatures cover the exact bytes, so the body stays a raw string here.
    const callbacks: FastifyPluginAsyncTypebox = async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
      raw.post(
        "/payments/notify/:channel",
        route({
          tags,
          summary: "支付结果回调",
          description:
            "由支付渠道调用：wxpay（微信支付 API v3，验签并解密 resource）、alipay（RSA2 验签的表单）、" +
            "dev（开发用模拟支付，HMAC 签名）。验签失败、金额不符一律拒绝且不改动订单；重复回调只记一次。" +
            "应答按渠道格式（微信 200 空体或 {code: FAIL}；支付宝纯文本 success）。",
          params: NotifyParams,
          response: NotifyAnswers,
        }),
        async (req, reply) => {
          const ack = await orders.notify(
            req.params.channel,
            {
              headers: req.headers as Record<string, string | string[] | undefined>,
              rawBody: typeof req.body === "string" ? req.body : "",
            },
            (m) => req.log.warn(m),
          );
          reply.status(ack.status).type(ack.contentType);
          return ack.body;
        },
      );
    };
    await app.register(callbacks);
  };
}
