/**
 * Payment providers for booklet orders (spec §4 purchase flow: start buy, then check order status).
 *
 * The site never talks to WeChat Pay or Alipay outside this file. A provider (a "channel") does
 * three things: starts a payment for an order (answers where the buyer pays), verifies and reads a
 * payment notice (the provider's callback), and says how the callback must be answered. The
 * booklet service holds the rules (amount check, idempotency, counters); channels only speak the
 * wire formats.
 *
 * - `wechatPayNative`: WeChat Pay API v3 native order (a QR code the buyer scans). Requests are
 *   signed with the merchant's RSA key (WECHATPAY2-SHA256-RSA2048); callbacks are verified with
 *   WeChat Pay's platform public key and their resource decrypted with the APIv3 key (AES-256-GCM).
 * - `alipayWap`: Alipay alipay.trade.wap.pay (a signed gateway URL the buyer is sent to); notices
 *   are form posts verified with Alipay's public key (RSA2).
 * - `devPayments`: PAYMENT_PROVIDER=dev (the default outside production). The pay URL is a local
 *   模拟支付 page (/dev/pay/{orderId}); confirming it posts a notice signed with a dev secret to the
 *   same notify route a real callback uses, so buy → pay → notify → check runs end to end locally.
 *
 * Money is in integer cents (分) everywhere; Alipay's yuan strings are converted here.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSign,
  createVerify,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { AppError } from "./errors.ts";
import { formatYuan } from "../../shared/wallet-rules.ts";

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

export class PaymentNoticeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentNoticeError";
  }
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

/** Notices older or newer than this are refused (replays of a captured callback). */
export const NOTICE_MAX_SKEW_SECONDS = 300;

const header = (h: NotifyRequest["headers"], name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};

function checkSkew(timestamp: string, now: Date) {
  const ts = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - ts) > NOTICE_MAX_SKEW_SECONDS) {
    throw new PaymentNoticeError("notice timestamp out of range");
  }
}

/** PEM from an environment variable: literal "\n" escapes allowed (one-line .env files). */
export function pemFromEnv(value: string | undefined): string {
  return (value ?? "").replace(/\\n/g, "\n").trim();
}

/** "12.34" (yuan) → 1234 (cents), without floating point; null when malformed. */
export function yuanToCents(yuan: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

// ---------------------------------------------------------------- WeChat Pay API v3

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (goes into the Authorization header). */
  serialNo: string;
  /** Merchant API private key, PEM. */
  privateKey: string;
  /** APIv3 key: 32 characters, decrypts callback resources. */
  apiV3Key: string;
  /** WeChat Pay platform public key (or platform certificate's key), PEM: verifies callbacks. */
  platformPublicKey: string;
  notifyUrl: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

/** The string WeChat Pay v3 signs for a request: method, path+query, timestamp, nonce, body. */
export function wechatPayRequestMessage(
  method: string,
  urlPath: string,
  timestamp: number,
  nonce: string,
  body: string,
): string {
  return `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The Authorization header of a WeChat Pay v3 request, signed with the merchant key (RSA-SHA256). */
export function wechatPayAuthorization(
  opts: Pick<WechatPayOptions, "mchId" | "serialNo" | "privateKey">,
  method: string,
  urlPath: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = randomBytes(16).toString("hex"),
): string {
  const signature = createSign("RSA-SHA256")
    .update(wechatPayRequestMessage(method, urlPath, timestamp, nonce, body))
    .sign(opts.privateKey, "base64");
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${opts.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${opts.serialNo}"`
  );
}

/**
 * Verifies a WeChat Pay v3 callback (or response) signature: RSA-SHA256 over
 * "timestamp\nnonce\nbody\n" with the platform public key, from the Wechatpay-* headers.
 */
export function verifyWechatPaySignature(
  publicKey: string,
  parts: { timestamp: string; nonce: string; body: string; signature: string },
): boolean {
  try {
    return createVerify("RSA-SHA256")
      .update(`${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`)
      .verify(publicKey, parts.signature, "base64");
  } catch {
    return false;
  }
}

export interface WechatPayResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** Decrypts a callback resource: AEAD_AES_256_GCM, key = APIv3 key, the 16-byte tag at the end. */
export function decryptWechatPayResource(apiV3Key: string, resource: WechatPayResource): string {
  if (resource.algorithm !== "AEAD_AES_256_GCM") throw new PaymentNoticeError("unknown algorithm");
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length < 17) throw new PaymentNoticeError("ciphertext too short");
  try {
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), resource.nonce);
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new PaymentNoticeError("resource does not decrypt");
  }
}

