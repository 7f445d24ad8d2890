import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { BUILT_IN_TAGS } from "../../../db/reference-data.ts";
import { uniqueIp } from "../../../tests/support/app.ts";
import { type Smtp, useTestAppWithSmtp } from "../../../tests/support/smtp.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { followUsers, makeEntry, makeUser } from "../../../tests/support/factories.ts";
import { weeklyDue } from "./schedule.ts";
import { coveredUpTo } from "./digests.ts";
import fc from "fast-check";

let nugget: NuggetApp;
let smtp: Smtp;
// Authors with 4 or more followers announce new entries by broadcast (fan-out on read), so both
// kinds of announcement meet in one digest below; the first digest test's author has 3.
useTestAppWithSmtp((n, s) => ((nugget = n), (smtp = s)), { fanOutOnReadFollowers: 4 });

const api = (method: "GET" | "POST", url: string, auth?: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });
const digests = () => nugget.services.digests;

/** A user whose address is verified (digests go to verified addresses only). */
const verifiedUser = () => makeUser(nugget, { emailVerified: true });

/**
 * Subject and body of the push mails to `to` (not the address-verification mail registration
 * sends): nodemailer encodes Chinese text as base64.
 */
function mailsTo(to: string) {
  const raws = smtp.received.filter((m) => m.to.includes(to)).map((m) => m.raw);
  return raws
    .map((raw) => {
      const split = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, split);
      const body = raw.slice(split).trim();
      const subject = /^subject: (.*(?:\r?\n\s.*)*)/im.exec(head)?.[1] ?? "";
      const decodedSubject = subject.replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_m, b64: string) =>
        Buffer.from(b64, "base64").toString("utf8"),
      );
      const text = /content-transfer-encoding:\s*base64/i.test(head)
        ? Buffer.from(body, "base64").toString("utf8")
        : /content-transfer-encoding:\s*quoted-printable/i.test(head)
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, "")
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            ).toString("utf8")
          : body;
      return { subject: decodedSubject.replace(/\s*\r?\n\s*/g, ""), text };
    })
    .filter((m) => !m.subject.includes("验证"));
}

async function waitForMails(to: string, count: number) {
  for (let i = 0; i < 100 && mailsTo(to).length < count; i++) await new Promise((r) => setTimeout(r, 30));
  return mailsTo(to);
}

/** Runs the article digest at `at`, none of its mails failing; answers `to`'s mails, `count` by then. */
async function articleDigestAt(at: Date, to: string, count: number) {
  const run = await digests().runArticleDigest(at);
  expect(run.failed).toBe(0);
  const mails = await waitForMails(to, count);
  expect(mails).toHaveLength(count);
  return mails;
}

/** Publishes a share, and lets the job worker tell the followers (it runs apart from publishing). */
async function share(auth: Auth, title: string) {
  const r = await api("POST", "/api/entryPublish", auth, {
    originalUrl: `https://example.com/d/${randomBytes(6).toString("hex")}`,
    title,
    category: "frontend",
    tags: BUILT_IN_TAGS[0].id,
    content: "推荐",
    extra: "0|1|0|0",
  });
  await nugget.jobs.drain();
  return r;
}

describe("follow mail", () => {
  it("mails the followee who switched it on, once per follower; never the switched-off or unverified", async () => {
    const star = await verifiedUser();
    const fan = await registerByEmail(nugget);
    const quiet = await verifiedUser();
    const unverified = await registerByEmail(nugget);
    for (const u of [star, unverified]) {
      expect((await api("POST", "/api/subscribe.php", u.auth, { type: "follow", check: true })).s).toBe(1);
    }
    for (const target of [star, quiet, unverified]) {
      expect((await api("POST", "/api/follow", fan.auth, { ids: target.auth.uid })).s).toBe(1);
    }
    await nugget.jobs.drain(); // the follow mail is a job
    const mails = await waitForMails(star.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`${fan.username} 关注了你`);
    expect(mails[0].text).toContain(`/user/${fan.auth.uid}`);
    expect(mails[0].text).toContain("/user/settings/mail");

    // Unfollow and follow again: no second notification, so no second mail.
    await api("POST", "/api/unfollow", fan.auth, { ids: star.auth.uid });
    await api("POST", "/api/follow", fan.auth, { ids: star.auth.uid });
    await nugget.jobs.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(star.email)).toHaveLength(1);
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(unverified.email)).toHaveLength(0);
  });
});

