import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { NuggetApp } from "../../app.ts";
import { uniqueEmail, uniqueIp, uniquePhone, useTestApp } from "../../../tests/support/app.ts";
import {
  call,
  registerByEmail,
  registerByPhone,
  smsCodeFor,
  postRaw,
} from "../../../tests/support/client.ts";
import { LOGIN_LIMITS } from "./auth.ts";
import { loadConfig } from "../../config.ts";
import { jsSdkSignature } from "../../lib/wechat/index.ts";
import { DEV_APP_ID } from "../../lib/wechat/dev.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const loginEmail = (email: string, password: string, ip = uniqueIp()) =>
  call(nugget.app, "POST", "/api/auth/type/email", { body: { email, password }, ip });
const loginPhone = (phoneNumber: string, password: string, ip = uniqueIp()) =>
  call(nugget.app, "POST", "/api/auth/type/phoneNumber", { body: { phoneNumber, password }, ip });

describe("login (spec §7 auth service, §8 codes)", () => {
  it("logs in by e-mail and returns the auth triple and an httpOnly session cookie", async () => {
    const u = await registerByEmail(nugget);
    const r = await loginEmail(u.email.toUpperCase(), u.password);
    expect(r.status).toBe(200);
    expect(r.s).toBe(1);
    expect(r.d.user.id).toMatch(/^[0-9a-f]{24}$/);
    expect(r.d.user.email).toBe(u.email);
    expect(r.d.user).not.toHaveProperty("passwordHash");
    expect(r.d.token.length).toBeGreaterThan(20);
    expect(r.cookies.nugget_session).toBe(r.d.token);
    expect(String(r.headers["set-cookie"])).toMatch(/HttpOnly/i);
    expect(String(r.headers["set-cookie"])).toMatch(/SameSite=Lax/i);
  });

  it("logs in by phone number", async () => {
    const u = await registerByPhone(nugget);
    const r = await loginPhone(u.phoneNumber, u.password);
    expect(r.s).toBe(1);
    expect(r.d.user.mobilePhoneNumber).toBe(u.phoneNumber);
  });

  it("keeps a clientId the client sends", async () => {
    const u = await registerByEmail(nugget);
    const r = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: u.password, device_id: "device-123" },
    });
    expect(r.d.clientId).toBe("device-123");
  });

  it("rejects an empty account and an empty password, naming the field", async () => {
    const a = await loginEmail("", "x");
    expect([a.status, a.s, a.d.field]).toEqual([400, 400, "email"]);
    expect(a.m).toBe("请输入手机号或邮箱");
    const b = await loginEmail("someone@example.com", "");
    expect([b.status, b.d.field]).toEqual([400, "password"]);
    expect(b.m).toBe("密码不能为空");
    const c = await loginPhone("12345", "secret123");
    expect([c.status, c.d.field]).toEqual([400, "phoneNumber"]);
    const d = await call(nugget.app, "POST", "/api/auth/type/email", { body: { password: "x" } });
    expect([d.status, d.d.field]).toEqual([400, "email"]);
  });

  it("answers 404 for an unknown account and 401 for a wrong password", async () => {
    const unknown = await loginEmail(uniqueEmail(), "secret123");
    expect([unknown.status, unknown.s]).toEqual([404, 404]);
    expect(unknown.m).toBe("邮箱不存在");
    const unknownPhone = await loginPhone(uniquePhone(), "secret123");
    expect([unknownPhone.status, unknownPhone.m]).toEqual([404, "手机号不存在"]);
    const u = await registerByEmail(nugget);
    const wrong = await loginEmail(u.email, "not-the-password");
    expect([wrong.status, wrong.s, wrong.d.field]).toEqual([401, 401, "password"]);
    expect(wrong.m).toBe("密码错误");
  });

  it("answers 403 to an address after repeated failures on one account, even with the right password", async () => {
    const u = await registerByEmail(nugget);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
      expect((await loginEmail(u.email, "wrong-password", ip)).status).toBe(401);
    }
    const blocked = await loginEmail(u.email, u.password, ip);
    expect([blocked.status, blocked.s]).toEqual([403, 403]);
    expect(blocked.m).toBe("登录失败次数过多，请稍后再试");
  });

  it("locks an address out of an account after 5 wrong passwords whichever way it logs in", async () => {
    const u = await registerByPhone(nugget);
    const bound = await call(nugget.app, "POST", "/api/v1/updateUserEmail", {
      body: { email: uniqueEmail(), password: u.password },
      auth: u.auth,
    });
    expect(bound.s).toBe(1);
    // Three wrong by phone, two by e-mail, from one address: five for the account from there.
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++)
      expect((await loginPhone(u.phoneNumber, "wrong-password", ip)).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await loginEmail(bound.d.email, "wrong-password", ip)).status).toBe(401);
    expect((await loginPhone(u.phoneNumber, u.password, ip)).status).toBe(403);
    expect((await loginEmail(bound.d.email, u.password, ip)).status).toBe(403);
  });

  it("never locks a correct password out for others' failures from one address, only slows it", async () => {
    const ip = uniqueIp();
    const admin = await registerByEmail(nugget);
    // 15 wrong passwords and 5 unknown accounts from one address: the finding's lockout.
    const victim = await registerByEmail(nugget);
    for (let i = 0; i < 15; i++) await loginEmail(victim.email, "wrong-password", ip);
    for (let i = 0; i < 5; i++) await loginEmail(uniqueEmail(), "whatever1", ip);
    const ok = await loginEmail(admin.email, admin.password, ip);
    expect([ok.status, ok.s]).toEqual([200, 1]);

    // Past 20 failures each one more makes the address wait a little longer: 429 with Retry-After,
    // the right password too, but only for those seconds.
    expect((await loginEmail(uniqueEmail(), "whatever1", ip)).status).toBe(404); // the 21st failure
    const slowed = await loginEmail(admin.email, admin.password, ip);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(LOGIN_LIMITS.maxSlowSeconds);
    expect(slowed.m).toMatch(/秒后再试/);
    // Another address is not slowed.
    expect((await loginEmail(admin.email, admin.password)).status).toBe(200);
    // The wait passes.
    await nugget.kv.del(`loginslow:ip:${ip}`);
    expect((await loginEmail(admin.email, admin.password, ip)).status).toBe(200);
  });

  it("answers 410 when the account must reset its password, and logs in after a reset", async () => {
    const u = await registerByPhone(nugget);
    await nugget.database.db
      .update(users)
      .set({ passwordResetRequired: true })
      .where(eq(users.id, u.auth.uid));
    const wrong = await loginPhone(u.phoneNumber, "wrong-password");
    expect(wrong.status).toBe(401);
    const gone = await loginPhone(u.phoneNumber, u.password);
    expect([gone.status, gone.s]).toEqual([410, 410]);
    expect(gone.m).toContain("重置密码");
    const smsCode = await smsCodeFor(nugget, u.phoneNumber, "restpwd");
    const reset = await call(nugget.app, "POST", "/api/v1/restPassword", {
      body: { phone: u.phoneNumber, smsCode, new_password: "brand-new-1" },
    });
    expect(reset.s).toBe(1);
    expect((await loginPhone(u.phoneNumber, "brand-new-1")).s).toBe(1);
  });

  it("accepts form-encoded bodies", async () => {
    const u = await registerByEmail(nugget);
    const r = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: u.password },
      form: true,
    });
    expect(r.s).toBe(1);
  });
});

