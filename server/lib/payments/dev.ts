/** The development provider: a local 模拟支付 page and HMAC-signed notices (PAYMENT_PROVIDER=dev). */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentChannel } from "./index.ts";
import { checkSkew, header, PaymentNoticeError } from "./signing.ts";

export const DEV_SIGNATURE_HEADER = "x-dev-pay-signature";
export const DEV_TIMESTAMP_HEADER = "x-dev-pay-timestamp";

/** The dev notice body: WeChat's transaction shape, unencrypted. */
export interface DevNoticeBody {
  out_trade_no: string;
  transaction_id: string;
  trade_state: "SUCCESS" | "CLOSED";
  amount: { total: number };
}

export interface DevPayments {
  channel: PaymentChannel;
  /** The signed callback the 模拟支付 page posts (headers and raw body). */
  signNotice(body: DevNoticeBody, now?: Date): { headers: Record<string, string>; rawBody: string };
}

const devMac = (secret: string, timestamp: string, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}\n${body}\n`).digest("base64");

/**
 * Development provider: behaves like the real ones — a pay URL per order, an asynchronous signed
 * notice, timestamps checked, forged or altered notices refused — with a local page standing in for
 * the provider's cashier. Signed with HMAC-SHA256 (PAYMENT_DEV_SECRET, random per process if unset).
 */
export function devPayments(secret: string): DevPayments {
  const channel: PaymentChannel = {
    name: "dev",
    async start(req) {
      // Same origin (relative), so the page works whatever host the site is reached by.
      return { channel: "dev", payUrl: `/dev/pay/${req.orderId}`, qr: false };
    },
    parseNotify(req, now = new Date()) {
      const timestamp = header(req.headers, DEV_TIMESTAMP_HEADER);
      checkSkew(timestamp, now);
      const expected = Buffer.from(devMac(secret, timestamp, req.rawBody));
      const given = Buffer.from(header(req.headers, DEV_SIGNATURE_HEADER));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentNoticeError("bad signature");
      }
      let body: DevNoticeBody;
      try {
        body = JSON.parse(req.rawBody);
      } catch {
        throw new PaymentNoticeError("body is not JSON");
      }
      if (!body.out_trade_no || !Number.isInteger(body.amount?.total))
        throw new PaymentNoticeError("incomplete");
      return {
        orderId: body.out_trade_no,
        amount: body.amount.total,
        tradeNo: body.transaction_id ?? "",
        paid: body.trade_state === "SUCCESS",
      };
    },
    ack(accepted, message = "失败") {
      return accepted
        ? { status: 200, contentType: "application/json", body: "" }
        : { status: 400, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message }) };
    },
  };
  return {
    channel,
    signNotice(body, now = new Date()) {
      const rawBody = JSON.stringify(body);
      const timestamp = String(Math.floor(now.getTime() / 1000));
      return {
        rawBody,
        headers: {
          "content-type": "application/json",
          [DEV_TIMESTAMP_HEADER]: timestamp,
          [DEV_SIGNATURE_HEADER]: devMac(secret, timestamp, rawBody),
        },
      };
    },
  };
}
