/**
 * Third-party login and binding providers (spec §1, §7: OAuth for weibo, wechat, github).
 *
 * The site never talks to GitHub, Weibo or WeChat outside this file. A provider does two things,
 * the two halves of the OAuth 2.0 authorization-code flow: builds the URL the user is sent to
 * (with our `state`, which the provider hands back unchanged), and exchanges the `code` it sends
 * back for the user's profile. The oauth service (server/services/oauth) holds the rules: state,
 * binding, login, new accounts.
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
import { createHash, randomBytes } from "node:crypto";
import type { Kv } from "./kv.ts";

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

/** The provider refused or answered something unusable (bad code, expired, network). */
export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OAuthError";
  }
}

type Fetch = typeof fetch;
const TIMEOUT_MS = 10_000;

/** Reads a JSON answer whatever content type it claims (WeChat says text/plain). */
async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object") return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new OAuthError(`${what}: HTTP ${res.status}, not JSON`);
}

/**
 * One request to a provider: given up after TIMEOUT_MS, its answer read as JSON (readJson). The
 * response comes too, for its status.
 */
async function callProvider(doFetch: Fetch, what: string, url: string, init: RequestInit = {}) {
  const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { res, json: await readJson(res, what) };
}

/** The token request GitHub and Weibo share: the code and the app's keys POSTed as a form. */
function postTokenForm(
  doFetch: Fetch,
  what: string,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return callProvider(doFetch, what, url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

// ---------------------------------------------------------------- GitHub

export interface GithubOAuthOptions {
  clientId: string;
  clientSecret: string;
  fetchImpl?: Fetch;
}

/** GitHub OAuth app (docs.github.com: "Authorizing OAuth apps", web application flow). */
export function githubOAuth(opts: GithubOAuthOptions): OAuthProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    channel: "github",
    authorizeUrl(state, redirectUri) {
      const q = new URLSearchParams({
        client_id: opts.clientId,
        redirect_uri: redirectUri,
        // Only the public profile: id, login, name, avatar.
        scope: "read:user",
        state,
        allow_signup: "true",
      });
      return `https://github.com/login/oauth/authorize?${q}`;
    },
    async exchange(code, redirectUri) {
      const { res: tokenRes, json: token } = await postTokenForm(
        doFetch,
        "github access_token",
        "https://github.com/login/oauth/access_token",
        { client_id: opts.clientId, client_secret: opts.clientSecret, code, redirect_uri: redirectUri },
        { accept: "application/json" },
      );
      // GitHub answers 200 with {error, error_description} for a bad or used code.
      if (!token.access_token) throw new OAuthError(`github: ${str(token.error) || tokenRes.status}`);
      const { res: userRes, json: user } = await callProvider(
        doFetch,
        "github user",
        "https://api.github.com/user",
        {
          headers: {
            accept: "application/vnd.github+json",
            authorization: `Bearer ${str(token.access_token)}`,
            "user-agent": "nugget-oauth",
            "x-github-api-version": "2022-11-28",
          },
        },
      );
      if (!userRes.ok || user.id === undefined) throw new OAuthError(`github user: HTTP ${userRes.status}`);
      const login = str(user.login);
      return {
        // The numeric id: a login can be renamed and then taken by someone else.
        externalUid: str(user.id),
        username: login,
        nickname: str(user.name) || login,
        avatar: str(user.avatar_url),
      };
    },
  };
}

// ---------------------------------------------------------------- Weibo

export interface WeiboOAuthOptions {
  appKey: string;
  appSecret: string;
  fetchImpl?: Fetch;
}

