/**
 * The development provider (OAUTH_PROVIDER=dev, see oauth.ts): a local consent page stands in for
 * the provider's authorize page (server/dev/oauth.ts), and codes map to stable fake identities.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kv } from "./kv.ts";
import type { OAuthChannel, OAuthProfile, OAuthProvider } from "./oauth.ts";
import { OAuthError } from "./oauth-providers.ts";

/** Codes issued by the dev consent page live this long, as a real provider's (GitHub: 10 minutes). */
export const DEV_CODE_TTL_SECONDS = 600;
/** The identity the dev consent page proposes. */
export const DEV_DEFAULT_NAME = "测试用户";

export interface DevOAuth extends OAuthProvider {
  /** The consent page's address, where authorizeUrl points. */
  readonly consentPath: string;
  /** The only redirect_uri the dev "app" accepts, like a real app's registered callback. */
  readonly registeredRedirect: string;
  /** The consent page's "authorize": a single-use code for this identity and redirect. */
  issueCode(name: string, redirectUri: string): Promise<string>;
}

const devCodeKey = (channel: OAuthChannel, code: string) => `oauth:devcode:${channel}:${code}`;

/** The stable fake identity of a name on the dev provider: same name, same external account. */
export function devIdentity(channel: OAuthChannel, name: string): OAuthProfile {
  const clean = name.trim().slice(0, 32) || DEV_DEFAULT_NAME;
  const digest = createHash("sha256").update(`${channel}:${clean}`).digest("hex");
  return {
    externalUid: `dev-${digest.slice(0, 20)}`,
    username: clean,
    nickname: clean,
    avatar: "",
  };
}

/**
 * The development provider of one channel: same shape and same behaviour as the real ones — the
 * state travels through untouched, codes are single use, expire, and only work with the
 * redirect_uri they were issued for.
 */
export function devOAuth(channel: OAuthChannel, kv: Kv, scope?: string): DevOAuth {
  const consentPath = `/dev/oauth/${channel}`;
  return {
    channel,
    consentPath,
    // Relative, like the dev cashier: the flow works whatever host the site is reached by.
    registeredRedirect: `/api/oauth/${channel}/callback`,
    authorizeUrl(state, redirectUri) {
      // The scope tells the consent page which of the provider's pages it stands in for.
      const q = new URLSearchParams({ redirect_uri: redirectUri, state, ...(scope ? { scope } : {}) });
      return `${consentPath}?${q}`;
    },
    async issueCode(name, redirectUri) {
      const code = randomBytes(16).toString("hex");
      await kv.set(devCodeKey(channel, code), JSON.stringify({ name, redirectUri }), DEV_CODE_TTL_SECONDS);
      return code;
    },
    async exchange(code, redirectUri) {
      const raw = /^[0-9a-f]{32}$/.test(code) ? await kv.take(devCodeKey(channel, code)) : null;
      if (!raw) throw new OAuthError(`dev ${channel}: bad_verification_code`);
      const issued = JSON.parse(raw) as { name: string; redirectUri: string };
      if (issued.redirectUri !== redirectUri) throw new OAuthError(`dev ${channel}: redirect_uri_mismatch`);
      return devIdentity(channel, issued.name);
    },
  };
}
