import { describe, expect, it } from "vitest";
import { memoryKv } from "./kv.ts";
import { createOAuthProviders } from "./oauth.ts";
import { devIdentity, devOAuth } from "./oauth-dev.ts";
import { githubOAuth, OAuthError, wechatInAppOAuth, wechatOAuth, weiboOAuth } from "./oauth-providers.ts";

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that answers from a table by URL prefix and records every request (no network). */
function stubFetch(routes: Record<string, { status?: number; body: unknown; type?: string }>) {
  const seen: Seen[] = [];
  const impl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    seen.push({
      url,
      method: init?.method ?? "GET",
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === "string" ? init.body : "",
    });
    const key = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (!key) return new Response("not found", { status: 404 });
    const r = routes[key];
    return new Response(JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { "content-type": r.type ?? "application/json" },
    });
  }) as typeof fetch;
  return { impl, seen };
}

const REDIRECT = "https://nugget.example/api/oauth/github/callback";

/** An authorize URL as the provider reads it: the page it opens, and the query. */
function authorizeParts(raw: string) {
  const url = new URL(raw);
  return { page: url.origin + url.pathname, query: Object.fromEntries(url.searchParams) };
}

describe("GitHub", () => {
  it("builds the authorize URL with client id, redirect, scope and state", () => {
    const raw = githubOAuth({ clientId: "cid", clientSecret: "sec" }).authorizeUrl("st-1", REDIRECT);
    expect(authorizeParts(raw)).toMatchObject({
      page: "https://github.com/login/oauth/authorize",
      query: { client_id: "cid", redirect_uri: REDIRECT, scope: "read:user", state: "st-1" },
    });
  });

  it("exchanges the code and maps GET /user (numeric id as the uid, name or login as nickname)", async () => {
    const { impl, seen } = stubFetch({
      "https://github.com/login/oauth/access_token": {
        body: { access_token: "gho_abc", token_type: "bearer" },
      },
      "https://api.github.com/user": {
        body: { id: 583231, login: "octocat", name: "The Octocat", avatar_url: "https://avatars/u/583231" },
      },
    });
    const profile = await githubOAuth({ clientId: "cid", clientSecret: "sec", fetchImpl: impl }).exchange(
      "code-1",
      REDIRECT,
    );
    expect(profile).toEqual({
      externalUid: "583231",
      username: "octocat",
      nickname: "The Octocat",
      avatar: "https://avatars/u/583231",
    });
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers.accept).toBe("application/json");
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toEqual({
      client_id: "cid",
      client_secret: "sec",
      code: "code-1",
      redirect_uri: REDIRECT,
    });
    expect(seen[1].headers.authorization).toBe("Bearer gho_abc");
    expect(seen[1].headers["user-agent"]).toBeTruthy();
  });

  it("falls back to the login without a name, and refuses a bad code", async () => {
    const ok = stubFetch({
      "https://github.com/login/oauth/access_token": { body: { access_token: "t" } },
      "https://api.github.com/user": { body: { id: 1, login: "mona", name: null, avatar_url: "" } },
    });
    expect(
      (await githubOAuth({ clientId: "c", clientSecret: "s", fetchImpl: ok.impl }).exchange("x", REDIRECT))
        .nickname,
    ).toBe("mona");
    const bad = stubFetch({
      "https://github.com/login/oauth/access_token": { body: { error: "bad_verification_code" } },
    });
    await expect(
      githubOAuth({ clientId: "c", clientSecret: "s", fetchImpl: bad.impl }).exchange("x", REDIRECT),
    ).rejects.toThrow(OAuthError);
    expect(bad.seen).toHaveLength(1);
  });
});