describe("sessions", () => {
  it("accepts the triple as headers, as query fields and as the cookie", async () => {
    const u = await registerByEmail(nugget);
    const byHeaders = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth });
    expect(byHeaders.d.id).toBe(u.auth.uid);
    const q = `uid=${u.auth.uid}&token=${encodeURIComponent(u.auth.token)}&device_id=${u.auth.client}&src=web`;
    const byQuery = await call(nugget.app, "GET", `/api/v1/getUserInfo?${q}`);
    expect(byQuery.d.id).toBe(u.auth.uid);
    const byCookie = await call(nugget.app, "GET", "/api/v1/getUserInfo", {
      headers: { cookie: `nugget_session=${u.auth.token}` },
    });
    expect(byCookie.d.id).toBe(u.auth.uid);
  });

  it("refuses a token presented with someone else's uid", async () => {
    const a = await registerByEmail(nugget);
    const b = await registerByEmail(nugget);
    const r = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: { ...a.auth, uid: b.auth.uid } });
    expect(r.status).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const u = await registerByEmail(nugget);
    const rows = await nugget.database.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.userId, u.auth.uid),
    });
    expect(rows.length).toBe(1);
    expect(rows[0].tokenHash).not.toContain(u.auth.token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("logout ends the session on the server", async () => {
    const u = await registerByEmail(nugget);
    const out = await call(nugget.app, "DELETE", "/api/auth", { auth: u.auth });
    expect(out.s).toBe(1);
    const after = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth });
    expect([after.status, after.s]).toEqual([401, 401]);
  });

  it("needs the CSRF header for changes made with the cookie", async () => {
    const u = await registerByEmail(nugget);
    const cookie = `nugget_session=${u.auth.token}; nugget_csrf=abcdefghijklmnopqrstuvwx`;
    const body = { field: "company", value: "掘金" };
    const without = await call(nugget.app, "POST", "/api/v1/updateUserInfo", { body, headers: { cookie } });
    expect([without.status, without.s]).toEqual([403, 403]);
    const wrong = await call(nugget.app, "POST", "/api/v1/updateUserInfo", {
      body,
      headers: { cookie, "x-csrf-token": "zzzzzzzzzzzzzzzzzzzzzzzz" },
    });
    expect(wrong.status).toBe(403);
    const right = await call(nugget.app, "POST", "/api/v1/updateUserInfo", {
      body,
      headers: { cookie, "x-csrf-token": "abcdefghijklmnopqrstuvwx" },
    });
    expect(right.s).toBe(1);
    expect(right.d.company).toBe("掘金");
  });
});

