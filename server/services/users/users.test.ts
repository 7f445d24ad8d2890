import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { users, verificationCodes } from "../../../db/schema/index.ts";
import type { NuggetApp } from "../../app.ts";
import { uniqueEmail, uniqueIp, uniquePhone, uniqueUsername } from "../../../tests/support/app.ts";
import { type Smtp, useTestAppWithSmtp } from "../../../tests/support/smtp.ts";
import { makeAdmin, makeUser } from "../../../tests/support/factories.ts";
import {
  call,
  registerByEmail,
  registerByPhone,
  smsCodeFor,
  solveCaptcha,
  type Auth,
} from "../../../tests/support/client.ts";

let nugget: NuggetApp;
let smtp: Smtp;
useTestAppWithSmtp((n, s) => ((nugget = n), (smtp = s)));

const userCount = async () => {
  const r = await nugget.database.db.execute(sql`select count(*)::int as n from users`);
  return Number(((r as any).rows ?? r)[0].n);
};
const register = (body: Record<string, unknown>) =>
  call(nugget.app, "POST", "/api/v1/createUser", { body, ip: uniqueIp() });
/** Expects a rejection that names `field` and leaves the users table as it was. */
async function expectRejected(body: Record<string, unknown>, status: number, s: number, field: string) {
  const before = await userCount();
  const r = await register(body);
  expect([r.status, r.s, r.d?.field]).toEqual([status, s, field]);
  expect(r.m).toBeTruthy();
  expect(await userCount()).toBe(before);
  return r;
}
const linkIn = (mail: string) => mail.match(/https?:\/\/\S+token=([\w-]+)/)![1];
/** Asks for a reset mail as the reset page does: behind a solved captcha, from an address of its own. */
const resetByEmail = async (email: string) =>
  call(nugget.app, "POST", "/api/v1/restPwdByEmail", {
    body: { email, ...(await solveCaptcha(nugget)) },
    ip: uniqueIp(),
  });

