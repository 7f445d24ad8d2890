import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invitations } from "../../../db/schema/index.ts";
import type { NuggetApp } from "../../app.ts";
import { testApp, uniqueEmail, uniqueIp } from "../../../tests/support/app.ts";
import { type Smtp, useTestAppWithSmtp } from "../../../tests/support/smtp.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { INVITES_PER_DAY } from "../../../shared/invite-rules.ts";

let nugget: NuggetApp;
let smtp: Smtp;
useTestAppWithSmtp((n, s) => ((nugget = n), (smtp = s)));

/** The text of a received mail: nodemailer base64-encodes a Chinese body. */
function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  return /content-transfer-encoding:\s*base64/i.test(head)
    ? Buffer.from(body, "base64").toString("utf8")
    : body;
}

const available = (uid: string, auth?: Auth) =>
  call(nugget.app, "GET", `/api/sender/${uid}/availableCode`, { auth });
const post = (uid: string, body: Record<string, unknown>, auth?: Auth) =>
  call(nugget.app, "POST", `/api/sender/${uid}/postCode`, { body, auth, ip: uniqueIp() });

describe("GET /sender/{uid}/availableCode", () => {
  it("makes the caller's code on first ask and answers the same code afterwards", async () => {
    const u = await registerByEmail(nugget);
    const first = await available(u.auth.uid, u.auth);
    expect([first.status, first.s]).toEqual([200, 1]);
    expect(first.d).toEqual({
      code: expect.stringMatching(/^[2-9A-Z]{10}$/),
      link: `http://nugget.test/?invite=${first.d.code}`,
      inviteCount: 0,
      acceptedCount: 0,
      sentToday: 0,
      dailyLimit: INVITES_PER_DAY,
    });
    const again = await available(u.auth.uid, u.auth);
    expect(again.d.code).toBe(first.d.code);
  });

  it("makes a new code once a registration has used it, and counts it as accepted", async () => {
    const u = await registerByEmail(nugget);
    const first = await available(u.auth.uid, u.auth);
    // Typed by hand in lower case: still the same code.
    const newcomer = await registerByEmail(nugget, { invite: first.d.code.toLowerCase() });
    const [row] = await nugget.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.code, first.d.code));
    expect(row.usedById).toBe(newcomer.auth.uid);
    const next = await available(u.auth.uid, u.auth);
    expect(next.d.code).not.toBe(first.d.code);
    expect(next.d).toMatchObject({ acceptedCount: 1, inviteCount: 0 });
  });

  it("spends a code once: a second registration with it, an unknown code or the sender's own never count", async () => {
    const u = await registerByEmail(nugget);
    const { code } = (await available(u.auth.uid, u.auth)).d;
    const together = await Promise.all([0, 1, 2].map(() => registerByEmail(nugget, { invite: code })));
    const unknown = await registerByEmail(nugget, { invite: "ZZZZZZZZZZ" });
    expect(unknown.user.id).toBeTruthy();
    const rows = await nugget.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.senderId, u.auth.uid));
    expect(rows.filter((r) => r.usedById)).toHaveLength(1);
    expect(together.map((t) => t.auth.uid)).toContain(rows.find((r) => r.usedById)!.usedById);
    expect((await available(u.auth.uid, u.auth)).d.acceptedCount).toBe(1);
  });

  it("refuses a malformed invite code naming the field, and makes no account", async () => {
    const email = uniqueEmail();
    const r = await call(nugget.app, "POST", "/api/v1/createUser", {
      body: { username: `inv${Date.now() % 1e6}`, email, password: "secret123", invite: "<script>" },
      ip: uniqueIp(),
    });
    expect([r.status, r.s]).toEqual([400, 400]);
    expect(r.m).toMatch(/invite/);
    const again = await call(nugget.app, "POST", "/api/v1/createUser", {
      body: { username: `inv${Date.now() % 1e6}x`, email, password: "secret123" },
      ip: uniqueIp(),
    });
    expect(again.s).toBe(1);
  });

  it("gives each user a different code, also when asked concurrently", async () => {
    const [a, b] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    const answers = await Promise.all([0, 1, 2, 3].map(() => available(a.auth.uid, a.auth)));
    expect(new Set(answers.map((r) => r.d.code)).size).toBe(1);
    expect((await available(b.auth.uid, b.auth)).d.code).not.toBe(answers[0].d.code);
  });

  it("needs login (401), the caller's own uid (403) and a well-formed uid (400)", async () => {
    const [a, b] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    expect((await available(a.auth.uid)).status).toBe(401);
    const other = await available(b.auth.uid, a.auth);
    expect([other.status, other.s]).toEqual([403, 403]);
    const bad = await available("not-an-id", a.auth);
    expect([bad.status, bad.d?.field]).toEqual([400, "uid"]);
  });
});