describe("article digest", () => {
  it("lists new entries of followed authors once a day, only unread ones, honouring the switch", async () => {
    const author = await registerByEmail(nugget);
    const reader = await verifiedUser();
    const optedOut = await verifiedUser();
    const caughtUp = await verifiedUser();
    await api("POST", "/api/subscribe.php", optedOut.auth, { type: "article", check: false });
    for (const u of [reader, optedOut, caughtUp]) await followUsers(nugget, u.auth, [author.auth.uid]);
    const tag = randomBytes(3).toString("hex");
    for (const n of [1, 2]) expect((await share(author.auth, `周报 ${tag} 第${n}期`)).s).toBe(1);
    // Read on the site already: the mail would tell nothing new.
    await api("POST", "/api/setUserNotificationNum", caughtUp.auth);

    const now = new Date();
    let mails = await articleDigestAt(now, reader.email, 1);
    expect(mails[0].subject).toMatch(/你关注的作者发布了 ?2 ?篇新内容/);
    expect(mails[0].text).toMatch(new RegExp(`周报 ${tag} 第2期[\\s\\S]*周报 ${tag} 第1期`));
    expect(mails[0].text).toMatch(/\/entry\/[0-9a-f]{24}/);
    expect(mailsTo(optedOut.email)).toHaveLength(0);
    expect(mailsTo(caughtUp.email)).toHaveLength(0);

    // Again in the same hour, or two hours later: at most one digest a day.
    expect((await share(author.auth, `周报 ${tag} 第3期`)).s).toBe(1);
    await digests().runArticleDigest(now);
    await digests().runArticleDigest(new Date(now.getTime() + 2 * 3_600_000));
    expect(mailsTo(reader.email)).toHaveLength(1);
    // A day on, only what came after the last digest is listed.
    mails = await articleDigestAt(new Date(now.getTime() + 23.5 * 3_600_000), reader.email, 2);
    expect(mails[1].subject).toMatch(/发布了 ?1 ?篇新内容/);
    expect(mails[1].text).toContain(`第3期`);
    expect(mails[1].text).not.toContain(`第1期`);
  });
});