describe("Weibo", () => {
  it("builds oauth2/authorize", () => {
    expect(authorizeParts(weiboOAuth({ appKey: "k", appSecret: "s" }).authorizeUrl("st", REDIRECT))).toEqual({
      page: "https://api.weibo.com/oauth2/authorize",
      query: { client_id: "k", redirect_uri: REDIRECT, response_type: "code", state: "st" },
    });
  });

  it("exchanges at oauth2/access_token and maps users/show", async () => {
    const { impl, seen } = stubFetch({
      "https://api.weibo.com/oauth2/access_token": {
        body: { access_token: "2.00abc", expires_in: 1, uid: "1404376560" },
      },
      "https://api.weibo.com/2/users/show.json": {
        body: {
          id: 1404376560,
          idstr: "1404376560",
          screen_name: "zaku",
          name: "zaku",
          avatar_large: "https://tva/1.jpg",
        },
      },
    });
    const profile = await weiboOAuth({ appKey: "k", appSecret: "s", fetchImpl: impl }).exchange(
      "c",
      REDIRECT,
    );
    expect(profile).toEqual({
      externalUid: "1404376560",
      username: "zaku",
      nickname: "zaku",
      avatar: "https://tva/1.jpg",
    });
    expect(Object.fromEntries(new URLSearchParams(seen[0].body))).toMatchObject({
      grant_type: "authorization_code",
      client_id: "k",
      client_secret: "s",
      code: "c",
      redirect_uri: REDIRECT,
    });
    const show = new URL(seen[1].url);
    expect(show.searchParams.get("uid")).toBe("1404376560");
    expect(show.searchParams.get("access_token")).toBe("2.00abc");
  });

  it("refuses an error answer", async () => {
    const { impl } = stubFetch({
      "https://api.weibo.com/oauth2/access_token": {
        status: 400,
        body: { error: "invalid_grant", error_code: 21325 },
      },
    });
    await expect(
      weiboOAuth({ appKey: "k", appSecret: "s", fetchImpl: impl }).exchange("c", REDIRECT),
    ).rejects.toThrow(/21325/);
  });
});

describe("WeChat", () => {
  it("builds the QR connect URL with snsapi_login and the #wechat_redirect fragment", () => {
    const raw = wechatOAuth({ appId: "wx1", secret: "s" }).authorizeUrl("st", REDIRECT);
    expect(raw.endsWith("#wechat_redirect")).toBe(true);
    expect(authorizeParts(raw)).toEqual({
      page: "https://open.weixin.qq.com/connect/qrconnect",
      query: {
        appid: "wx1",
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "snsapi_login",
        state: "st",
      },
    });
  });

  it("prefers the unionid, reads JSON sent as text/plain, and maps sns/userinfo", async () => {
    const { impl, seen } = stubFetch({
      "https://api.weixin.qq.com/sns/oauth2/access_token": {
        type: "text/plain",
        body: {
          access_token: "AT",
          expires_in: 7200,
          openid: "OPENID",
          scope: "snsapi_login",
          unionid: "UNION",
        },
      },
      "https://api.weixin.qq.com/sns/userinfo": {
        type: "text/plain",
        body: { openid: "OPENID", nickname: "小明", headimgurl: "https://thirdwx/1", unionid: "UNION" },
      },
    });
    const profile = await wechatOAuth({ appId: "wx1", secret: "s", fetchImpl: impl }).exchange("c", REDIRECT);
    expect(profile).toEqual({
      externalUid: "UNION",
      username: "小明",
      nickname: "小明",
      avatar: "https://thirdwx/1",
    });
    const token = new URL(seen[0].url);
    expect(Object.fromEntries(token.searchParams)).toEqual({
      appid: "wx1",
      secret: "s",
      code: "c",
      grant_type: "authorization_code",
    });
    expect(new URL(seen[1].url).searchParams.get("openid")).toBe("OPENID");
  });

  it("inside WeChat: the official account's oauth2/authorize with snsapi_userinfo, in WeChat's order", () => {
    const raw = wechatInAppOAuth({ appId: "wxmp", secret: "s" }).authorizeUrl("st", REDIRECT);
    expect(raw.endsWith("#wechat_redirect")).toBe(true);
    const url = new URL(raw);
    expect(url.origin + url.pathname).toBe("https://open.weixin.qq.com/connect/oauth2/authorize");
    // WeChat's documentation: appid, redirect_uri, response_type, scope, state — in this order.
    expect([...url.searchParams]).toEqual([
      ["appid", "wxmp"],
      ["redirect_uri", REDIRECT],
      ["response_type", "code"],
      ["scope", "snsapi_userinfo"],
      ["state", "st"],
    ]);
  });

  it("inside WeChat: trades the code with the official account's keys and keeps the unionid", async () => {
    const { impl, seen } = stubFetch({
      "https://api.weixin.qq.com/sns/oauth2/access_token": {
        body: { access_token: "AT", openid: "MP-OPENID", scope: "snsapi_userinfo", unionid: "UNION" },
      },
      "https://api.weixin.qq.com/sns/userinfo": {
        body: { openid: "MP-OPENID", nickname: "小明", headimgurl: "", unionid: "UNION" },
      },
    });
    const provider = wechatInAppOAuth({ appId: "wxmp", secret: "mp-secret", fetchImpl: impl });
    // The same unionid as the QR login of the same person: one binding either way.
    expect((await provider.exchange("c", REDIRECT)).externalUid).toBe("UNION");
    expect(new URL(seen[0].url).searchParams.get("appid")).toBe("wxmp");
    expect(new URL(seen[0].url).searchParams.get("secret")).toBe("mp-secret");
  });

  it("uses the openid without a unionid, and refuses errcode answers", async () => {
    const noUnion = stubFetch({
      "https://api.weixin.qq.com/sns/oauth2/access_token": { body: { access_token: "AT", openid: "OID" } },
      "https://api.weixin.qq.com/sns/userinfo": { body: { openid: "OID", nickname: "n" } },
    });
    expect(
      (await wechatOAuth({ appId: "a", secret: "s", fetchImpl: noUnion.impl }).exchange("c", REDIRECT))
        .externalUid,
    ).toBe("OID");
    const bad = stubFetch({
      "https://api.weixin.qq.com/sns/oauth2/access_token": {
        body: { errcode: 40029, errmsg: "invalid code" },
      },
    });
    await expect(
      wechatOAuth({ appId: "a", secret: "s", fetchImpl: bad.impl }).exchange("c", REDIRECT),
    ).rejects.toThrow(/40029/);
  });
});

