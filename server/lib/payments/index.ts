/**
 * Payment providers for booklet orders (spec §4 purchase flow: start buy, then check order status).
 *
 * The site never talks to WeChat Pay or Alipay outside this folder. A provider (a "channel") does
 * three things: starts a payment for an order (answers where the buyer pays), verifies and reads a
 * payment notice (the provider's callback), and says how the callback must be answered. The
 * booklet service holds the rules (amount check, idempotency, counters); channels only speak the
 * wire formats.
 *
 * - `wechatPayNative` (wechat-pay.ts): WeChat Pay API v3 native order (a QR code the buyer scans).
 *   Requests are signed with the merchant's RSA key (WECHATPAY2-SHA256-RSA2048); callbacks are
 *   verified with WeChat Pay's platform public key and their resource decrypted with the APIv3 key
 *   (AES-256-GCM).
 * - `alipayWap` (alipay.ts): Alipay alipay.trade.wap.pay (a signed gateway URL the buyer is sent
 *   to); notices are form posts verified with Alipay's public key (RSA2).
 * - `devPayments` (dev.ts): PAYMENT_PROVIDER=dev (the default outside production). The pay URL is a
 *   local 模拟支付 page (/dev/pay/{orderId}); confirming it posts a notice signed with a dev secret
 *   to the same notify route a real callback uses, so buy → pay → notify → check runs end to end
 *   locally.
 *
 * Money is in integer cents (分) everywhere; Alipay's yuan strings are converted in alipay.ts.
 * What the signatures and notices share (the refusal, the replay window, PEM keys) is signing.ts.
 */
import { alipayWap, type AlipayOptions } from "./alipay.ts";
import { devPayments, type DevPayments } from "./dev.ts";
import { wechatPayNative, type WechatPayOptions } from "./wechat-pay.ts";

// What the rest of the site takes from here besides the interface below.
export { DEV_SIGNATURE_HEADER, DEV_TIMESTAMP_HEADER } from "./dev.ts";
export { PaymentNoticeError, pemFromEnv } from "./signing.ts";

export type PayType = "wxpay" | "alipay";
export type ChannelName = "dev" | "wechat" | "alipay";

export interface PaymentRequest {
  orderId: string;
  /** Cents. */
  amount: number;
  /** What the buyer sees on the provider's page (the booklet title). */
  description: string;
  payType: PayType;
  /** Pending orders expire then; providers close their side at the same time. */
  expiresAt: Date;
  /** The site page the buyer returns to after paying (Alipay's return_url), e.g. /book/{id}. */
  returnPath: string;
}

export interface PaymentStart {
  channel: ChannelName;
  /** Where the buyer pays: a page to open (Alipay, dev) or the content of the QR code (WeChat). */
  payUrl: string;
  /** True when payUrl is meant to be shown as a QR code rather than opened. */
  qr: boolean;
}

/** A verified payment notice. */
export interface PaymentNotice {
  orderId: string;
  /** Cents the provider says were paid. */
  amount: number;
  /** The provider's transaction id. */
  tradeNo: string;
  /** Only a successful payment moves an order; other notices are acknowledged and ignored. */
  paid: boolean;
}

/** A callback as it arrived: headers and the body bytes unparsed (signatures cover the raw text). */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** How a provider wants its callback answered. */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentChannel {
  readonly name: ChannelName;
  start(req: PaymentRequest): Promise<PaymentStart>;
  /** Verifies the notice's signature and reads it; throws PaymentNoticeError when it is not genuine. */
  parseNotify(req: NotifyRequest, now?: Date): PaymentNotice;
  ack(accepted: boolean, message?: string): NotifyAck;
  /** Asks the provider about an order (check's fallback when a callback got lost); null if unknown. */
  query?(orderId: string): Promise<PaymentNotice | null>;
}

/** The channels the site has, by pay type, as PAYMENT_PROVIDER and the keys configured them. */
export interface Payments {
  mode: "dev" | "live";
  /** The channel that takes this pay type, or null when it is not configured. */
  channelFor(payType: PayType): PaymentChannel | null;
  /** The channel behind a notify route (/api/payments/notify/{name}). */
  byName(name: string): PaymentChannel | null;
  /** Dev mode only: signs a notice exactly as the 模拟支付 page does. */
  dev?: DevPayments;
}

export interface PaymentConfig {
  provider: "dev" | "live";
  devSecret: string;
  wechat: Omit<WechatPayOptions, "notifyUrl" | "fetchImpl" | "baseUrl"> | null;
  alipay: Omit<AlipayOptions, "notifyUrl" | "returnUrl"> | null;
}

/** The notify route of a channel: what the real provider is told to call. */
export const notifyPath = (channel: ChannelName) =>
  `/api/payments/notify/${channel === "wechat" ? "wxpay" : channel}`;

export function createPayments(config: PaymentConfig, publicUrl: string): Payments {
  if (config.provider === "dev") {
    const dev = devPayments(config.devSecret);
    return {
      mode: "dev",
      // The dev cashier stands in for both, so either pay type can be tried locally.
      channelFor: () => dev.channel,
      byName: (name) => (name === "dev" ? dev.channel : null),
      dev,
    };
  }
  const wechat = config.wechat
    ? wechatPayNative({ ...config.wechat, notifyUrl: publicUrl + notifyPath("wechat") })
    : null;
  const alipay = config.alipay
    ? alipayWap({
        ...config.alipay,
        notifyUrl: publicUrl + notifyPath("alipay"),
        returnUrl: (returnPath) => publicUrl + returnPath,
      })
    : null;
  return {
    mode: "live",
    channelFor: (payType) => (payType === "wxpay" ? wechat : alipay),
    byName: (name) => (name === "wxpay" ? wechat : name === "alipay" ? alipay : null),
  };
}
