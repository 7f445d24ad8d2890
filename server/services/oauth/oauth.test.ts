import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, postRaw, openApiPaths } from "../../../tests/support/client.ts";
import { thirdPartyBindings, users } from "../../../db/schema/index.ts";
import { checkUsername } from "../../../shared/validation.ts";
import { devIdentity } from "../../lib/oauth.ts";
import { hashPassword } from "../../lib/crypto.ts";
import { usernameFromNickname } from "./oauth.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const hex = () => randomBytes(4).toString("hex");

/** A browser's cookies, as the requests of one flow carry and update them. */
type Jar = Record<string, string>;

async function get(url: string, jar: Jar, ip: string) {
  const res = await nugget.app.inject({
    method: "GET",
    url,
    remoteAddress: ip,
    headers: {
      cookie: Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    },
  });
  for (const c of res.cookies) jar[c.name] = c.value;
  return res;
}

/** A browser logged in as a new user (session cookie, as after the login form). */
async function browserOf() {
  const u = await registerByEmail(nugget);
  return {
    user: u.user as { id: string; username: string },
    email: u.email,
    password: u.password,
    jar: { nugget_session: u.auth.token } as Jar,
  };
}

/** A JSON POST from the browser of `jar`: its session cookie and the double-submit CSRF header. */
function postAs(jar: Jar, url: string, body: object, ip = uniqueIp()) {
  const csrf = `t${hex()}${hex()}`;
  return call(nugget.app, "POST", url, {
    body,
    ip,
    headers: { cookie: `nugget_session=${jar.nugget_session}; nugget_csrf=${csrf}`, "x-csrf-token": csrf },
  });
}

/** Binding's first step: the owner's proof, answered with start's address and its grant. */
async function confirmBind(
  channel: string,
  jar: Jar,
  proof: object = { password: "secret123" },
  redirect?: string,
) {
  return postAs(jar, `/api/oauth/${channel}/bind`, { ...proof, ...(redirect ? { redirect } : {}) });
}

/**
 * The dev flow through real HTTP up to the provider's redirect: start → the consent page
 * (/dev/oauth) → its redirect back. Answers the callback URL the browser would open next.
 */
async function authorize(
  channel: string,
  mode: "login" | "bind",
  jar: Jar,
  opts: {
    name?: string;
    redirect?: string;
    decision?: "allow" | "deny";
    via?: "inapp";
    /** Binding's proof: the password of browserOf's accounts unless given. */
    proof?: object;
  } = {},
) {
  const ip = uniqueIp();
  const q = new URLSearchParams({
    mode,
    ...(opts.redirect ? { redirect: opts.redirect } : {}),
    ...(opts.via ? { via: opts.via } : {}),
  });
  let startUrl = `/api/oauth/${channel}/start?${q}`;
  if (mode === "bind") {
    const confirmed = await confirmBind(channel, jar, opts.proof, opts.redirect);
    expect(confirmed.s, confirmed.m).toBe(1);
    startUrl = confirmed.d.url;
  }
  const start = await get(startUrl, jar, ip);
  expect(start.statusCode, start.body).toBe(302);
  const consentUrl = String(start.headers.location);
  expect(consentUrl.startsWith(`/dev/oauth/${channel}?`)).toBe(true);
  const consent = await get(consentUrl, jar, ip);
  expect(consent.statusCode).toBe(200);
  expect(consent.body).toContain("以 测试用户 身份授权");
  const params = new URL(consentUrl, "http://x").searchParams;
  const answer = await nugget.app.inject({
    method: "POST",
    url: `/dev/oauth/${channel}/authorize`,
    remoteAddress: ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      redirect_uri: params.get("redirect_uri")!,
      state: params.get("state")!,
      name: opts.name ?? "测试用户",
      decision: opts.decision ?? "allow",
    }).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const callbackUrl = String(answer.headers.location);
  expect(callbackUrl.startsWith(`/api/oauth/${channel}/callback?`)).toBe(true);
  // Like a real provider, the state comes back untouched.
  expect(new URL(callbackUrl, "http://x").searchParams.get("state")).toBe(params.get("state"));
  return { callbackUrl, ip };
}

