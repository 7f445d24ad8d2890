/** Alipay (alipay.trade.wap.pay, RSA2): the signed gateway URL and form-post notices. */
import { createSign, createVerify } from "node:crypto";
import { formatYuan } from "../../../shared/wallet-rules.ts";
import type { PaymentChannel } from "./index.ts";
import { PaymentNoticeError } from "./signing.ts";

/** "12.34" (yuan) → 1234 (cents), without floating point; null when malformed. */
export function yuanToCents(yuan: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export interface AlipayOptions {
  appId: string;
  /** The app's private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key, PEM: verifies notices. */
  alipayPublicKey: string;
  notifyUrl: string;
  /** Where Alipay sends the buyer back after paying (the booklet page). */
  returnUrl: (returnPath: string) => string;
  gateway?: string;
}

/** Alipay's string to sign: non-empty params except sign (and sign_type when verifying), sorted, k=v&…. */
export function alipaySignContent(params: Record<string, string>, omitSignType = false): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && !(omitSignType && k === "sign_type") && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/** RSA2 (SHA256withRSA) signature of the params, base64. */
export function alipaySign(params: Record<string, string>, privateKey: string): string {
  return createSign("RSA-SHA256").update(alipaySignContent(params), "utf8").sign(privateKey, "base64");
}

/** Verifies an Alipay notice's params (sign and sign_type excluded from the signed content). */
export function alipayVerify(params: Record<string, string>, alipayPublicKey: string): boolean {
  if (!params.sign || (params.sign_type && params.sign_type !== "RSA2")) return false;
  try {
    return createVerify("RSA-SHA256")
      .update(alipaySignContent(params, true), "utf8")
      .verify(alipayPublicKey, params.sign, "base64");
  } catch {
    return false;
  }
}

/** Alipay wants Beijing time as "yyyy-MM-dd HH:mm:ss". */
function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Production Alipay: alipay.trade.wap.pay. start answers the signed gateway URL the buyer opens
 * (AlipayWapToBuy); the notice arrives as a form post at {PUBLIC_URL}/api/payments/notify/alipay and
 * is answered with the plain text "success".
 */
export function alipayWap(opts: AlipayOptions): PaymentChannel {
  const gateway = opts.gateway ?? "https://openapi.alipay.com/gateway.do";
  return {
    name: "alipay",
    async start(req) {
      const params: Record<string, string> = {
        app_id: opts.appId,
        method: "alipay.trade.wap.pay",
        format: "JSON",
        charset: "utf-8",
        sign_type: "RSA2",
        timestamp: beijingTime(new Date()),
        version: "1.0",
        notify_url: opts.notifyUrl,
        return_url: opts.returnUrl(req.returnPath),
        biz_content: JSON.stringify({
          out_trade_no: req.orderId,
          total_amount: formatYuan(req.amount),
          subject: req.description.slice(0, 256),
          product_code: "QUICK_WAP_WAY",
          time_expire: beijingTime(req.expiresAt),
        }),
      };
      params.sign = alipaySign(params, opts.privateKey);
      return { channel: "alipay", payUrl: `${gateway}?${new URLSearchParams(params).toString()}`, qr: false };
    },
    parseNotify(req) {
      const params = Object.fromEntries(new URLSearchParams(req.rawBody));
      if (!alipayVerify(params, opts.alipayPublicKey)) throw new PaymentNoticeError("bad signature");
      if (params.app_id !== opts.appId) throw new PaymentNoticeError("notice for another app");
      const amount = yuanToCents(params.total_amount ?? "");
      if (!params.out_trade_no || amount === null) throw new PaymentNoticeError("incomplete");
      return {
        orderId: params.out_trade_no,
        amount,
        tradeNo: params.trade_no ?? "",
        paid: params.trade_status === "TRADE_SUCCESS" || params.trade_status === "TRADE_FINISHED",
      };
    },
    ack(accepted) {
      // Anything but "success" makes Alipay retry.
      return { status: 200, contentType: "text/plain; charset=utf-8", body: accepted ? "success" : "fail" };
    },
  };
}