describe("dev provider", () => {
  it("points to the local consent page and keeps the state", () => {
    const dev = devOAuth("github", memoryKv());
    const url = new URL(dev.authorizeUrl("st-9", "/api/oauth/github/callback"), "http://site");
    expect(url.pathname).toBe("/dev/oauth/github");
    expect(url.searchParams.get("state")).toBe("st-9");
    expect(url.searchParams.get("redirect_uri")).toBe("/api/oauth/github/callback");
  });

  it("codes are single use, tied to their redirect, and map to a stable identity", async () => {
    const dev = devOAuth("weibo", memoryKv());
    const code = await dev.issueCode("阿强", dev.registeredRedirect);
    await expect(dev.exchange(code, "/elsewhere")).rejects.toThrow(/redirect_uri/);
    const again = await dev.issueCode("阿强", dev.registeredRedirect);
    const profile = await dev.exchange(again, dev.registeredRedirect);
    expect(profile).toEqual(devIdentity("weibo", "阿强"));
    expect(profile.nickname).toBe("阿强");
    await expect(dev.exchange(again, dev.registeredRedirect)).rejects.toThrow(OAuthError);
    expect(devIdentity("weibo", "阿强").externalUid).not.toBe(devIdentity("github", "阿强").externalUid);
  });

  it("live mode: absolute callback from PUBLIC_URL, and no provider without keys", () => {
    const live = createOAuthProviders(
      {
        provider: "live",
        github: { clientId: "c", clientSecret: "s" },
        weibo: null,
        wechat: null,
        wechatInApp: null,
      },
      "https://nugget.example",
      memoryKv(),
    );
    expect(live.redirectUri("github")).toBe("https://nugget.example/api/oauth/github/callback");
    expect(live.get("github")?.channel).toBe("github");
    expect(live.get("weibo")).toBeNull();
    expect(live.wechatInApp).toBeNull();
    expect(live.dev).toBeUndefined();
  });
});
