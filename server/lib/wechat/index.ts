/**
 * WeChat's official account API for the in-app browser's JS-SDK (spec §7 GET /api/wechat/auth:
 * appId, timestamp, nonceStr, signature; §2: the signature is refreshed after each navigation).
 *
 * The site never talks to api.weixin.qq.com for the JS-SDK outside this folder. A provider buys the
 * two credentials the signature needs, each good for about 7200 s: the app's access token
 * (cgi-bin/token, AppID + AppSecret) and, with it, the jsapi ticket (cgi-bin/ticket/getticket).
 * `credentials.ts` keeps both in the shared store and refreshes them before they expire, one fetch
 * at a time: WeChat caps cgi-bin/token at 2000 calls a day, and a new access token retires the
 * previous one five minutes later, so instances must share one rather than each buy their own.
 *
 * - `officialAccount` (official-account.ts): the real API (WECHAT_PROVIDER=live, WECHAT_APP_ID and
 *   WECHAT_APP_SECRET of the official account — 公众号 — whose JS interface domain is the site's).
 * - `devWechat` (dev.ts): WECHAT_PROVIDER=dev (default outside production). Deterministic tokens and
 *   tickets that expire like the real ones; signatures made with them are well formed but only a
 *   stand-in JS-SDK accepts them.
 *
 * In-WeChat login (snsapi_userinfo) uses the same official account and lives with the other OAuth
 * providers (server/lib/oauth-providers.ts `wechatInAppOAuth`).
 */
import { createHash } from "node:crypto";
import type { Kv } from "../kv.ts";
import { createWechatCredentials, type WechatCredentials } from "./credentials.ts";
import { devWechat, DEV_APP_ID } from "./dev.ts";
import { officialAccount } from "./official-account.ts";
import type { WechatProvider } from "./provider.ts";

export { WechatError, type WechatProvider } from "./provider.ts";

/**
 * The JS-SDK signature (WeChat's 附录1 JS-SDK 使用权限签名算法): SHA-1 of the four fields in this
 * order, values as they are (not URL-encoded), the URL without its #fragment.
 */
export function jsSdkSignature(fields: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = fields.url.split("#")[0];
  return createHash("sha1")
    .update(
      `jsapi_ticket=${fields.jsapiTicket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${url}`,
    )
    .digest("hex");
}

export interface WechatConfig {
  /** WECHAT_PROVIDER: dev (default outside production) or live. */
  provider: "dev" | "live";
  /** WECHAT_APP_ID / WECHAT_APP_SECRET: the official account; live needs both. */
  appId: string | null;
  secret: string | null;
}

/** The JS-SDK side of the site: the provider, or null in live mode without keys (the call answers 503). */
export interface Wechat {
  provider: WechatProvider;
  credentials: WechatCredentials;
}

export function createWechat(config: WechatConfig, kv: Kv): Wechat | null {
  const provider =
    config.provider === "dev"
      ? devWechat({ appId: config.appId ?? DEV_APP_ID })
      : config.appId && config.secret
        ? officialAccount({ appId: config.appId, secret: config.secret })
        : null;
  return provider ? { provider, credentials: createWechatCredentials(provider, kv) } : null;
}
