/**
 * The access token and jsapi ticket, kept in the shared store (Redis with REDIS_URL, so every
 * instance uses the same ones) until shortly before WeChat's expiry, then bought again.
 */
import type { Kv } from "../kv.ts";
import { WechatError, type WechatGrant, type WechatProvider } from "./provider.ts";

export interface WechatCredentials {
  /** A jsapi ticket that is good for at least the refresh margin. */
  jsapiTicket(): Promise<string>;
}

export interface CredentialOptions {
  /** Seconds before WeChat's expiry a credential is bought again (default 300). */
  refreshMarginSeconds?: number;
  /** How long an instance waits for another one's purchase before buying itself (default 3000 ms). */
  lockWaitMs?: number;
}

/** WeChat's answers for an access token that is wrong or no longer valid (retired by a newer one). */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
/** The cross-instance purchase lock outlives no purchase: WeChat's calls time out after 10 s. */
const LOCK_SECONDS = 15;
const POLL_MS = 100;

export function createWechatCredentials(
  provider: WechatProvider,
  kv: Kv,
  opts: CredentialOptions = {},
): WechatCredentials {
  const margin = opts.refreshMarginSeconds ?? 300;
  const lockWaitMs = opts.lockWaitMs ?? 3000;
  const tokenKey = `wechat:${provider.appId}:access_token`;
  const ticketKey = `wechat:${provider.appId}:jsapi_ticket`;
  // Single flight within the instance: concurrent requests share one purchase.
  const inFlight = new Map<string, Promise<string>>();

  async function buy(key: string, fetchGrant: () => Promise<WechatGrant>): Promise<string> {
    // Single flight across instances: the first to take the lock buys, the others read its result.
    const lock = `${key}:lock`;
    if ((await kv.incr(lock, LOCK_SECONDS)) > 1) {
      for (let waited = 0; waited < lockWaitMs; waited += POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const value = await kv.get(key);
        if (value) return value;
      }
      // The holder is slow or gone: buying twice costs one call, waiting longer costs the page.
    }
    try {
      const grant = await fetchGrant();
      await kv.set(key, grant.value, Math.max(1, grant.expiresIn - margin));
      return grant.value;
    } finally {
      await kv.del(lock).catch(() => undefined);
    }
  }

  async function cached(key: string, fetchGrant: () => Promise<WechatGrant>): Promise<string> {
    const hit = await kv.get(key);
    if (hit) return hit;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = buy(key, fetchGrant).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  const accessToken = () => cached(tokenKey, () => provider.accessToken());

  return {
    jsapiTicket() {
      return cached(ticketKey, async () => {
        try {
          return await provider.jsapiTicket(await accessToken());
        } catch (err) {
          // The stored token was retired early (someone else bought one with the same secret):
          // forget it and try once with a new one.
          if (!(err instanceof WechatError) || !STALE_TOKEN.has(err.errcode)) throw err;
          await kv.del(tokenKey);
          return provider.jsapiTicket(await accessToken());
        }
      });
    },
  };
}