describe("the envelope", () => {
  it("answers 401 for a login-required call without login", async () => {
    const r = await call(nugget.app, "GET", "/api/v1/getUserInfo");
    expect([r.status, r.s, r.d]).toEqual([401, 401, null]);
    expect(r.m).toBe("请先登录");
  });

  it("answers an unknown API path with a 404 envelope", async () => {
    const r = await call(nugget.app, "GET", "/api/nothing-here");
    expect([r.status, r.s]).toEqual([404, 404]);
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await postRaw(nugget.app, "/api/auth/type/email", "application/json", "{not json");
    expect(res.statusCode).toBe(400);
    expect(res.json().s).toBe(400);
  });

  it("signs a page for the in-app browser with the stored jsapi ticket, URL without its fragment", async () => {
    const url = "http://nugget.test/post/1?from=timeline";
    const r = await call(nugget.app, "GET", "/api/wechat/auth?url=" + encodeURIComponent(url + "#x"));
    expect(Object.keys(r.d).sort()).toEqual(["appId", "nonceStr", "signature", "timestamp"]);
    expect(r.d.appId).toBe(loadConfig(process.env).wechat.appId ?? DEV_APP_ID);
    expect(Math.abs(r.d.timestamp - Date.now() / 1000)).toBeLessThan(5);
    // The dev provider's ticket, bought once and kept in the shared store.
    const jsapiTicket = await nugget.kv.get(`wechat:${r.d.appId}:jsapi_ticket`);
    expect(jsapiTicket).toMatch(/^dev-jsapi-ticket-\d+$/);
    expect(r.d.signature).toBe(
      jsSdkSignature({ jsapiTicket: jsapiTicket!, nonceStr: r.d.nonceStr, timestamp: r.d.timestamp, url }),
    );
    const again = await call(nugget.app, "GET", "/api/wechat/auth?url=" + encodeURIComponent(url));
    expect(again.d.nonceStr).not.toBe(r.d.nonceStr);
    expect(await nugget.kv.get(`wechat:${r.d.appId}:jsapi_ticket`)).toBe(jsapiTicket);
  });

  it("needs the url to sign", async () => {
    const r = await call(nugget.app, "GET", "/api/wechat/auth");
    expect(r.status).toBe(400);
    expect(r.d).toEqual({ field: "url" });
  });

  it("refuses the dev JS-SDK provider in production and needs both keys for live", () => {
    expect(() => loadConfig({ NODE_ENV: "production", WECHAT_PROVIDER: "dev" })).toThrow(/not allowed/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "live" }).wechat).toEqual({
      provider: "live",
      appId: null,
      secret: null,
    });
    expect(loadConfig({ WECHAT_APP_ID: "wxmp", WECHAT_APP_SECRET: "s" }).wechat).toEqual({
      provider: "dev",
      appId: "wxmp",
      secret: "s",
    });
  });
});
