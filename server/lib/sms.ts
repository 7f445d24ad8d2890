import { createHmac, randomUUID } from "node:crypto";
import { AppError } from "./errors.ts";
import type { Outbox } from "./outbox.ts";

/** Sends a verification code by SMS. One implementation per gateway; the site picks one at start. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string, purpose: string): Promise<void>;
}

/**
 * Development gateway: the message lands in the outbox (/dev/outbox) exactly as a phone would show it,
 * with the same one-code-per-send behaviour as the real gateway.
 */
export function outboxSms(outbox: Outbox, siteName: string): SmsProvider {
  return {
    name: "outbox",
    async sendCode(phone, code) {
      outbox.add({
        channel: "sms",
        to: phone,
        subject: "验证码",
        text: `【${siteName}】您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本短信。`,
      });
    },
  };
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  fetchImpl?: typeof fetch;
}

// RFC 3986 encoding as Aliyun's POP signature requires (encodeURIComponent leaves !'()* alone).
const popEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

/** Aliyun's signature v1 (HMAC-SHA1 over the sorted, encoded query). Exported for its test. */
export function aliyunSignedQuery(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k])}`)
    .join("&");
  const stringToSign = `GET&${popEncode("/")}&${popEncode(canonical)}`;
  const signature = createHmac("sha1", `${secret}&`).update(stringToSign).digest("base64");
  return `Signature=${popEncode(signature)}&${canonical}`;
}

/**
 * Production gateway: Aliyun Dysms SendSms (set SMS_PROVIDER=aliyun and the ALIYUN_SMS_* variables).
 * The template must take one parameter named `code`.
 */
export function aliyunSms(opts: AliyunSmsOptions): SmsProvider {
  const endpoint = opts.endpoint ?? "https://dysmsapi.aliyuncs.com/";
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    name: "aliyun",
    async sendCode(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: opts.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        PhoneNumbers: phone,
        RegionId: "cn-hangzhou",
        SignName: opts.signName,
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        TemplateCode: opts.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        Version: "2017-05-25",
      };
      const res = await doFetch(`${endpoint}?${aliyunSignedQuery(params, opts.accessKeySecret)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (body.Code !== "OK")
        throw new Error(`SMS gateway refused: ${body.Code ?? res.status} ${body.Message ?? ""}`);
    },
  };
}

export function createSmsProvider(
  env: NodeJS.ProcessEnv,
  outbox: Outbox | undefined,
  siteName: string,
): SmsProvider {
  if (env.SMS_PROVIDER === "aliyun") {
    return aliyunSms({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? "",
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? "",
      signName: env.ALIYUN_SMS_SIGN_NAME ?? "",
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? "",
    });
  }
  if (!outbox) {
    // No gateway configured in production: the site runs, and only SMS features say so.
    return {
      name: "none",
      async sendCode() {
        throw new AppError(503, "短信服务暂未开通，请使用邮箱注册或联系管理员");
      },
    };
  }
  return outboxSms(outbox, siteName);
}
