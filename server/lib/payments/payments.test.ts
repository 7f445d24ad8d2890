import { createSign, createVerify, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatYuan } from "../../../shared/wallet-rules.ts";
import { alipaySign, alipaySignContent, alipayVerify, alipayWap, yuanToCents } from "./alipay.ts";
import { devPayments } from "./dev.ts";
import { PaymentNoticeError } from "./signing.ts";
import {
  decryptWechatPayResource,
  encryptWechatPayResource,
  verifyWechatPaySignature,
  wechatPayAuthorization,
  wechatPayNative,
  wechatPayRequestMessage,
} from "./wechat-pay.ts";

// Self-generated keys stand in for the merchant's and the provider's (the real ones never reach a test).
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};
const merchant = pair();
const platform = pair();
const stranger = pair();
const API_V3_KEY = "0123456789abcdef0123456789abcdef";

const sign = (privateKey: string, message: string) =>
  createSign("RSA-SHA256").update(message).sign(privateKey, "base64");

describe("WeChat Pay v3 request signing", () => {
  it("signs method, path, timestamp, nonce and body with the merchant key, verifiable by its public key", () => {
    const body = JSON.stringify({ out_trade_no: "abc", amount: { total: 1 } });
    const header = wechatPayAuthorization(
      { mchId: "1900000001", serialNo: "SERIAL1", privateKey: merchant.privateKey },
      "POST",
      "/v3/pay/transactions/native",
      body,
      1_700_000_000,
      "nonce123",
    );
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="nonce123",signature="[^"]+",timestamp="1700000000",serial_no="SERIAL1"$/,
    );
    const signature = /signature="([^"]+)"/.exec(header)![1];
    const message = wechatPayRequestMessage(
      "POST",
      "/v3/pay/transactions/native",
      1_700_000_000,
      "nonce123",
      body,
    );
    expect(message).toBe(`POST\n/v3/pay/transactions/native\n1700000000\nnonce123\n${body}\n`);
    // The same check WeChat runs on its side, with the merchant's public key.
    const verify = verifyWechatPaySignature(merchant.publicKey, {
      timestamp: "x",
      nonce: "y",
      body: "z",
      signature,
    });
    expect(verify).toBe(false);
    expect(createVerify("RSA-SHA256").update(message).verify(merchant.publicKey, signature, "base64")).toBe(
      true,
    );
  });
});

describe("WeChat Pay v3 callbacks", () => {
  const channel = wechatPayNative({
    mchId: "1900000001",
    appId: "wx123",
    serialNo: "SERIAL1",
    privateKey: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    platformPublicKey: platform.publicKey,
    notifyUrl: "https://nugget.test/api/payments/notify/wxpay",
  });
  const now = new Date(1_700_000_000_000);
  function callback(tx: Record<string, unknown>, signer = platform.privateKey, timestamp = "1700000000") {
    const resource = encryptWechatPayResource(API_V3_KEY, JSON.stringify(tx));
    const rawBody = JSON.stringify({
      id: "EV-1",
      event_type: "TRANSACTION.SUCCESS",
      resource_type: "encrypt-resource",
      resource,
    });
    const nonce = "n0nce";
    return {
      rawBody,
      headers: {
        "wechatpay-timestamp": timestamp,
        "wechatpay-nonce": nonce,
        "wechatpay-signature": sign(signer, `${timestamp}\n${nonce}\n${rawBody}\n`),
        "wechatpay-serial": "PLATFORM1",
      },
    };
  }
  const paid = {
    mchid: "1900000001",
    appid: "wx123",
    out_trade_no: "65f000000000000000000001",
    transaction_id: "4200000001",
    trade_state: "SUCCESS",
    amount: { total: 1990, payer_total: 1990, currency: "CNY" },
  };

  it("verifies the platform signature, decrypts the resource and reads the payment", () => {
    expect(channel.parseNotify(callback(paid), now)).toEqual({
      orderId: "65f000000000000000000001",
      amount: 1990,
      tradeNo: "4200000001",
      paid: true,
    });
    expect(channel.parseNotify(callback({ ...paid, trade_state: "CLOSED" }), now).paid).toBe(false);
  });

  it("refuses a callback signed by anyone else, altered, stale, or for another merchant", () => {
    expect(() => channel.parseNotify(callback(paid, stranger.privateKey), now)).toThrow(PaymentNoticeError);
    const altered = callback(paid);
    altered.rawBody = altered.rawBody.replace("EV-1", "EV-2");
    expect(() => channel.parseNotify(altered, now)).toThrow(/signature/);
    expect(() => channel.parseNotify(callback(paid, platform.privateKey, "1699990000"), now)).toThrow(
      /timestamp/,
    );
    expect(() => channel.parseNotify(callback({ ...paid, mchid: "1900000002" }), now)).toThrow(/merchant/);
  });

  it("decrypts AEAD_AES_256_GCM resources and refuses tampered ciphertext or the wrong key", () => {
    const r = encryptWechatPayResource(API_V3_KEY, '{"a":1}', "abcdefabcdef", "transaction");
    expect(decryptWechatPayResource(API_V3_KEY, r)).toBe('{"a":1}');
    const bytes = Buffer.from(r.ciphertext, "base64");
    bytes[0] ^= 1;
    expect(() =>
      decryptWechatPayResource(API_V3_KEY, { ...r, ciphertext: bytes.toString("base64") }),
    ).toThrow();
    expect(() => decryptWechatPayResource("f".repeat(32), r)).toThrow();
    expect(() => decryptWechatPayResource(API_V3_KEY, { ...r, associated_data: "other" })).toThrow();
  });

  it("answers WeChat's callback format", () => {
    expect(channel.ack(true)).toMatchObject({ status: 200, body: "" });
    expect(JSON.parse(channel.ack(false, "金额不符").body)).toEqual({ code: "FAIL", message: "金额不符" });
  });
});