describe("registration (spec §5, §8)", () => {
  it("registers by e-mail, logs in and sends a verification mail over SMTP", async () => {
    const u = await registerByEmail(nugget);
    expect(u.user.username).toBe(u.username);
    expect(u.user.emailVerified).toBe(false);
    await expect.poll(() => smtp.mailsTo(u.email).length).toBe(1);
    expect(smtp.mailsTo(u.email)[0]).toContain("/api/v1/verifyUserEmail?token=");
  });

  it("registers by phone with the SMS code, and the phone counts as verified", async () => {
    const u = await registerByPhone(nugget);
    expect(u.user.mobilePhoneNumber).toBe(u.phoneNumber);
    expect(u.user.mobilePhoneVerified).toBe(true);
  });

  it("checks the username rule", async () => {
    const base = { email: uniqueEmail(), password: "secret123" };
    expect((await expectRejected({ ...base, username: "" }, 400, 400, "username")).m).toBe("用户名不能为空");
    expect((await expectRejected({ ...base, username: "   " }, 400, 400, "username")).m).toBe(
      "用户名不能为空",
    );
    expect((await expectRejected({ ...base, username: "超".repeat(21) }, 400, 400, "username")).m).toBe(
      "用户名不能超过 20 个字符",
    );
    await expectRejected({ ...base, username: "bad name!" }, 400, 400, "username");
    await expectRejected({ ...base, username: "x".repeat(65) }, 400, 400, "username");
    await expectRejected({ password: "secret123", email: uniqueEmail() }, 400, 400, "username");
  });

  it("checks the password rule", async () => {
    const base = { email: uniqueEmail(), username: uniqueUsername() };
    expect((await expectRejected({ ...base, password: "12345" }, 400, 400, "password")).m).toBe(
      "密码不能少于 6 位",
    );
    await expectRejected({ ...base, password: "" }, 400, 400, "password");
    await expectRejected({ ...base, password: "x".repeat(129) }, 400, 400, "password");
  });

  it("checks the account", async () => {
    const base = { username: uniqueUsername(), password: "secret123" };
    await expectRejected(base, 400, 400, "email");
    await expectRejected({ ...base, email: "not-an-email" }, 400, 400, "email");
    await expectRejected({ ...base, phoneNumber: "1234" }, 400, 400, "phoneNumber");
    await expectRejected({ ...base, email: uniqueEmail(), phoneNumber: uniquePhone() }, 400, 400, "email");
  });

  it("answers 10013 for a taken username, case-insensitively", async () => {
    const u = await registerByEmail(nugget, { username: `Ab_${Date.now() % 100000}` });
    await expectRejected(
      { username: u.username.toLowerCase(), email: uniqueEmail(), password: "secret123" },
      200,
      10013,
      "username",
    );
  });

  it("answers 10019 for a registered e-mail and 10014 for a registered phone", async () => {
    const e = await registerByEmail(nugget);
    await expectRejected(
      { username: uniqueUsername(), email: e.email.toUpperCase(), password: "secret123" },
      200,
      10019,
      "email",
    );
    const p = await registerByPhone(nugget);
    await expectRejected(
      { username: uniqueUsername(), phoneNumber: p.phoneNumber, smsCode: "123456", password: "secret123" },
      200,
      10014,
      "phoneNumber",
    );
  });

  it("answers 10017 for a wrong or missing SMS code, and locks a code after 5 wrong tries", async () => {
    const phone = uniquePhone();
    const code = await smsCodeFor(nugget, phone, "signup");
    const wrong = code === "000000" ? "111111" : "000000";
    const body = { username: uniqueUsername(), phoneNumber: phone, password: "secret123" };
    await expectRejected({ ...body, smsCode: "" }, 400, 400, "smsCode");
    for (let i = 0; i < 5; i++) await expectRejected({ ...body, smsCode: wrong }, 200, 10017, "smsCode");
    // The right code no longer works once guessing has been tried too often.
    await expectRejected({ ...body, smsCode: code }, 200, 10017, "smsCode");
  });

  it("uses an SMS code only once", async () => {
    const phone = uniquePhone();
    const smsCode = await smsCodeFor(nugget, phone, "signup");
    expect(
      (await register({ username: uniqueUsername(), phoneNumber: phone, smsCode, password: "secret123" })).s,
    ).toBe(1);
    const again = await register({
      username: uniqueUsername(),
      phoneNumber: phone,
      smsCode,
      password: "secret123",
    });
    expect(again.s).toBe(10014);
  });

  it("never answers 5xx to arbitrary registration bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            username: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            password: fc.oneof(fc.string(), fc.integer()),
            email: fc.oneof(fc.string(), fc.emailAddress()),
            phoneNumber: fc.oneof(fc.string(), fc.stringMatching(/^1[3-9]\d{9}$/)),
            smsCode: fc.string(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const r = await register(body);
          expect(r.status).toBeLessThan(500);
          if (r.s !== 1) expect(r.m).toBeTruthy();
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("applying as editor (spec §5, §8)", () => {
  it("is deprecated: POST /api/v1/applyEditor always answers 410 with the same message, logged in or not", async () => {
    const admin = await makeAdmin(nugget);
    for (const opts of [{}, { auth: (await makeUser(nugget)).auth }, { auth: admin.auth }]) {
      const r = await call(nugget.app, "POST", "/api/v1/applyEditor", {
        ...opts,
        body: { reason: "想当编辑" },
      });
      expect([r.status, r.s, r.m, r.d]).toEqual([410, 410, "申请成为编辑的功能已停用", null]);
    }
    // Nothing changed: the applicant is still a plain user.
    const plain = await makeUser(nugget);
    await call(nugget.app, "POST", "/api/v1/applyEditor", { auth: plain.auth });
    const me = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: plain.auth });
    expect(me.d.role).toBe("user");
  });
});

describe("captcha and SMS codes", () => {
  it("gives a 4-character SVG captcha", async () => {
    const c = await solveCaptcha(nugget);
    expect(c.imageStr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(c.imageCode).toHaveLength(4);
  });

  it("refuses a wrong captcha, and a captcha is single-use", async () => {
    const c = await solveCaptcha(nugget);
    const phone = uniquePhone();
    const send = (imageCode: string) =>
      call(nugget.app, "POST", "/api/v2/sendSmsCodeToUser", {
        body: { phone, imageToken: c.imageToken, imageCode, useType: "signup" },
        ip: uniqueIp(),
      });
    const wrong = await send(c.imageCode === "abcd" ? "abce" : "abcd");
    expect([wrong.status, wrong.d.field]).toEqual([400, "imageCode"]);
    expect((await send(c.imageCode)).status).toBe(400);
  });

  it("accepts the captcha in any letter case and limits resending to once a minute", async () => {
    const phone = uniquePhone();
    const send = async () => {
      const c = await solveCaptcha(nugget);
      return call(nugget.app, "POST", "/api/v2/sendSmsCodeToUser", {
        body: { phone, imageToken: c.imageToken, imageCode: c.imageCode.toUpperCase(), useType: "signup" },
        ip: uniqueIp(),
      });
    };
    expect((await send()).s).toBe(1);
    expect(nugget.outbox!.list(phone)[0].text).toMatch(/验证码是 \d{6}/);
    const again = await send();
    expect([again.status, again.s]).toEqual([429, 429]);
  });

  it("refuses signup codes for registered phones and reset codes for unknown ones", async () => {
    const u = await registerByPhone(nugget);
    const send = async (phone: string, useType: string) => {
      const c = await solveCaptcha(nugget);
      return call(nugget.app, "POST", "/api/v2/sendSmsCodeToUser", {
        body: { phone, imageToken: c.imageToken, imageCode: c.imageCode, useType },
        ip: uniqueIp(),
      });
    };
    expect((await send(u.phoneNumber, "signup")).s).toBe(10014);
    expect((await send(uniquePhone(), "restpwd")).status).toBe(404);
    expect((await send(uniquePhone(), "bind")).status).toBe(401);
    const bad = await send("123", "signup");
    expect([bad.status, bad.d.field]).toEqual([400, "phone"]);
    const badType = await send(uniquePhone(), "other");
    expect([badType.status, badType.d.field]).toEqual([400, "useType"]);
  });
});

describe("profile and password", () => {
  it("updates each profile field and rejects bad values", async () => {
    const u = await registerByEmail(nugget);
    const update = (field: string, value: string, auth: Auth | null = u.auth) =>
      call(nugget.app, "POST", "/api/v1/updateUserInfo", { body: { field, value }, auth: auth ?? undefined });
    expect((await update("selfDescription", "写代码的")).d.selfDescription).toBe("写代码的");
    expect((await update("self_description", "热爱开源")).d.selfDescription).toBe("热爱开源");
    expect((await update("jobTitle", "前端工程师")).d.jobTitle).toBe("前端工程师");
    expect((await update("company", "掘金")).d.company).toBe("掘金");
    expect((await update("blogAddress", "example.com/blog")).d.blogAddress).toBe("http://example.com/blog");
    const newName = uniqueUsername();
    expect((await update("username", newName)).d.username).toBe(newName);

    const badUrl = await update("blogAddress", "not a url");
    expect([badUrl.status, badUrl.d.field, badUrl.m]).toEqual([400, "value", "个人主页格式不正确"]);
    expect((await update("username", "")).m).toBe("用户名不能为空");
    const other = await registerByEmail(nugget);
    expect((await update("username", other.username)).s).toBe(10013);
    const unknown = await update("role", "admin");
    expect([unknown.status, unknown.d.field]).toEqual([400, "field"]);
    expect((await update("company", "x".repeat(51))).status).toBe(400);
    expect((await update("company", "x", null)).status).toBe(401);

    const info = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth });
    expect(info.d).toMatchObject({ username: newName, company: "掘金", role: "user", self: true });
  });

  it("changes the password, ending the user's other sessions", async () => {
    const u = await registerByEmail(nugget);
    const second = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: u.password },
    });
    const other: Auth = { uid: u.auth.uid, client: second.d.clientId, token: second.d.token };
    const change = (old_password: string, new_password: string) =>
      call(nugget.app, "POST", "/api/v1/changePassword", {
        body: { old_password, new_password },
        auth: u.auth,
      });
    expect((await change("wrong-one", "newpass123")).d.field).toBe("old_password");
    expect((await change("", "newpass123")).m).toBe("请输入当前密码");
    expect((await change(u.password, "123")).d.field).toBe("new_password");
    expect((await change(u.password, "newpass123")).s).toBe(1);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: other })).status).toBe(401);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth })).s).toBe(1);
    const relogin = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: "newpass123" },
    });
    expect(relogin.s).toBe(1);
  });

  it("resets the password by e-mail link, once", async () => {
    const u = await registerByEmail(nugget);
    const sent = await resetByEmail(u.email);
    expect(sent.s).toBe(1);
    await expect
      .poll(() => smtp.mailsTo(u.email).some((m) => m.includes("/set-new-password?token=")))
      .toBe(true);
    const token = linkIn(smtp.mailsTo(u.email).find((m) => m.includes("/set-new-password"))!);
    const set = (mail_token: string, new_password: string) =>
      call(nugget.app, "POST", "/api/v1/changePasswordByEmailToken", { body: { mail_token, new_password } });
    expect((await set(token, "12")).d.field).toBe("new_password");
    expect((await set(token, "reset-pass-1")).s).toBe(1);
    expect((await set(token, "reset-pass-2")).d.field).toBe("mail_token");
    expect((await set("made-up-token", "reset-pass-2")).status).toBe(400);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth })).status).toBe(401);
    const login = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: u.email, password: "reset-pass-1" },
    });
    expect(login.s).toBe(1);
    expect((await resetByEmail(uniqueEmail())).status).toBe(404);
  });

  it("resets the password by SMS code", async () => {
    const u = await registerByPhone(nugget);
    const smsCode = await smsCodeFor(nugget, u.phoneNumber, "restpwd");
    const reset = (code: string) =>
      call(nugget.app, "POST", "/api/v1/restPassword", {
        body: { phone: u.phoneNumber, smsCode: code, new_password: "by-phone-1" },
      });
    expect((await reset(smsCode === "000000" ? "111111" : "000000")).s).toBe(10017);
    expect((await reset(smsCode)).s).toBe(1);
    expect((await reset(smsCode)).s).toBe(10017);
  });
  it("compares no more than 5 guesses of one SMS code, however many arrive at once", async () => {
    const u = await registerByPhone(nugget);
    const smsCode = await smsCodeFor(nugget, u.phoneNumber, "restpwd");
    const wrong = smsCode === "000000" ? "111111" : "000000";
    // Straight to the service, each from an address of its own: the per-address allowance of
    // reset misses (RESET_MISSES) would stop most of these first.
    const from = () => ({ userId: null, sessionId: null, ip: uniqueIp(), userAgent: "" });
    const guesses = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        nugget.services.users.restPassword(
          { phone: u.phoneNumber, smsCode: wrong, new_password: "guess-123" },
          from(),
        ),
      ),
    );
    expect(guesses.every((g) => g.status === "rejected")).toBe(true);
    const [code] = await nugget.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, u.phoneNumber), eq(verificationCodes.purpose, "restpwd")));
    expect(code.attempts).toBe(5);
    // The right code after five wrong ones is refused too: the code is spent.
    await expect(
      nugget.services.users.restPassword(
        { phone: u.phoneNumber, smsCode, new_password: "guess-123" },
        from(),
      ),
    ).rejects.toMatchObject({ code: 10017 });
  });
});

