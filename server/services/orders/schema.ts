import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { Nullable, Timestamp } from "../../lib/response.ts";

/** The author's share of a sale (the rest is the platform's); income bills are price × share, rounded. */
export const AUTHOR_SHARE = 0.7;
/** A pending order can be paid for this long; a buy after that makes a new one. */
export const ORDER_TTL_MS = 30 * 60 * 1000;

export const OrderIdQuery = Type.Object({ orderId: hexId("订单 id") });

export const BuyBody = Type.Object({
  bookletId: hexId("小册 id"),
  type: Type.Optional(
    Type.Union([Type.Literal("wxpay"), Type.Literal("alipay")], {
      default: "wxpay",
      description: "支付方式：wxpay（微信扫码）或 alipay（支付宝手机网站）",
    }),
  ),
});

export const AlipayBuyBody = Type.Object({ bookletId: hexId("小册 id") });

export const NotifyParams = Type.Object({
  channel: Type.Union([Type.Literal("wxpay"), Type.Literal("alipay"), Type.Literal("dev")]),
});

/** An order as order/buy and order/check answer it (present.ts presentOrder). */
export const Order = Type.Object({
  orderId: Type.String(),
  bookletId: Type.String(),
  amount: Type.Number({ description: "金额，分" }),
  status: Type.Union([Type.Literal("pending"), Type.Literal("paid"), Type.Literal("closed")]),
  paid: Type.Boolean(),
  payType: Type.String(),
  provider: Type.String({ description: "dev、wechat、alipay 或 free" }),
  payUrl: Type.String({ description: "仅待支付时给出，否则为空" }),
  qr: Type.Boolean({ description: "payUrl 是二维码内容（微信 code_url）" }),
  createdAt: Timestamp,
  paidAt: Nullable(Timestamp),
  expiresAt: Nullable(Timestamp),
});

/**
 * A payment callback's answer is the channel's own acknowledgement, not the envelope: documented
 * as it is, never serialized (the handler sends the text itself, with the status the channel wants).
 */
export const NotifyAnswers = {
  200: {
    description: "已受理：微信与 dev 为空体；支付宝为纯文本 success（拒绝时也是 200，正文为 fail）。",
    content: { "text/plain": { schema: Type.String({ description: "支付宝：success 或 fail" }) } },
  },
  default: {
    description:
      "微信与 dev 拒绝（验签失败、金额不符、订单不存在；未启用的渠道 404）：4xx 与 {code: FAIL, message}，渠道稍后重试。",
    content: {
      "application/json": {
        schema: Type.Object({ code: Type.Literal("FAIL"), message: Type.Optional(Type.String()) }),
      },
    },
  },
};
