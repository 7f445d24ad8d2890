/** WeChat Pay API v3 (native order): request signing, callback verification and decryption. */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto";
import { AppError } from "../errors.ts";
import type { PaymentChannel, PaymentNotice } from "./index.ts";
import { checkSkew, header, PaymentNoticeError } from "./signing.ts";

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