describe("POST /sender/{uid}/postCode", () => {
  it("mails the register link over SMTP and counts the invitation", async () => {
    const u = await registerByEmail(nugget);
    const to = uniqueEmail();
    const r = await post(u.auth.uid, { receiverName: "  小明  ", receiverEmail: ` ${to} ` }, u.auth);
    expect([r.status, r.s]).toEqual([200, 1]);
    expect(r.d).toMatchObject({ receiverName: "小明", receiverEmail: to, inviteCount: 1, sentToday: 1 });
    await expect.poll(() => smtp.mailsTo(to).length).toBe(1);
    const mail = bodyOf(smtp.received.find((m) => m.to.includes(to))!.raw);
    expect(mail).toContain(`http://nugget.test/?invite=${r.d.code}`);
    expect(mail).toContain("小明，你好");
    expect(mail).toContain(u.username);

    const counts = await available(u.auth.uid, u.auth);
    expect(counts.d).toMatchObject({ inviteCount: 1, sentToday: 1, acceptedCount: 0 });
    // The e-mail invitation has its own code; the shareable one stays.
    expect(counts.d.code).not.toBe(r.d.code);
  });

  it("accepts a form body too", async () => {
    const u = await registerByEmail(nugget);
    const to = uniqueEmail();
    const r = await call(nugget.app, "POST", `/api/sender/${u.auth.uid}/postCode`, {
      body: { receiverName: "表单", receiverEmail: to },
      auth: u.auth,
      form: true,
    });
    expect(r.s).toBe(1);
    await expect.poll(() => smtp.mailsTo(to).length).toBe(1);
  });

  it("rejects a bad name or e-mail naming the field, and sends nothing", async () => {
    const u = await registerByEmail(nugget);
    const cases: [Record<string, unknown>, string][] = [
      [{ receiverName: "小红", receiverEmail: "not-an-email" }, "receiverEmail"],
      [{ receiverName: "小红", receiverEmail: "" }, "receiverEmail"],
      [{ receiverName: "小红" }, "receiverEmail"],
      [{ receiverName: "小红", receiverEmail: `${"x".repeat(250)}@a.cn` }, "receiverEmail"],
      [{ receiverName: "", receiverEmail: uniqueEmail() }, "receiverName"],
      [{ receiverName: "   ", receiverEmail: uniqueEmail() }, "receiverName"],
      [{ receiverName: "名".repeat(21), receiverEmail: uniqueEmail() }, "receiverName"],
      [{ receiverName: "a\nBcc: x@y.z", receiverEmail: uniqueEmail() }, "receiverName"],
      [{ receiverEmail: uniqueEmail() }, "receiverName"],
    ];
    for (const [body, field] of cases) {
      const r = await post(u.auth.uid, body, u.auth);
      expect([r.status, r.s, r.d?.field], JSON.stringify(body)).toEqual([400, 400, field]);
      expect(r.m).toBeTruthy();
      if (typeof body.receiverEmail === "string" && body.receiverEmail)
        expect(smtp.mailsTo(body.receiverEmail)).toHaveLength(0);
    }
    // Exactly 20 characters is fine.
    expect(
      (await post(u.auth.uid, { receiverName: "名".repeat(20), receiverEmail: uniqueEmail() }, u.auth)).s,
    ).toBe(1);
    expect((await available(u.auth.uid, u.auth)).d.inviteCount).toBe(1);
  });

  it("refuses an address that already has an account (409, any letter case)", async () => {
    const [u, existing] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    const before = smtp.mailsTo(existing.email).length;
    const r = await post(
      u.auth.uid,
      { receiverName: "老朋友", receiverEmail: existing.email.toUpperCase() },
      u.auth,
    );
    expect([r.status, r.s, r.d?.field]).toEqual([409, 409, "receiverEmail"]);
    expect(r.m).toContain("已注册");
    expect(smtp.mailsTo(existing.email)).toHaveLength(before);
    expect((await available(u.auth.uid, u.auth)).d.inviteCount).toBe(0);
  });

  it(`allows ${INVITES_PER_DAY} invitations a day, then answers 429`, async () => {
    const u = await registerByEmail(nugget);
    const sent = await Promise.all(
      Array.from({ length: INVITES_PER_DAY + 2 }, (_, i) =>
        post(u.auth.uid, { receiverName: `朋友${i}`, receiverEmail: uniqueEmail() }, u.auth),
      ),
    );
    expect(sent.filter((r) => r.s === 1)).toHaveLength(INVITES_PER_DAY);
    const refused = sent.filter((r) => r.s !== 1);
    expect(refused.map((r) => [r.status, r.s])).toEqual([
      [429, 429],
      [429, 429],
    ]);
    const to = uniqueEmail();
    const late = await post(u.auth.uid, { receiverName: "再来", receiverEmail: to }, u.auth);
    expect(late.status).toBe(429);
    expect(smtp.mailsTo(to)).toHaveLength(0);
    expect((await available(u.auth.uid, u.auth)).d).toMatchObject({
      inviteCount: INVITES_PER_DAY,
      sentToday: INVITES_PER_DAY,
    });
    // Another user is not affected.
    const v = await registerByEmail(nugget);
    expect((await post(v.auth.uid, { receiverName: "别人", receiverEmail: uniqueEmail() }, v.auth)).s).toBe(
      1,
    );
  });

  it("needs login (401) and the caller's own uid (403)", async () => {
    const [a, b] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    const body = { receiverName: "某人", receiverEmail: uniqueEmail() };
    expect((await post(a.auth.uid, body)).status).toBe(401);
    const other = await post(b.auth.uid, body, a.auth);
    expect([other.status, other.s]).toEqual([403, 403]);
    expect(smtp.mailsTo(body.receiverEmail)).toHaveLength(0);
    expect((await available(b.auth.uid, b.auth)).d.inviteCount).toBe(0);
  });
});

describe("a mail that cannot be sent", () => {
  it("answers 502 and does not count the invitation", async () => {
    // Its own app (same DATABASE_URL when set) with an SMTP address nobody listens on.
    const broken = await testApp({ smtpUrl: "smtp://127.0.0.1:1" });
    try {
      const u = await registerByEmail(broken);
      const r = await call(broken.app, "POST", `/api/sender/${u.auth.uid}/postCode`, {
        body: { receiverName: "收不到", receiverEmail: uniqueEmail() },
        auth: u.auth,
      });
      expect([r.status, r.s]).toEqual([502, 502]);
      expect(r.m).toBe("邀请邮件发送失败，请稍后再试");
      const counts = await call(broken.app, "GET", `/api/sender/${u.auth.uid}/availableCode`, {
        auth: u.auth,
      });
      expect(counts.d).toMatchObject({ inviteCount: 0, sentToday: 0 });
    } finally {
      await broken.app.close();
      await broken.database.close();
    }
  });
});
