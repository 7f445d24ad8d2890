import { AppError } from "../../lib/errors.ts";
import { randomToken } from "../../lib/crypto.ts";
import { createWechat, jsSdkSignature, WechatError } from "../../lib/wechat/index.ts";
import type { Deps } from "../deps.ts";

/** What wx.config needs (spec §7 GET /api/wechat/auth). */
export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** WeChat refused or was unreachable (502); `cause` is its WechatError, which the route logs. */
export class WechatUnavailable extends AppError {
  constructor(readonly cause: unknown) {
    super(502, "微信接口暂时不可用，请稍后再试");
  }
}

/**
 * The in-app browser's share signature: a fresh nonce and timestamp signed with the app's jsapi
 * ticket (server/lib/wechat/: bought from WeChat, kept in the shared store). Anyone may ask — the
 * signature only lets a page on the official account's JS domain use the JS-SDK, which WeChat
 * checks against the URL itself.
 */
export function createJsSdkSigner(deps: Deps) {
  const wechat = createWechat(deps.config.wechat, deps.kv);
  return async function jsSdkConfig(url: string): Promise<JsSdkConfig> {
    if (!wechat) throw new AppError(503, "暂未开通微信分享");
    let jsapiTicket: string;
    try {
      jsapiTicket = await wechat.credentials.jsapiTicket();
    } catch (err) {
      if (!(err instanceof WechatError) && !(err instanceof Error && err.name === "TimeoutError")) throw err;
      throw new WechatUnavailable(err);
    }
    const nonceStr = randomToken(12);
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      appId: wechat.provider.appId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature({ jsapiTicket, nonceStr, timestamp, url }),
    };
  };
}
