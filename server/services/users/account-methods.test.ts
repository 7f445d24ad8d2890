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
  solveCaptcha,
  type Auth,
} from "../../../tests/support/client.ts";
import { RESET_MISSES } from "./codes.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const post = (url: string, auth: Auth | undefined, body: object, ip = uniqueIp()) =>
  call(nugget.app, "POST", `/api/${url}`, { body, auth, ip });
const me = (auth: Auth) => call(nugget.app, "GET", "/api/v1/getUserInfo", { auth });
/** The texts of the mails sent to `to`, as the development outbox keeps them. */
const mailsTo = (to: string) => nugget.outbox!.list(to).map((m) => m.text);
/** A second session of the same account, as another device signs in. */
async function secondSession(email: string, password: string): Promise<Auth> {
  const r = await post("auth/type/email", undefined, { email, password });
  return { uid: r.d.user.id, client: r.d.clientId, token: r.d.token };
}

/** Issue 29, H3: a stolen session alone changes no way into the account. */
describe("changing the ways into an account", () => {
  it("refuses to unbind the e-mail with only a session: no password, nothing changes, nobody is mailed", async () => {
    const owner = await registerByPhone(nugget);
    const email = uniqueEmail();
    expect((await post("v1/updateUserEmail", owner.auth, { email, password: owner.password })).s).toBe(1);
    await expect.poll(() => mailsTo(email).length).toBe(1); // its verification
    const bare = await post("v1/unbind", owner.auth, { email: true });
    expect([bare.status, bare.d.field]).toEqual([400, "password"]);
    const wrong = await post("v1/unbind", owner.auth, { email: true, password: "not-the-password" });
    expect([wrong.status, wrong.d.field, wrong.m]).toEqual([400, "password", "当前密码不正确"]);
    expect((await me(owner.auth)).d.email).toBe(email);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("unbinds with the password: the removed address gets an undo link, the other sessions end", async () => {
    const owner = await registerByEmail(nugget);
    const phone = uniquePhone();
    const code = await smsCodeFor(nugget, phone, "bind", owner.auth);
    expect(
      (await post("v1/bindUserMobile", owner.auth, { phone, smsCode: code, password: owner.password })).s,
    ).toBe(1);
    const other = await secondSession(owner.email, owner.password);
    const done = await post("v1/unbind", owner.auth, { email: true, password: owner.password });
    expect([done.s, done.d.email]).toEqual([1, null]);
    expect((await me(other)).status).toBe(401);
    expect((await me(owner.auth)).s).toBe(1);
    await expect
      .poll(() => mailsTo(owner.email).find((m) => m.includes("/revert-email?token=")))
      .toContain("刚被解绑");
    // The undo link brings the address back and ends every session.
    const mail = mailsTo(owner.email).find((m) => m.includes("/revert-email?token="))!;
    const token = mail.match(/token=([\w-]+)/)![1];
    expect((await post("v1/revertEmailChange", undefined, { token })).s).toBe(1);
    expect((await me(owner.auth)).status).toBe(401);
  });

  it("binds a phone with the password, ends the other sessions and tells the account's address", async () => {
    const owner = await registerByEmail(nugget);
    const other = await secondSession(owner.email, owner.password);
    const phone = uniquePhone();
    const code = await smsCodeFor(nugget, phone, "bind", owner.auth);
    const bare = await post("v1/bindUserMobile", owner.auth, { phone, smsCode: code });
    expect([bare.status, bare.d.field]).toEqual([400, "password"]);
    expect((await me(other)).s).toBe(1);
    const bound = await post("v1/bindUserMobile", owner.auth, {
      phone,
      smsCode: code,
      password: owner.password,
    });
    expect([bound.s, bound.d.mobilePhoneNumber]).toEqual([1, phone]);
    expect((await me(other)).status).toBe(401);
    await expect
      .poll(() => mailsTo(owner.email).some((m) => m.includes(`绑定了手机号 ${phone.slice(0, 3)}****`)))
      .toBe(true);
  });

  it("always keeps a way back in, even with the right password", async () => {
    const owner = await registerByEmail(nugget);
    // Password and e-mail only: without the e-mail nothing is left to sign in or reset by.
    const refused = await post("v1/unbind", owner.auth, { email: true, password: owner.password });
    expect([refused.status, refused.d.field]).toEqual([400, "email"]);
    expect(refused.m).toContain("至少保留一种登录方式");
    expect((await me(owner.auth)).d.email).toBe(owner.email);
  });

  it("proves an account without a password by an SMS code to its own phone, never a freshly bound one", async () => {
    const owner = await registerByPhone(nugget);
    const email = uniqueEmail();
    expect((await post("v1/updateUserEmail", owner.auth, { email, password: owner.password })).s).toBe(1);
    // As an account made by a third-party login: no password.
    await nugget.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.auth.uid));
    const bare = await post("v1/unbind", owner.auth, { email: true });
    expect([bare.status, bare.d.field]).toEqual([400, "smsCode"]);
    // useType confirm goes only to the account's own phone.
    const captcha = await solveCaptcha(nugget);
    const elsewhere = await post("v2/sendSmsCodeToUser", owner.auth, {
      phone: uniquePhone(),
      useType: "confirm",
      ...captcha,
    });
    expect([elsewhere.status, elsewhere.d.field]).toEqual([400, "phone"]);
    const code = await smsCodeFor(nugget, owner.phoneNumber, "confirm", owner.auth);
    const done = await post("v1/unbind", owner.auth, { email: true, smsCode: code });
    expect([done.s, done.d.email]).toEqual([1, null]);

    // A phone bound without any proof (the account had neither password nor phone) proves nothing for a day.
    const bare2 = await registerByEmail(nugget);
    await nugget.database.db
      .update(users)
      .set({ passwordHash: null, email: null })
      .where(eq(users.id, bare2.auth.uid));
    const phone = uniquePhone();
    const bindCode = await smsCodeFor(nugget, phone, "bind", bare2.auth);
    expect((await post("v1/bindUserMobile", bare2.auth, { phone, smsCode: bindCode })).s).toBe(1);
    const email2 = uniqueEmail();
    const fresh = await post("v1/updateUserEmail", bare2.auth, {
      email: email2,
      smsCode: await smsCodeFor(nugget, phone, "confirm", bare2.auth),
    });
    expect([fresh.status, fresh.d.field]).toEqual([403, "smsCode"]);
    expect(fresh.m).toContain("24 小时");
  });
});