/** Weibo open platform OAuth2 (open.weibo.com/wiki/Oauth2). */
export function weiboOAuth(opts: WeiboOAuthOptions): OAuthProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    channel: "weibo",
    authorizeUrl(state, redirectUri) {
      const q = new URLSearchParams({
        client_id: opts.appKey,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
      });
      return `https://api.weibo.com/oauth2/authorize?${q}`;
    },
    async exchange(code, redirectUri) {
      const { res: tokenRes, json: token } = await postTokenForm(
        doFetch,
        "weibo access_token",
        "https://api.weibo.com/oauth2/access_token",
        {
          client_id: opts.appKey,
          client_secret: opts.appSecret,
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
        },
      );
      if (!token.access_token || !token.uid) {
        throw new OAuthError(`weibo: ${str(token.error_code) || tokenRes.status} ${str(token.error)}`);
      }
      const q = new URLSearchParams({ access_token: str(token.access_token), uid: str(token.uid) });
      const { res: userRes, json: user } = await callProvider(
        doFetch,
        "weibo users/show",
        `https://api.weibo.com/2/users/show.json?${q}`,
      );
      if (!userRes.ok || user.error_code) {
        throw new OAuthError(`weibo users/show: ${str(user.error_code) || userRes.status}`);
      }
      const screenName = str(user.screen_name);
      return {
        externalUid: str(user.idstr) || str(token.uid),
        username: screenName,
        nickname: str(user.name) || screenName,
        avatar: str(user.avatar_large) || str(user.profile_image_url),
      };
    },
  };
}

// ---------------------------------------------------------------- WeChat

export interface WechatOAuthOptions {
  appId: string;
  secret: string;
  fetchImpl?: Fetch;
}

/** WeChat open platform website application login (developers.weixin.qq.com: 网站应用微信登录). */
export function wechatOAuth(opts: WechatOAuthOptions): OAuthProvider {
  return {
    channel: "wechat",
    authorizeUrl(state, redirectUri) {
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "snsapi_login",
        state,
      });
      // The fragment is required by WeChat's documentation.
      return `https://open.weixin.qq.com/connect/qrconnect?${q}#wechat_redirect`;
    },
    exchange: wechatExchange(opts),
  };
}

/**
 * Login inside WeChat's own browser (official account web authorization, 网页授权, scope
 * snsapi_userinfo): no QR code, WeChat asks the reader in place. Another AppID than the website
 * app's — the official account's — but the same code exchange and, with both apps on one open
 * platform account, the same unionid: one person, one binding, whichever way they came in.
 */
export function wechatInAppOAuth(opts: WechatOAuthOptions): OAuthProvider {
  return {
    channel: "wechat",
    authorizeUrl(state, redirectUri) {
      // WeChat reads these in this order (its documentation insists) and needs the fragment.
      const q = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "snsapi_userinfo",
        state,
      });
      return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
    },
    exchange: wechatExchange(opts),
  };
}

/** The code → access token → userinfo trade both WeChat logins share. */
function wechatExchange(opts: WechatOAuthOptions): OAuthProvider["exchange"] {
  const doFetch = opts.fetchImpl ?? fetch;
  const failed = (what: string, body: Record<string, unknown>) =>
    new OAuthError(`wechat ${what}: ${str(body.errcode)} ${str(body.errmsg)}`);
  return async (code) => {
    // WeChat checks the redirect against the app's registered domain, not per request.
    const q = new URLSearchParams({
      appid: opts.appId,
      secret: opts.secret,
      code,
      grant_type: "authorization_code",
    });
    const { json: token } = await callProvider(
      doFetch,
      "wechat access_token",
      `https://api.weixin.qq.com/sns/oauth2/access_token?${q}`,
    );
    if (!token.access_token || !token.openid) throw failed("access_token", token);
    const uq = new URLSearchParams({
      access_token: str(token.access_token),
      openid: str(token.openid),
      lang: "zh_CN",
    });
    const { json: user } = await callProvider(
      doFetch,
      "wechat userinfo",
      `https://api.weixin.qq.com/sns/userinfo?${uq}`,
    );
    if (user.errcode) throw failed("userinfo", user);
    const nickname = str(user.nickname);
    return {
      // unionid is one id across the company's apps (web QR, official account, mini program);
      // the openid is per app, used only when the app is not linked to an open platform account.
      externalUid: str(user.unionid) || str(token.unionid) || str(user.openid) || str(token.openid),
      username: nickname,
      nickname,
      avatar: str(user.headimgurl),
    };
  };
}

// ---------------------------------------------------------------- Development

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

// ---------------------------------------------------------------- Choosing

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