/** The whole flow: authorize, then the callback in the same browser. */
async function flow(
  channel: string,
  mode: "login" | "bind",
  jar: Jar,
  opts: {
    name?: string;
    redirect?: string;
    decision?: "allow" | "deny";
    via?: "inapp";
    proof?: object;
    tamper?: (cb: string) => string;
  } = {},
) {
  const { callbackUrl, ip } = await authorize(channel, mode, jar, opts);
  const url = opts.tamper ? opts.tamper(callbackUrl) : callbackUrl;
  const callback = await get(url, jar, ip);
  return { callback, callbackUrl: url, ip };
}

async function infoByCookie(jar: Jar) {
  return call(nugget.app, "GET", "/api/v1/getUserInfo", {
    headers: { cookie: `nugget_session=${jar.nugget_session}` },
  });
}

async function bindingsOf(userId: string) {
  return db().select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
}

describe("binding a third-party account", () => {
  it("binds GitHub to the logged-in user and shows it as community", async () => {
    const { user, jar } = await browserOf();
    const name = `octo${hex()}`;
    const { callback } = await flow("github", "bind", jar, { name });
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.headers["content-type"]).toContain("text/html");
    expect(callback.body).toContain("GitHub账号绑定成功");
    expect(callback.body).toContain("window.close()");
    // The popup must keep its opener through the provider's pages (ADR 010); scripts only by nonce.
    expect(callback.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    expect(String(callback.headers["content-security-policy"])).toMatch(/script-src 'nonce-[\w-]+'/);
    const info = await infoByCookie(jar);
    expect(info.d.id).toBe(user.id);
    expect(info.d.community).toEqual({
      github: { uid: devIdentity("github", name).externalUid, username: name, nickname: name },
    });
    // Binding does not log anyone in or out.
    expect(callback.cookies.find((c: { name: string }) => c.name === "nugget_session")).toBeUndefined();
  });

  it("is idempotent for the same account, and 409 when the account or the channel is taken", async () => {
    const a = await browserOf();
    const b = await browserOf();
    const name = `shared${hex()}`;
    expect((await flow("weibo", "bind", a.jar, { name })).callback.statusCode).toBe(200);
    expect((await flow("weibo", "bind", a.jar, { name })).callback.statusCode).toBe(200);

    const taken = await flow("weibo", "bind", b.jar, { name });
    expect(taken.callback.statusCode).toBe(409);
    expect(taken.callback.body).toContain("该微博账号已绑定其他用户");
    expect(await bindingsOf(b.user.id)).toHaveLength(0);

    const second = await flow("weibo", "bind", a.jar, { name: `other${hex()}` });
    expect(second.callback.statusCode).toBe(409);
    expect(second.callback.body).toContain("请先解绑");
    expect(await bindingsOf(a.user.id)).toHaveLength(1);
  });

  it("needs a login to start binding", async () => {
    const r = await get("/api/oauth/github/start?mode=bind", {}, uniqueIp());
    expect(r.statusCode).toBe(401);
    expect(r.body).toContain("请先登录");
    const confirm = await call(nugget.app, "POST", "/api/oauth/github/bind", { body: { password: "x" } });
    expect(confirm.status).toBe(401);
  });

  it("binds nothing with a stolen session alone: the password first", async () => {
    const owner = await browserOf();
    const thief: Jar = { nugget_session: owner.jar.nugget_session };
    // Straight to start, as before: no grant, no state, no binding.
    const start = await get("/api/oauth/github/start?mode=bind", thief, uniqueIp());
    expect(start.statusCode).toBe(403);
    expect(start.body).toContain("请先输入当前密码");
    const bare = await confirmBind("github", thief, {});
    expect([bare.status, bare.d.field]).toEqual([400, "password"]);
    const wrong = await confirmBind("github", thief, { password: "not-the-password" });
    expect([wrong.status, wrong.d.field]).toEqual([400, "password"]);
    // Without the binding the e-mail is the last way in; the session cannot take it away either
    // (account-methods.test.ts: not even when another way is left, without the password).
    expect((await postAs(thief, "/api/v1/unbind", { email: true })).status).toBe(400);
    expect((await infoByCookie(thief)).d.email).toBe(owner.email);
    expect(await bindingsOf(owner.user.id)).toHaveLength(0);
    const login = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: owner.email, password: owner.password },
      ip: uniqueIp(),
    });
    expect(login.s).toBe(1);
  });

  it("takes a grant once, for its own account and channel only", async () => {
    const a = await browserOf();
    const b = await browserOf();
    const granted = await confirmBind("github", a.jar);
    expect(granted.d.url).toMatch(/^\/api\/oauth\/github\/start\?mode=bind&redirect=.+&grant=[\w-]+$/);
    const grant = new URL(granted.d.url, "http://x").searchParams.get("grant")!;
    // Another account's session with A's grant, or A's grant for another channel: refused, and spent.
    expect((await get(granted.d.url, b.jar, uniqueIp())).statusCode).toBe(403);
    expect((await get(granted.d.url, a.jar, uniqueIp())).statusCode).toBe(403);
    const other = await confirmBind("github", a.jar);
    const weibo = `/api/oauth/weibo/start?mode=bind&grant=${new URL(other.d.url, "http://x").searchParams.get("grant")}`;
    expect((await get(weibo, a.jar, uniqueIp())).statusCode).toBe(403);
    expect(grant).not.toBe("");
    expect(await bindingsOf(a.user.id)).toHaveLength(0);
    expect(await bindingsOf(b.user.id)).toHaveLength(0);
  });

  it("ends the account's other sessions and tells its address once bound", async () => {
    const owner = await browserOf();
    const other = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: owner.email, password: owner.password },
      ip: uniqueIp(),
    });
    const otherAuth = { uid: other.d.user.id, client: other.d.clientId, token: other.d.token };
    const name = `sudo${hex()}`;
    expect((await flow("github", "bind", owner.jar, { name })).callback.statusCode).toBe(200);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: otherAuth })).status).toBe(401);
    expect((await infoByCookie(owner.jar)).d.id).toBe(owner.user.id);
    const notices = nugget.outbox!.list(owner.email).map((m) => m.text);
    expect(notices.some((t) => t.includes(`绑定了GitHub账号 ${name}`))).toBe(true);
  });

  it("refuses a state started by another user, even with the first browser's cookie", async () => {
    const a = await browserOf();
    const b = await browserOf();
    const { callbackUrl, ip } = await authorize("github", "bind", a.jar, { name: `mallory${hex()}` });
    // B's session in a browser that also holds A's oauth cookie: only the account check is left.
    const r = await get(
      callbackUrl,
      { nugget_session: b.jar.nugget_session, nugget_oauth: a.jar.nugget_oauth },
      ip,
    );
    expect(r.statusCode).toBe(403);
    expect(r.body).toContain("请使用发起绑定的账号完成绑定");
    expect(await bindingsOf(b.user.id)).toHaveLength(0);
    expect(await bindingsOf(a.user.id)).toHaveLength(0);
  });
});