/** Issue 29, M3: password resets tell nobody in bulk which phones and addresses have accounts. */
describe("password resets", () => {
  it("restPassword answers an unknown phone as a wrong code, and an address that keeps missing waits", async () => {
    const ip = uniqueIp();
    const answers: number[] = [];
    for (let i = 0; i < RESET_MISSES.max + 3; i++) {
      const r = await post(
        "v1/restPassword",
        undefined,
        {
          phone: uniquePhone(),
          smsCode: "123456",
          new_password: "secret456",
        },
        ip,
      );
      answers.push(r.s);
    }
    expect(answers).not.toContain(404);
    expect(answers.slice(0, RESET_MISSES.max)).toEqual(Array(RESET_MISSES.max).fill(10017));
    expect(answers.slice(RESET_MISSES.max)).toEqual([429, 429, 429]);
    // The legitimate client elsewhere resets as before.
    const owner = await registerByPhone(nugget);
    const smsCode = await smsCodeFor(nugget, owner.phoneNumber, "restpwd");
    const reset = await post("v1/restPassword", undefined, {
      phone: owner.phoneNumber,
      smsCode,
      new_password: "secret456",
    });
    expect(reset.s).toBe(1);
  });

  it("restPwdByEmail needs the captcha and answers an unknown address with §8's 404", async () => {
    const owner = await registerByEmail(nugget);
    const bare = await post("v1/restPwdByEmail", undefined, { email: owner.email });
    expect([bare.status, bare.d.field]).toEqual([400, "imageCode"]);
    const ask = async (email: string, ip = uniqueIp()) =>
      post("v1/restPwdByEmail", undefined, { email, ...(await solveCaptcha(nugget)) }, ip);
    expect((await ask(owner.email)).s).toBe(1);
    const unknown = await ask(uniqueEmail());
    expect([unknown.status, unknown.m]).toEqual([404, "邮箱不存在"]);
  });

  it("counts every reset that found nothing against one allowance an address", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < RESET_MISSES.max; i++) {
      const r = await post(
        "v1/restPassword",
        undefined,
        { phone: uniquePhone(), smsCode: "1", new_password: "secret456" },
        ip,
      );
      expect(r.s).toBe(10017);
    }
    const owner = await registerByPhone(nugget);
    const byMail = await post(
      "v1/restPwdByEmail",
      undefined,
      { email: uniqueEmail(), ...(await solveCaptcha(nugget)) },
      ip,
    );
    expect(byMail.status).toBe(429);
    const bySms = await post(
      "v2/sendSmsCodeToUser",
      undefined,
      { phone: owner.phoneNumber, useType: "restpwd", ...(await solveCaptcha(nugget)) },
      ip,
    );
    expect([bySms.status, bySms.m]).toEqual([429, "找回密码失败次数过多，请稍后再试"]);
  });
});
