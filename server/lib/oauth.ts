/**
 * Third-party login and binding providers (spec §1, §7: OAuth for weibo, wechat, github).
 *
 * The site never talks to GitHub, Weibo or WeChat outside this file and the two beside it. A
 * provider does two things, the two halves of the OAuth 2.0 authorization-code flow: builds the URL
 * the user is sent to (with our `state`, which the provider hands back unchanged), and exchanges the
 * `code` it sends back for the user's profile. The oauth service (server/services/oauth) holds the
 * rules: state, binding, login, new accounts. Here: the contract a provider keeps, and the choice
 * of providers (OAUTH_PROVIDER and the keys); the real ones are in oauth-providers.ts, the
 * development stand-in in oauth-dev.ts.
 *
 *
 * - `githubOAuth`: GitHub OAuth apps — /login/oauth/authorize, /login/oauth/access_token, GET /user.
 * - `weiboOAuth`: Weibo — oauth2/authorize, oauth2/access_token, 2/users/show.json.
 * - `wechatOAuth`: WeChat open platform website login (QR) — connect/qrconnect,
 *   sns/oauth2/access_token, sns/userinfo; the unionid is preferred to the per-app openid, so one
 *   person is one account across the company's apps.
 * - `wechatInAppOAuth`: WeChat login inside WeChat's browser — the official account's
 *   connect/oauth2/authorize with snsapi_userinfo, then the same exchange.
 * - `devOAuth`: OAUTH_PROVIDER=dev (default outside production, refused in production). Its
 *   authorize URL is a local consent page (/dev/oauth/{channel}) that redirects back to the callback
 *   with a single-use code and the same state, as the real ones do; the code maps to a stable fake
 *   identity (the name typed on the consent page), so login → bind → login again is repeatable.
 */
import type { Kv } from "./kv.ts";
import { devOAuth, type DevOAuth } from "./oauth-dev.ts";
import { githubOAuth, wechatInAppOAuth, wechatOAuth, weiboOAuth } from "./oauth-providers.ts";

// What the rest of the site takes from here besides the contract below.
export { devIdentity } from "./oauth-dev.ts";
export { OAuthError } from "./oauth-providers.ts";

export const OAUTH_CHANNELS = ["weibo", "wechat", "github"] as const;
export type OAuthChannel = (typeof OAUTH_CHANNELS)[number];

export const isOAuthChannel = (value: string): value is OAuthChannel =>
  (OAUTH_CHANNELS as readonly string[]).includes(value);

/** The person the provider vouches for. */
export interface OAuthProfile {
  /** The provider's stable id of the account (GitHub's numeric id, Weibo's uid, WeChat's unionid). */
  externalUid: string;
  /** The account's handle on the provider (GitHub login, Weibo screen name, WeChat nickname). */
  username: string;
  /** The display name. */
  nickname: string;
  /** An avatar URL, or "". */
  avatar: string;
}

export interface OAuthProvider {
  readonly channel: OAuthChannel;
  /** Where the user goes to consent; the provider comes back to `redirectUri?code&state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades the code for the profile; throws OAuthError when the provider refuses. */
  exchange(code: string, redirectUri: string): Promise<OAuthProfile>;
}

export interface OAuthConfig {
  provider: "dev" | "live";
  github: { clientId: string; clientSecret: string } | null;
  weibo: { appKey: string; appSecret: string } | null;
  wechat: { appId: string; secret: string } | null;
  /** The official account (WECHAT_APP_ID / WECHAT_APP_SECRET) for login inside WeChat's browser. */
  wechatInApp: { appId: string; secret: string } | null;
}

/** The providers the site has, as OAUTH_PROVIDER and the keys configured them. */
export interface OAuthProviders {
  mode: "dev" | "live";
  /** The channel's provider, or null when it is not configured (live mode without its keys). */
  get(channel: OAuthChannel): OAuthProvider | null;
  /** WeChat login inside WeChat's browser (snsapi_userinfo), or null without the official account. */
  wechatInApp: OAuthProvider | null;
  /** The callback address the provider is told (absolute from PUBLIC_URL for real providers). */
  redirectUri(channel: OAuthChannel): string;
  /** Dev mode only: the consent pages' providers. */
  dev?: Record<OAuthChannel, DevOAuth>;
}

export const callbackPath = (channel: OAuthChannel) => `/api/oauth/${channel}/callback`;

export function createOAuthProviders(config: OAuthConfig, publicUrl: string, kv: Kv): OAuthProviders {
  if (config.provider === "dev") {
    const dev = {
      weibo: devOAuth("weibo", kv),
      wechat: devOAuth("wechat", kv),
      github: devOAuth("github", kv),
    };
    return {
      mode: "dev",
      get: (channel) => dev[channel],
      // The same consent page; same name, same person as by QR, as the unionid makes it for real.
      wechatInApp: devOAuth("wechat", kv, "snsapi_userinfo"),
      redirectUri: callbackPath,
      dev,
    };
  }
  const live: Record<OAuthChannel, OAuthProvider | null> = {
    github: config.github ? githubOAuth(config.github) : null,
    weibo: config.weibo ? weiboOAuth(config.weibo) : null,
    wechat: config.wechat ? wechatOAuth(config.wechat) : null,
  };
  return {
    mode: "live",
    get: (channel) => live[channel],
    wechatInApp: config.wechatInApp ? wechatInAppOAuth(config.wechatInApp) : null,
    // Never from the request's Host header: the provider must only ever send codes to our address.
    redirectUri: (channel) => publicUrl + callbackPath(channel),
  };
}