describe("article digest of a very followed author (fan-out on read)", () => {
  it("lists their broadcast entries with the rest, newest first, under the same rules", async () => {
    const star = await registerByEmail(nugget);
    const plain = await registerByEmail(nugget);
    const reader = await verifiedUser();
    const optedOut = await verifiedUser();
    const caughtUp = await verifiedUser();
    const muter = await verifiedUser();
    await api("POST", "/api/subscribe.php", optedOut.auth, { type: "article", check: false });
    for (const u of [reader, optedOut, caughtUp, muter]) await followUsers(nugget, u.auth, [star.auth.uid]);
    await followUsers(nugget, reader.auth, [plain.auth.uid]);
    expect((await api("POST", "/api/mute", muter.auth, { uid: star.auth.uid })).s).toBe(1);
    const tag = randomBytes(3).toString("hex");
    expect((await share(star.auth, `星标 ${tag} 甲`)).s).toBe(1);
    expect((await share(plain.auth, `普通 ${tag} 乙`)).s).toBe(1);
    expect((await share(star.auth, `星标 ${tag} 丙`)).s).toBe(1);
    // The star's entries went out once each, not as a row per follower.
    const rows = await nugget.database.db.execute(
      sql`select count(*)::int as n from notifications n join entries e on e.id = n.entry_id
           where e.user_id = ${star.auth.uid}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    await api("POST", "/api/setUserNotificationNum", caughtUp.auth);

    const now = new Date();
    let mails = await articleDigestAt(now, reader.email, 1);
    expect(mails[0].subject).toMatch(/你关注的作者发布了 ?3 ?篇新内容/);
    expect(mails[0].text).toMatch(new RegExp(`星标 ${tag} 丙[\\s\\S]*普通 ${tag} 乙[\\s\\S]*星标 ${tag} 甲`));
    for (const quiet of [optedOut, caughtUp, muter]) expect(mailsTo(quiet.email)).toHaveLength(0);

    // Once a day; a day on, only the star's newer entry.
    expect((await share(star.auth, `星标 ${tag} 丁`)).s).toBe(1);
    await digests().runArticleDigest(new Date(now.getTime() + 2 * 3_600_000));
    expect(mailsTo(reader.email)).toHaveLength(1);
    mails = await articleDigestAt(new Date(now.getTime() + 23.5 * 3_600_000), reader.email, 2);
    expect(mails[1].subject).toMatch(/发布了 ?1 ?篇新内容/);
    expect(mails[1].text).toContain(`星标 ${tag} 丁`);
    expect(mails[1].text).not.toContain(`星标 ${tag} 丙`);
  });
});

describe("weekly digest", () => {
  it("sends the week's hottest entries once a week to verified users who kept it on", async () => {
    const author = await registerByEmail(nugget);
    // At least one entry of this week, whatever else the database holds.
    const hot = await makeEntry(nugget.database.db, author.auth.uid);
    const reader = await verifiedUser();
    const optedOut = await verifiedUser();
    await api("POST", "/api/subscribe.php", optedOut.auth, { type: "week", check: false });

    const now = new Date();
    const run = await digests().runWeeklyDigest(now);
    expect(run.failed).toBe(0);
    const mails = await waitForMails(reader.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("本周热门");
    expect(mails[0].text).toMatch(/1\. .+\r?\n\s+http:\/\/nugget\.test\/entry\/[0-9a-f]{24}/);
    expect(hot.id).toMatch(/^[0-9a-f]{24}$/);
    expect(mailsTo(optedOut.email)).toHaveLength(0);

    await digests().runWeeklyDigest(new Date(now.getTime() + 3 * 86_400_000));
    expect(mailsTo(reader.email)).toHaveLength(1);
    await digests().runWeeklyDigest(new Date(now.getTime() + 7 * 86_400_000));
    expect(await waitForMails(reader.email, 2)).toHaveLength(2);
  });

  it("is due on Monday from 09:00 China time", () => {
    expect(weeklyDue(new Date("2026-11-23T01:00:00Z"))).toBe(true); // Mon 09:00 CST
    expect(weeklyDue(new Date("2026-11-23T00:59:00Z"))).toBe(false); // Mon 08:59 CST
    expect(weeklyDue(new Date("2026-11-22T20:00:00Z"))).toBe(false); // Mon 04:00 CST
    expect(weeklyDue(new Date("2026-11-24T01:00:00Z"))).toBe(false); // Tue
  });
});

describe("coveredUpTo (the article digest's two keyset walks)", () => {
  it("walking by its bound reaches every user of either walk exactly once, in order", () => {
    const id = fc.integer({ min: 0, max: 999 }).map((n) => n.toString(16).padStart(24, "0"));
    fc.assert(
      fc.property(fc.uniqueArray(id), fc.uniqueArray(id), fc.integer({ min: 1, max: 7 }), (a, b, size) => {
        const sets = [a.sort(), b.sort()];
        const next = (set: string[], after: string) => set.filter((x) => x > after).slice(0, size);
        const seen: string[] = [];
        for (let after: string | null = "", steps = 0; after !== null; steps++) {
          expect(steps).toBeLessThan(1000);
          const walks = sets.map((set) => next(set, after!));
          const upTo = coveredUpTo(walks, size);
          const batch = [...new Set(walks.flat())].filter((x) => upTo === null || x <= upTo).sort();
          seen.push(...batch);
          after = upTo;
        }
        expect(seen).toEqual([...new Set([...a, ...b])].sort());
      }),
    );
  });
});
