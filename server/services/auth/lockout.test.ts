import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByPhone, smsCodeFor, solveCaptcha } from "../../../tests/support/client.ts";
import { LOGIN_LIMITS } from "./auth.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const login = (phoneNumber: string, password: string, ip: string, extra: object = {}) =>
  call(nugget.app, "POST", "/api/auth/type/phoneNumber", { body: { phoneNumber, password, ...extra }, ip });

/** Issue 29, M4: failures count per account and client, so nobody can lock the owner out. */
describe("login lockout per account and client", () => {
  it("locks the failing address out with §8's 403, never the owner signing in from another", async () => {
    const owner = await registerByPhone(nugget);
    const attacker = uniqueIp();
    for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
      expect((await login(owner.phoneNumber, "wrong-password", attacker)).status).toBe(401);
    }
    const refused = await login(owner.phoneNumber, owner.password, attacker);
    expect([refused.status, refused.s, refused.m]).toEqual([403, 403, "登录失败次数过多，请稍后再试"]);
    const home = await login(owner.phoneNumber, owner.password, uniqueIp());
    expect([home.status, home.s, home.d.user.id]).toEqual([200, 1, owner.auth.uid]);
    // The owner's success forgives nothing of the attacker's address.
    expect((await login(owner.phoneNumber, owner.password, attacker)).status).toBe(403);
  });

  it("past the account's ceiling, guessing from many addresses meets the captcha; the right password still gets in", async () => {
    const owner = await registerByPhone(nugget);
    for (let i = 0; i < LOGIN_LIMITS.captchaAfter; i++) {
      expect((await login(owner.phoneNumber, `guess-${i}-x`, uniqueIp())).status).toBe(401);
    }
    const ip = uniqueIp();
    const asked = await login(owner.phoneNumber, owner.password, ip);
    expect([asked.status, asked.s, asked.d.field]).toEqual([403, 403, "imageCode"]);
    const { imageToken, imageCode } = await solveCaptcha(nugget);
    const wrongCaptcha = await login(owner.phoneNumber, owner.password, ip, {
      imageToken,
      imageCode: imageCode === "abcd" ? "abce" : "abcd",
    });
    expect([wrongCaptcha.status, wrongCaptcha.d.field]).toEqual([403, "imageCode"]);
    const captcha = await solveCaptcha(nugget);
    const ok = await login(owner.phoneNumber, owner.password, ip, captcha);
    expect([ok.status, ok.s]).toEqual([200, 1]);
    // A guess with a captcha is only a guess: 401, and the next try needs a new captcha.
    const guess = await login(owner.phoneNumber, "another-guess", uniqueIp(), await solveCaptcha(nugget));
    expect(guess.status).toBe(401);
  });

  it("lets the locked-out address in again once the password is reset", async () => {
    const owner = await registerByPhone(nugget);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_LIMITS.perClient; i++) await login(owner.phoneNumber, "forgotten-1", ip);
    expect((await login(owner.phoneNumber, owner.password, ip)).status).toBe(403);
    const smsCode = await smsCodeFor(nugget, owner.phoneNumber, "restpwd");
    const reset = await call(nugget.app, "POST", "/api/v1/restPassword", {
      body: { phone: owner.phoneNumber, smsCode, new_password: "remembered-1" },
      ip,
    });
    expect(reset.s).toBe(1);
    expect((await login(owner.phoneNumber, "remembered-1", ip)).s).toBe(1);
  });
});