describe("logging in with a third-party account", () => {
  it("logs in the user an existing binding belongs to", async () => {
    const { user, jar } = await browserOf();
    const name = `login${hex()}`;
    expect((await flow("github", "bind", jar, { name })).callback.statusCode).toBe(200);

    const fresh: Jar = {};
    const { callback } = await flow("github", "login", fresh, { name, redirect: "/post/abc?x=1" });
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain("登录成功");
    // Outside a popup the page goes back to the stored path.
    expect(callback.body).toContain("location.replace(to)");
    expect(callback.body).toContain('"/post/abc?x=1"');
    const session = callback.cookies.find((c: { name: string }) => c.name === "nugget_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const info = await infoByCookie(fresh);
    expect(info.d.id).toBe(user.id);
  });

  it("creates an account with a valid, unique username on a first login", async () => {
    const nickname = `新 用户!${hex()}`;
    const first: Jar = {};
    const one = await flow("wechat", "login", first, { name: nickname });
    expect(one.callback.statusCode, one.callback.body).toBe(200);
    expect(one.callback.body).toContain("已为你创建账号");
    const infoOne = (await infoByCookie(first)).d;
    expect(infoOne.username).toBe(usernameFromNickname(nickname, "wechat"));
    expect(checkUsername(infoOne.username)).toBeNull();
    expect(infoOne.community.wechat.nickname).toBe(nickname);
    const [row] = await db().select().from(users).where(eq(users.id, infoOne.id));
    expect(row.passwordHash).toBeNull();

    // Same display name on another channel: another person, so another account and another name.
    const second: Jar = {};
    expect((await flow("weibo", "login", second, { name: nickname })).callback.statusCode).toBe(200);
    const infoTwo = (await infoByCookie(second)).d;
    expect(infoTwo.id).not.toBe(infoOne.id);
    expect(infoTwo.username).not.toBe(infoOne.username);
    expect(infoTwo.username.startsWith(infoOne.username.slice(0, 10))).toBe(true);
    expect(checkUsername(infoTwo.username)).toBeNull();

    // Logging in again is the same account, not a third one.
    const again: Jar = {};
    expect((await flow("wechat", "login", again, { name: nickname })).callback.body).not.toContain(
      "创建账号",
    );
    expect((await infoByCookie(again)).d.id).toBe(infoOne.id);
  });

  it("never lets an account made by third-party login unbind its last way in", async () => {
    const jar: Jar = {};
    expect((await flow("github", "login", jar, { name: `solo${hex()}` })).callback.statusCode).toBe(200);
    const unbind = (channel: string, proof: object = {}) =>
      postAs(jar, "/api/v1/unbind", { channel, isThird: true, ...proof });
    // No password, e-mail or phone: GitHub is the only way back in.
    const refused = await unbind("github");
    expect([refused.status, refused.d?.field]).toEqual([400, "channel"]);
    expect(refused.m).toContain("至少保留一种登录方式");
    const me = (await infoByCookie(jar)).d;
    expect((await bindingsOf(me.id)).map((b) => b.channel)).toEqual(["github"]);
    // Nothing to prove itself with: no second binding either (a stolen session would bind its own).
    const unproven = await confirmBind("weibo", jar, {});
    expect([unproven.status, unproven.d?.field]).toEqual([400, "smsCode"]);
    // Once it has a password (set through a reset), either binding may go, the last never.
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword("later-set-1") })
      .where(eq(users.id, me.id));
    const proof = { password: "later-set-1" };
    expect((await flow("weibo", "bind", jar, { name: `solo${hex()}`, proof })).callback.statusCode).toBe(200);
    expect((await unbind("github", proof)).status).toBe(200);
    expect((await bindingsOf(me.id)).map((b) => b.channel)).toEqual(["weibo"]);
    expect((await unbind("weibo", proof)).status).toBe(400);
  });

  it("derives §5-valid usernames from any display name", () => {
    for (const nick of ["Mona Lisa", "octo-cat", "😀😀", "", "a".repeat(40), "张三·李四", "__x__"]) {
      const name = usernameFromNickname(nick, "github");
      expect(checkUsername(name), `${nick} → ${name}`).toBeNull();
    }
    expect(usernameFromNickname("octo-cat", "github")).toBe("octo_cat");
    expect(usernameFromNickname("😀", "weibo")).toBe("微博用户");
  });

  it("inside WeChat's browser: the official account's consent, the same person as by QR", async () => {
    const name = `wx${hex()}`;
    const first: Jar = {};
    const { callbackUrl } = await authorize("wechat", "login", first, { name, via: "inapp" });
    // The dev consent page stands in for WeChat's snsapi_userinfo page, not for the QR page.
    const consent = await get(
      `/api/oauth/wechat/start?${new URLSearchParams({ mode: "login", via: "inapp" })}`,
      {},
      uniqueIp(),
    );
    expect(new URL(String(consent.headers.location), "http://x").searchParams.get("scope")).toBe(
      "snsapi_userinfo",
    );
    const callback = await get(callbackUrl, first, uniqueIp());
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.body).toContain("登录成功");
    const inApp = await infoByCookie(first);
    // Later by QR on a computer: the same WeChat account, so the same site account.
    const second: Jar = {};
    expect((await flow("wechat", "login", second, { name })).callback.body).toContain("登录成功");
    expect((await infoByCookie(second)).d.id).toBe(inApp.d.id);
  });

  it("answers a cancelled consent without logging in", async () => {
    const jar: Jar = {};
    const { callback } = await flow("github", "login", jar, { decision: "deny" });
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain("已取消授权");
    expect(jar.nugget_session).toBeUndefined();
  });
});

