/** The development provider of WeChat's JS-SDK credentials (WECHAT_PROVIDER=dev). */
import { WechatError, type WechatProvider } from "./provider.ts";

export const DEV_APP_ID = "wxdevelopment0000";
/** WeChat's answer to a token it does not know or that has expired. */
const INVALID_TOKEN = 40001;

export interface DevWechat extends WechatProvider {
  /** How many tokens and tickets it has issued: what the cache tests count. */
  readonly issued: { accessTokens: number; jsapiTickets: number };
}

/**
 * Behaves like the real API without the network: credentials expire after `expiresIn` seconds
 * (7200, as WeChat's), a ticket is only sold for a dev token that has not expired, and what it issues is
 * deterministic — the n-th ticket is `dev-jsapi-ticket-n` — so a test can recompute a signature.
 */
export function devWechat(opts: { appId: string; expiresIn?: number; delayMs?: number }): DevWechat {
  const expiresIn = opts.expiresIn ?? 7200;
  const issued = { accessTokens: 0, jsapiTickets: 0 };
  // A real round trip takes time: concurrent callers of the cache overlap it, as they would.
  const pause = () => new Promise((resolve) => setTimeout(resolve, opts.delayMs ?? 5));
  return {
    mode: "dev",
    appId: opts.appId,
    issued,
    async accessToken() {
      await pause();
      // The token carries its own expiry, so another instance's provider (sharing the store) takes it.
      const value = `dev-access-token-${++issued.accessTokens}.${Date.now() + expiresIn * 1000}`;
      return { value, expiresIn };
    },
    async jsapiTicket(accessToken) {
      await pause();
      const expires = Number(/^dev-access-token-\d+\.(\d+)$/.exec(accessToken)?.[1] ?? 0);
      if (expires <= Date.now()) {
        throw new WechatError("wechat getticket: 40001 invalid credential", INVALID_TOKEN);
      }
      return { value: `dev-jsapi-ticket-${++issued.jsapiTickets}`, expiresIn };
    },
  };
}