describe("e-mail and phone bindings", () => {
  it("verifies the e-mail address from the mailed link", async () => {
    const u = await registerByEmail(nugget);
    await expect.poll(() => smtp.mailsTo(u.email).length).toBeGreaterThan(0);
    expect(
      (
        await call(nugget.app, "POST", "/api/v1/sendEmailToUser", {
          body: { sendType: "verify" },
          auth: u.auth,
        })
      ).s,
    ).toBe(1);
    await expect.poll(() => smtp.mailsTo(u.email).length).toBe(2);
    const token = linkIn(smtp.mailsTo(u.email)[1]);
    const page = await nugget.app.inject({
      method: "GET",
      url: `/api/v1/verifyUserEmail?token=${token}`,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/user/settings/account?emailVerified=1");
    const info = await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth });
    expect(info.d.emailVerified).toBe(true);
    const again = await call(nugget.app, "POST", "/api/v1/sendEmailToUser", {
      body: { sendType: "verify" },
      auth: u.auth,
    });
    expect(again.status).toBe(400);
    expect(
      (await call(nugget.app, "POST", "/api/v1/sendEmailToUser", { body: { sendType: "verify" } })).status,
    ).toBe(401);
  });

  it("binds and changes an e-mail address, refusing one that is taken", async () => {
    const p = await registerByPhone(nugget);
    const taken = await registerByEmail(nugget);
    const bind = (email: string) =>
      call(nugget.app, "POST", "/api/v1/updateUserEmail", {
        body: { email, password: p.password },
        auth: p.auth,
      });
    expect((await bind(taken.email)).s).toBe(10019);
    expect((await bind("nope")).d.field).toBe("email");
    const email = uniqueEmail();
    const r = await bind(email);
    expect([r.s, r.d.email, r.d.emailVerified]).toEqual([1, email, false]);
    await expect.poll(() => smtp.mailsTo(email).length).toBe(1);
  });

  it("binds a phone number with a bind code, refusing one that is taken", async () => {
    const e = await registerByEmail(nugget);
    const other = await registerByPhone(nugget);
    const phone = uniquePhone();
    const code = await smsCodeFor(nugget, phone, "bind", e.auth);
    const bind = (p: string, smsCode: string) =>
      call(nugget.app, "POST", "/api/v1/bindUserMobile", {
        body: { phone: p, smsCode, password: e.password },
        auth: e.auth,
      });
    expect((await bind(other.phoneNumber, code)).s).toBe(10014);
    const r = await bind(phone, code);
    expect([r.s, r.d.mobilePhoneNumber, r.d.mobilePhoneVerified]).toEqual([1, phone, true]);
    const loginByPhone = await call(nugget.app, "POST", "/api/auth/type/phoneNumber", {
      body: { phoneNumber: phone, password: e.password },
    });
    expect(loginByPhone.s).toBe(1);
  });

  it("takes avatars by the one image-address rule: never a protocol-relative //host address", async () => {
    const u = await registerByEmail(nugget);
    const set = (value: string) =>
      call(nugget.app, "POST", "/api/v1/updateUserInfo", {
        body: { field: "avatarLarge", value },
        auth: u.auth,
      });
    for (const bad of [
      "//evil.example/x.png",
      "javascript:alert(1)",
      '/x.png"onerror="x',
      "data:image/png;base64,AAAA",
    ]) {
      const r = await set(bad);
      expect([bad, r.status, r.d?.field]).toEqual([bad, 400, "value"]);
    }
    for (const good of ["https://cdn.example.com/a.png", "/uploads/2026/11/a.png", ""]) {
      expect([good, (await set(good)).s]).toEqual([good, 1]);
    }
  });

  it("asks for the current password to change the e-mail, tells the old address, and lets it undo the change", async () => {
    const owner = await registerByEmail(nugget);
    await expect.poll(() => smtp.mailsTo(owner.email).length).toBe(1); // the sign-up verification
    const attacker = uniqueEmail();
    const change = (body: object) =>
      call(nugget.app, "POST", "/api/v1/updateUserEmail", { body, auth: owner.auth });
    // A stolen session alone changes nothing.
    const missing = await change({ email: attacker });
    expect([missing.status, missing.d.field]).toEqual([400, "password"]);
    const wrong = await change({ email: attacker, password: "not-the-password" });
    expect([wrong.status, wrong.d.field]).toEqual([400, "password"]);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: owner.auth })).d.email).toBe(
      owner.email,
    );
    expect(smtp.mailsTo(attacker)).toHaveLength(0);

    // With the password the change goes through, and the old address hears of it.
    const changed = await change({ email: attacker, password: owner.password });
    expect([changed.s, changed.d.email]).toEqual([1, attacker]);
    await expect.poll(() => smtp.mailsTo(owner.email).length).toBe(2);
    const notice = smtp.mailsTo(owner.email).find((m) => m.includes("/revert-email?token="))!;
    expect(notice).toBeDefined();
    const revertLink = linkIn(notice);

    // A reset link mailed to the new address meanwhile…
    expect((await resetByEmail(attacker)).s).toBe(1);
    await expect.poll(() => smtp.mailsTo(attacker).length).toBe(2); // verify + reset
    const resetToken = linkIn(smtp.mailsTo(attacker).find((m) => m.includes("/set-new-password"))!);

    // …stops working once the owner undoes the change from the old address: the address comes
    // back verified and every session ends.
    // Opening the link changes nothing (mail scanners open links): an old-style API link leads to
    // the confirmation page, whose button sends the POST.
    const opened = await nugget.app.inject({
      method: "GET",
      url: `/api/v1/revertEmailChange?token=${revertLink}`,
      headers: { accept: "text/html" },
    });
    expect([opened.statusCode, opened.headers.location]).toEqual([302, `/revert-email?token=${revertLink}`]);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: owner.auth })).d.email).toBe(
      attacker,
    );
    const undone = await call(nugget.app, "POST", "/api/v1/revertEmailChange", {
      body: { token: revertLink },
    });
    expect(undone.s).toBe(1);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: owner.auth })).status).toBe(401);
    const login = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: owner.email, password: owner.password },
      ip: uniqueIp(),
    });
    expect(login.s).toBe(1);
    const me = await call(nugget.app, "GET", "/api/v1/getUserInfo", {
      auth: { uid: login.d.user.id, client: login.d.clientId, token: login.d.token },
    });
    expect([me.d.email, me.d.emailVerified]).toEqual([owner.email, true]);
    const reset = await call(nugget.app, "POST", "/api/v1/changePasswordByEmailToken", {
      body: { mail_token: resetToken, new_password: "taken-over-1" },
    });
    expect(reset.status).toBe(400);
    // The undo link works once.
    const twice = await call(nugget.app, "POST", "/api/v1/revertEmailChange", {
      body: { token: revertLink },
    });
    expect(twice.status).toBe(400);
  });

  it("keeps the undo link when the old address was taken meanwhile (409): nothing half done", async () => {
    const owner = await registerByEmail(nugget);
    const changed = await call(nugget.app, "POST", "/api/v1/updateUserEmail", {
      body: { email: uniqueEmail(), password: owner.password },
      auth: owner.auth,
    });
    expect(changed.s).toBe(1);
    await expect
      .poll(() => smtp.mailsTo(owner.email).some((m) => m.includes("/revert-email?token=")))
      .toBe(true);
    const token = linkIn(smtp.mailsTo(owner.email).find((m) => m.includes("/revert-email?token="))!);
    // Someone else registers the freed address; the undo cannot take it from them.
    const squatter = await registerByEmail(nugget, { email: owner.email });
    const refused = await call(nugget.app, "POST", "/api/v1/revertEmailChange", { body: { token } });
    expect([refused.status, refused.d.field]).toEqual([409, "token"]);
    // The owner's sessions still stand, and once the address is free the same link works.
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: owner.auth })).s).toBe(1);
    expect(
      (
        await call(nugget.app, "POST", "/api/v1/updateUserEmail", {
          body: { email: uniqueEmail(), password: squatter.password },
          auth: squatter.auth,
        })
      ).s,
    ).toBe(1);
    expect((await call(nugget.app, "POST", "/api/v1/revertEmailChange", { body: { token } })).s).toBe(1);
    expect((await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: owner.auth })).status).toBe(401);
  });

  it("limits e-mail changes to 5 in 10 minutes per account, so nobody is mail-bombed", async () => {
    const u = await registerByEmail(nugget);
    const victim = uniqueEmail();
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await call(nugget.app, "POST", "/api/v1/updateUserEmail", {
        body: { email: i % 2 ? victim : uniqueEmail(), password: u.password },
        auth: u.auth,
      });
      answers.push(r.status);
    }
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    await new Promise((r) => setTimeout(r, 300));
    // Two accepted changes to the victim's address: a verification each, and a change notice each
    // when the next change moved away from it. Nothing after the limit.
    expect(smtp.mailsTo(victim).length).toBeLessThanOrEqual(4);
  });

  it("sends no password reset to an address bound without a password in the last 24 hours", async () => {
    // An account made by a third-party login has no password to ask for.
    const u = await registerByEmail(nugget);
    await nugget.database.db
      .update(users)
      .set({ passwordHash: null, email: null })
      .where(eq(users.id, u.auth.uid));
    const email = uniqueEmail();
    const bound = await call(nugget.app, "POST", "/api/v1/updateUserEmail", {
      body: { email },
      auth: u.auth,
    });
    expect([bound.s, bound.d.email, bound.d.hasPassword]).toEqual([1, email, false]);
    const reset = await resetByEmail(email);
    expect(reset.status).toBe(403);
    expect(reset.m).toContain("24 小时");
    // A day later it may.
    await nugget.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, u.auth.uid), eq(verificationCodes.purpose, "email-bound")));
    expect((await resetByEmail(email)).s).toBe(1);
  });

  it("unbinds, always keeping one way to log in", async () => {
    const e = await registerByEmail(nugget);
    const unbind = (body: object) =>
      call(nugget.app, "POST", "/api/v1/unbind", { body: { ...body, password: e.password }, auth: e.auth });
    expect((await unbind({ email: true })).status).toBe(400);
    expect((await unbind({ phone: true })).status).toBe(404);
    expect((await unbind({ channel: "github", isThird: true })).status).toBe(404);
    expect((await unbind({ channel: "myspace", isThird: true })).d.field).toBe("channel");
    expect((await unbind({})).status).toBe(400);
    const phone = uniquePhone();
    const code = await smsCodeFor(nugget, phone, "bind", e.auth);
    await call(nugget.app, "POST", "/api/v2/updateUserMobile", {
      body: { phone, smsCode: code, password: e.password },
      auth: e.auth,
    });
    const r = await unbind({ email: true });
    expect([r.s, r.d.email]).toEqual([1, null]);
    expect((await unbind({ phone: true })).status).toBe(400);
  });

  it("needs login for every account call", async () => {
    for (const [url, body] of [
      ["/api/v1/updateUserInfo", { field: "company", value: "x" }],
      ["/api/v1/changePassword", { old_password: "a", new_password: "bbbbbbb" }],
      ["/api/v1/sendEmailToUser", { sendType: "verify" }],
      ["/api/v1/updateUserEmail", { email: uniqueEmail() }],
      ["/api/v1/bindUserMobile", { phone: uniquePhone(), smsCode: "123456" }],
      ["/api/v1/unbind", { email: true }],
    ] as const) {
      const r = await call(nugget.app, "POST", url, { body });
      expect([url, r.status, r.s]).toEqual([url, 401, 401]);
    }
  });
});
