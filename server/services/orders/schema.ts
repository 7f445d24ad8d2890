import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";

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