describe("Alipay RSA2", () => {
  const channel = alipayWap({
    appId: "2021000000000001",
    privateKey: merchant.privateKey,
    alipayPublicKey: platform.publicKey,
    notifyUrl: "https://nugget.test/api/payments/notify/alipay",
    returnUrl: (p) => `https://nugget.test${p}`,
  });

  it("builds the string to sign: non-empty params except sign, sorted", () => {
    expect(alipaySignContent({ b: "2", a: "1", sign: "x", sign_type: "RSA2", empty: "" })).toBe(
      "a=1&b=2&sign_type=RSA2",
    );
    expect(alipaySignContent({ b: "2", a: "1", sign: "x", sign_type: "RSA2" }, true)).toBe("a=1&b=2");
  });

  it("signs the wap.pay gateway URL with the app key", async () => {
    const start = await channel.start({
      orderId: "65f000000000000000000002",
      amount: 2990,
      description: "掘金小册《测试》",
      payType: "alipay",
      expiresAt: new Date(Date.now() + 60_000),
      returnPath: "/book/65f000000000000000000003",
    });
    const url = new URL(start.payUrl);
    expect(url.origin + url.pathname).toBe("https://openapi.alipay.com/gateway.do");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      method: "alipay.trade.wap.pay",
      sign_type: "RSA2",
      app_id: "2021000000000001",
    });
    expect(JSON.parse(params.biz_content)).toMatchObject({
      total_amount: "29.90",
      product_code: "QUICK_WAP_WAY",
    });
    const { sign: signature, ...rest } = params;
    expect(
      createVerify("RSA-SHA256")
        .update(alipaySignContent(rest))
        .verify(merchant.publicKey, signature, "base64"),
    ).toBe(true);
  });

  it("verifies notices with Alipay's key and reads yuan as cents", () => {
    const params: Record<string, string> = {
      app_id: "2021000000000001",
      out_trade_no: "65f000000000000000000002",
      trade_no: "2024000000001",
      trade_status: "TRADE_SUCCESS",
      total_amount: "29.90",
      notify_time: "2024-01-01 12:00:00",
      sign_type: "RSA2",
    };
    params.sign = sign(platform.privateKey, alipaySignContent(params, true));
    expect(alipayVerify(params, platform.publicKey)).toBe(true);
    const rawBody = new URLSearchParams(params).toString();
    expect(channel.parseNotify({ headers: {}, rawBody })).toEqual({
      orderId: "65f000000000000000000002",
      amount: 2990,
      tradeNo: "2024000000001",
      paid: true,
    });
    expect(() => channel.parseNotify({ headers: {}, rawBody: rawBody.replace("29.90", "0.01") })).toThrow(
      PaymentNoticeError,
    );
    const forged = { ...params, sign: alipaySign(params, stranger.privateKey) };
    expect(alipayVerify(forged, platform.publicKey)).toBe(false);
    expect(channel.ack(true).body).toBe("success");
  });
});

describe("dev provider", () => {
  it("signs notices with the dev secret; other secrets, edits and old timestamps are refused", () => {
    const dev = devPayments("secret-a");
    const other = devPayments("secret-b");
    const body = {
      out_trade_no: "o1",
      transaction_id: "t1",
      trade_state: "SUCCESS" as const,
      amount: { total: 100 },
    };
    const now = new Date();
    expect(dev.channel.parseNotify(dev.signNotice(body, now), now)).toEqual({
      orderId: "o1",
      amount: 100,
      tradeNo: "t1",
      paid: true,
    });
    expect(() => dev.channel.parseNotify(other.signNotice(body, now), now)).toThrow(/signature/);
    const edited = dev.signNotice(body, now);
    edited.rawBody = edited.rawBody.replace("100", "1");
    expect(() => dev.channel.parseNotify(edited, now)).toThrow(/signature/);
    const old = dev.signNotice(body, new Date(now.getTime() - 3600_000));
    expect(() => dev.channel.parseNotify(old, now)).toThrow(/timestamp/);
  });
});

describe("money", () => {
  it("converts yuan strings and cents without floating point", () => {
    expect(yuanToCents("29.90")).toBe(2990);
    expect(yuanToCents("0.1")).toBe(10);
    expect(yuanToCents("12")).toBe(1200);
    expect(yuanToCents("1.234")).toBeNull();
    expect(yuanToCents("-1")).toBeNull();
    expect(formatYuan(2990)).toBe("29.90");
    expect(formatYuan(5)).toBe("0.05");
  });
});
