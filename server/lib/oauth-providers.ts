/**
 * The real providers (see oauth.ts): GitHub, Weibo and WeChat's two logins, each the two halves of
 * the authorization-code flow over the provider's HTTP API, and the request helpers they share.
 */
import type { OAuthProvider } from "./oauth.ts";

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

/** What every provider may be given besides its keys. */
interface ProviderOptions {
  /** The fetch to call the provider with (tests pass a stub); the global fetch otherwise. */
  fetchImpl?: Fetch;
}

/**
 * One request to a provider: given up after TIMEOUT_MS, its answer read as JSON (readJson). The
 * response comes too, for its status.
 */
async function callProvider(opts: ProviderOptions, what: string, url: string, init: RequestInit = {}) {
  const doFetch = opts.fetchImpl ?? fetch;
  const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { res, json: await readJson(res, what) };
}

/** The token request GitHub and Weibo share: the code and the app's keys POSTed as a form. */
function postTokenForm(
  opts: ProviderOptions,
  what: string,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return callProvider(opts, what, url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A provider's address with its query (in the order given: WeChat insists on its own order). */
const withQuery = (url: string, params: Record<string, string>, fragment = "") =>
  `${url}?${new URLSearchParams(params)}${fragment}`;

// ---------------------------------------------------------------- GitHub

export interface GithubOAuthOptions extends ProviderOptions {
  clientId: string;
  clientSecret: string;
}

/** GitHub OAuth app (docs.github.com: "Authorizing OAuth apps", web application flow). */
export function githubOAuth(opts: GithubOAuthOptions): OAuthProvider {
  return {
    channel: "github",
    authorizeUrl(state, redirectUri) {
      return withQuery("https://github.com/login/oauth/authorize", {
        client_id: opts.clientId,
        redirect_uri: redirectUri,
        // Only the public profile: id, login, name, avatar.
        scope: "read:user",
        state,
        allow_signup: "true",
      });
    },
    async exchange(code, redirectUri) {
      const { res: tokenRes, json: token } = await postTokenForm(
        opts,
        "github access_token",
        "https://github.com/login/oauth/access_token",
        { client_id: opts.clientId, client_secret: opts.clientSecret, code, redirect_uri: redirectUri },
        { accept: "application/json" },
      );
      // GitHub answers 200 with {error, error_description} for a bad or used code.
      if (!token.access_token) throw new OAuthError(`github: ${str(token.error) || tokenRes.status}`);
      const { res: userRes, json: user } = await callProvider(
        opts,
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

export interface WeiboOAuthOptions extends ProviderOptions {
  appKey: string;
  appSecret: string;
}

/** Weibo open platform OAuth2 (open.weibo.com/wiki/Oauth2). */
export function weiboOAuth(opts: WeiboOAuthOptions): OAuthProvider {
  return {
    channel: "weibo",
    authorizeUrl(state, redirectUri) {
      return withQuery("https://api.weibo.com/oauth2/authorize", {
        client_id: opts.appKey,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
      });
    },
    async exchange(code, redirectUri) {
      const { res: tokenRes, json: token } = await postTokenForm(
        opts,
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
      const { res: userRes, json: user } = await callProvider(
        opts,
        "weibo users/show",
        withQuery("https://api.weibo.com/2/users/show.json", {
          access_token: str(token.access_token),
          uid: str(token.uid),
        }),
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

export interface WechatOAuthOptions extends ProviderOptions {
  appId: string;
  secret: string;
}

/** WeChat open platform website application login (developers.weixin.qq.com: 网站应用微信登录). */
export const wechatOAuth = (opts: WechatOAuthOptions) =>
  wechatLogin(opts, "https://open.weixin.qq.com/connect/qrconnect", "snsapi_login");

/**
 * Login inside WeChat's own browser (official account web authorization, 网页授权, scope
 * snsapi_userinfo): no QR code, WeChat asks the reader in place. Another AppID than the website
 * app's — the official account's — but the same code exchange and, with both apps on one open
 * platform account, the same unionid: one person, one binding, whichever way they came in.
 */
export const wechatInAppOAuth = (opts: WechatOAuthOptions) =>
  wechatLogin(opts, "https://open.weixin.qq.com/connect/oauth2/authorize", "snsapi_userinfo");

/** A WeChat login: its consent page and scope are its own, the code exchange is the same for both. */
function wechatLogin(opts: WechatOAuthOptions, consentPage: string, scope: string): OAuthProvider {
  return {
    channel: "wechat",
    authorizeUrl(state, redirectUri) {
      // WeChat reads these in this order (its documentation insists) and needs the fragment.
      return withQuery(
        consentPage,
        { appid: opts.appId, redirect_uri: redirectUri, response_type: "code", scope, state },
        "#wechat_redirect",
      );
    },
    exchange: wechatExchange(opts),
  };
}

/** The code → access token → userinfo trade both WeChat logins share. */
function wechatExchange(opts: WechatOAuthOptions): OAuthProvider["exchange"] {
  const failed = (what: string, body: Record<string, unknown>) =>
    new OAuthError(`wechat ${what}: ${str(body.errcode)} ${str(body.errmsg)}`);
  return async (code) => {
    const { json: token } = await callProvider(
      opts,
      "wechat access_token",
      // WeChat checks the redirect against the app's registered domain, not per request.
      withQuery("https://api.weixin.qq.com/sns/oauth2/access_token", {
        appid: opts.appId,
        secret: opts.secret,
        code,
        grant_type: "authorization_code",
      }),
    );
    if (!token.access_token || !token.openid) throw failed("access_token", token);
    const { json: user } = await callProvider(
      opts,
      "wechat userinfo",
      withQuery("https://api.weixin.qq.com/sns/userinfo", {
        access_token: str(token.access_token),
        openid: str(token.openid),
        lang: "zh_CN",
      }),
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