describe("state", () => {
  it("is single use", async () => {
    const jar: Jar = {};
    const { callback, callbackUrl, ip } = await flow("github", "login", jar, { name: `once${hex()}` });
    expect(callback.statusCode).toBe(200);
    const replay = await get(callbackUrl, jar, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain("授权已失效");
  });

  it("is refused when unknown, missing or for another channel", async () => {
    const ip = uniqueIp();
    expect((await get("/api/oauth/github/callback?code=x&state=nope", {}, ip)).statusCode).toBe(400);
    expect((await get("/api/oauth/github/callback?code=x", {}, ip)).statusCode).toBe(400);
    const jar: Jar = {};
    const { callback } = await flow("github", "login", jar, {
      tamper: (url) => url.replace("/api/oauth/github/", "/api/oauth/weibo/"),
    });
    expect(callback.statusCode).toBe(400);
  });

  it("can only be finished by the browser that started it (login CSRF)", async () => {
    // The attacker's own flow, stopped before the callback and handed to the victim's browser.
    const { callbackUrl, ip } = await authorize("github", "login", {}, { name: `attacker${hex()}` });
    const victim: Jar = {};
    const r = await get(callbackUrl, victim, ip);
    expect(r.statusCode).toBe(403);
    expect(r.body).toContain("请在发起授权的浏览器中完成授权");
    expect(victim.nugget_session).toBeUndefined();
  });
});

describe("inputs", () => {
  it("refuses redirects off the site", async () => {
    const ip = uniqueIp();
    for (const redirect of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "evil",
      "/a b",
      "/\tx",
    ]) {
      const r = await get(`/api/oauth/github/start?${new URLSearchParams({ redirect })}`, {}, ip);
      expect(r.statusCode, redirect).toBe(400);
      expect(r.headers.location).toBeUndefined();
    }
  });

  it("answers 404 for an unknown channel", async () => {
    const ip = uniqueIp();
    expect((await get("/api/oauth/myspace/start?mode=login", {}, ip)).statusCode).toBe(404);
    expect((await get("/api/oauth/myspace/callback?code=a&state=b", {}, ip)).statusCode).toBe(404);
    expect((await get("/dev/oauth/myspace?redirect_uri=/x&state=y", {}, ip)).statusCode).toBe(404);
  });

  it("takes via=inapp for WeChat only", async () => {
    const res = await get("/api/oauth/github/start?mode=login&via=inapp", {}, uniqueIp());
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("只有微信登录可以在微信内完成");
    expect((await get("/api/oauth/wechat/start?via=app", {}, uniqueIp())).statusCode).toBe(400);
  });

  it("validates the mode", async () => {
    const r = await get("/api/oauth/github/start?mode=steal", {}, uniqueIp());
    expect(r.statusCode).toBe(400);
  });

  it("dev consent page only sends codes to the registered callback", async () => {
    const r = await get(
      `/dev/oauth/github?${new URLSearchParams({ redirect_uri: "https://evil.example/cb", state: "s" })}`,
      {},
      uniqueIp(),
    );
    expect(r.statusCode).toBe(400);
    const post = await postRaw(
      nugget.app,
      "/dev/oauth/github/authorize",
      "application/x-www-form-urlencoded",
      "redirect_uri=https%3A%2F%2Fevil.example%2Fcb&state=s&decision=allow",
    );
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it("keeps the popup its opener's: pages allow popups, every hop of the flow is unsafe-none", async () => {
    const r = await call(nugget.app, "GET", "/api/v1/getUserInfo");
    expect(r.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    // Browsers apply COOP to redirects too, so the 302 and the dev 303 matter as much as the pages.
    const ip = uniqueIp();
    const jar: Jar = {};
    const start = await get("/api/oauth/github/start?mode=login", jar, ip);
    expect(start.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    const consent = await get(String(start.headers.location), jar, ip);
    expect(consent.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
    const params = new URL(String(start.headers.location), "http://x").searchParams;
    const answer = await nugget.app.inject({
      method: "POST",
      url: "/dev/oauth/github/authorize",
      remoteAddress: ip,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        redirect_uri: params.get("redirect_uri")!,
        state: params.get("state")!,
        decision: "deny",
      }).toString(),
    });
    expect(answer.headers["cross-origin-opener-policy"]).toBe("unsafe-none");
  });
});

describe("OpenAPI", () => {
  it("documents both routes, with state as the CSRF defence, and hides the dev pages", async () => {
    const paths = await openApiPaths(nugget.app);
    for (const path of ["/api/oauth/{channel}/start", "/api/oauth/{channel}/callback"]) {
      expect(paths[path]?.get?.description, path).toMatch(/CSRF 的防线是 state/);
    }
    expect(Object.keys(paths).some((p) => p.startsWith("/dev/oauth"))).toBe(false);
  });
});

describe("configuration", () => {
  it("refuses the dev provider in production and defaults to it elsewhere", () => {
    expect(() => loadConfig({ NODE_ENV: "production", OAUTH_PROVIDER: "dev" })).toThrow(/not allowed/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "live" }).oauth.provider).toBe("live");
    expect(loadConfig({}).oauth.provider).toBe("dev");
    const live = loadConfig({
      OAUTH_PROVIDER: "live",
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "s",
    }).oauth;
    expect(live.github).toEqual({ clientId: "id", clientSecret: "s" });
    expect(live.weibo).toBeNull();
    // Login inside WeChat is the official account's: the JS-SDK's keys, not the open platform's.
    const inApp = loadConfig({
      WECHAT_APP_ID: "wxmp",
      WECHAT_APP_SECRET: "s",
      WECHAT_OPEN_APPID: "wxo",
    }).oauth;
    expect(inApp.wechatInApp).toEqual({ appId: "wxmp", secret: "s" });
    expect(inApp.wechat).toBeNull();
  });

  it("counts one binding row per external account", async () => {
    const name = `count${hex()}`;
    await flow("github", "login", {}, { name });
    await flow("github", "login", {}, { name });
    const [row] = await db()
      .select({ n: count() })
      .from(thirdPartyBindings)
      .where(
        and(
          eq(thirdPartyBindings.channel, "github"),
          eq(thirdPartyBindings.externalUid, devIdentity("github", name).externalUid),
        ),
      );
    expect(Number(row.n)).toBe(1);
  });
});