/** The inverse of decryptWechatPayResource (what WeChat does); tests build callbacks with it. */
export function encryptWechatPayResource(
  apiV3Key: string,
  plaintext: string,
  nonce = randomBytes(6).toString("hex"),
  associatedData = "transaction",
): WechatPayResource {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), nonce);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: data.toString("base64"),
    nonce,
    associated_data: associatedData,
  };
}

/** WeChat's transaction object (decrypted resource, or the query answer). */
interface WechatTransaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  mchid?: string;
  appid?: string;
  amount?: { total?: number };
}

function wechatNotice(tx: WechatTransaction, opts: WechatPayOptions): PaymentNotice {
  if (tx.mchid !== opts.mchId || (tx.appid && tx.appid !== opts.appId)) {
    throw new PaymentNoticeError("notice for another merchant");
  }
  if (!tx.out_trade_no || !Number.isInteger(tx.amount?.total)) throw new PaymentNoticeError("incomplete");
  return {
    orderId: tx.out_trade_no,
    amount: tx.amount!.total!,
    tradeNo: tx.transaction_id ?? "",
    paid: tx.trade_state === "SUCCESS",
  };
}

/**
 * Production WeChat Pay: API v3 native order (POST /v3/pay/transactions/native answers a code_url
 * the page shows as a QR code). Set PAYMENT_PROVIDER=live and the WECHAT_PAY_* variables; the
 * callback URL is {PUBLIC_URL}/api/payments/notify/wxpay.
 */
export function wechatPayNative(opts: WechatPayOptions): PaymentChannel {
  const baseUrl = opts.baseUrl ?? "https://api.mch.weixin.qq.com";
  const doFetch = opts.fetchImpl ?? fetch;

  async function send(method: "GET" | "POST", urlPath: string, payload?: unknown) {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const res = await doFetch(baseUrl + urlPath, {
      method,
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        authorization: wechatPayAuthorization(opts, method, urlPath, body),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    // Answers are signed like callbacks; an unsigned or forged answer is not trusted.
    const ok = verifyWechatPaySignature(opts.platformPublicKey, {
      timestamp: res.headers.get("wechatpay-timestamp") ?? "",
      nonce: res.headers.get("wechatpay-nonce") ?? "",
      body: text,
      signature: res.headers.get("wechatpay-signature") ?? "",
    });
    return { status: res.status, ok, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  return {
    name: "wechat",
    async start(req) {
      const r = await send("POST", "/v3/pay/transactions/native", {
        appid: opts.appId,
        mchid: opts.mchId,
        description: req.description.slice(0, 127),
        out_trade_no: req.orderId,
        // RFC 3339 with an offset, as the API asks.
        time_expire: req.expiresAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
        notify_url: opts.notifyUrl,
        amount: { total: req.amount, currency: "CNY" },
      });
      if (r.status !== 200 || !r.ok || typeof r.json.code_url !== "string") {
        throw new AppError(502, "微信支付下单失败，请稍后再试");
      }
      return { channel: "wechat", payUrl: r.json.code_url, qr: true };
    },
    parseNotify(req, now = new Date()) {
      const timestamp = header(req.headers, "wechatpay-timestamp");
      checkSkew(timestamp, now);
      const genuine = verifyWechatPaySignature(opts.platformPublicKey, {
        timestamp,
        nonce: header(req.headers, "wechatpay-nonce"),
        body: req.rawBody,
        signature: header(req.headers, "wechatpay-signature"),
      });
      if (!genuine) throw new PaymentNoticeError("bad signature");
      let event: { event_type?: string; resource?: WechatPayResource };
      try {
        event = JSON.parse(req.rawBody);
      } catch {
        throw new PaymentNoticeError("body is not JSON");
      }
      if (!event.resource) throw new PaymentNoticeError("no resource");
      const tx = JSON.parse(decryptWechatPayResource(opts.apiV3Key, event.resource)) as WechatTransaction;
      return wechatNotice(tx, opts);
    },
    ack(accepted, message = "失败") {
      // Success: 200 with no body; failure: 4xx/5xx with {code: FAIL}, and WeChat retries later.
      return accepted
        ? { status: 200, contentType: "application/json", body: "" }
        : { status: 400, contentType: "application/json", body: JSON.stringify({ code: "FAIL", message }) };
    },
    async query(orderId) {
      const r = await send(
        "GET",
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(opts.mchId)}`,
      );
      if (r.status !== 200 || !r.ok) return null;
      return wechatNotice(r.json as WechatTransaction, opts);
    },
  };
}

// ---------------------------------------------------------------- Alipay (RSA2)

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

// ---------------------------------------------------------------- Development provider

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

// ---------------------------------------------------------------- Choosing

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
