import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { moderationLog, users } from "../../../db/schema/index.ts";
import { useTestApp, uniqueIp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeAdmin, makeEntry, makePin, makeUser, makeComment } from "../../../tests/support/factories.ts";
import { AUTO_HIDE_REPORTERS, LINK_HEAVY_LINKS } from "../../../shared/report-rules.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

type Method = "GET" | "POST" | "PUT" | "DELETE";
const api = (method: Method, url: string, auth?: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });

const report = (auth: Auth, targetType: string, targetId: string, reason = "spam", text?: string) =>
  api("POST", "/api/reports", auth, {
    targetType,
    targetId,
    reason,
    ...(text === undefined ? {} : { text }),
  });

interface Case {
  id: string;
  targetId: string;
  reporterCount: number;
  reasons: string[];
  autoFlag: string;
  hidden: boolean;
  openedAt: string;
  author: { id: string } | null;
  reports: { reason: string; text: string }[];
}

/** Every open case, walking the queue's keyset pages to the end (other files' cases are there too). */
async function wholeQueue(auth: Auth): Promise<Case[]> {
  const seen: Case[] = [];
  let pointer: string | null = null;
  do {
    const res = await api(
      "GET",
      `/api/admin/reports${pointer ? `?pointer=${encodeURIComponent(pointer)}` : ""}`,
      auth,
    );
    expect(res.s).toBe(1);
    seen.push(...res.d.list);
    pointer = res.d.canNext ? res.d.pointer : null;
  } while (pointer);
  return seen;
}

const caseOf = async (auth: Auth, targetId: string) =>
  (await wholeQueue(auth)).filter((c) => c.targetId === targetId);

async function notificationsOf(auth: Auth): Promise<{ type: string; content: string }[]> {
  const res = await api("GET", "/api/getUserNotification", auth);
  expect(res.s).toBe(1);
  return res.d.list;
}

async function auditFor(targetId: string) {
  return nugget.database.db.select().from(moderationLog).where(eq(moderationLog.targetId, targetId));
}

async function setup() {
  const [author, a, b, c, admin, editor] = await Promise.all([
    makeUser(nugget),
    makeUser(nugget),
    makeUser(nugget),
    makeUser(nugget),
    makeAdmin(nugget),
    makeUser(nugget, { role: "editor" }),
  ]);
  return { author, a, b, c, admin, editor };
}

describe("reports (POST /api/reports)", () => {
  it("keeps one open report per reporter and target: a repeat updates it; the queue shows one row per target", async () => {
    const { author, a, b, admin } = await setup();
    const entry = await makeEntry(nugget.database.db, author.user.id);
    const first = await report(a.auth, "entry", entry.id, "spam");
    expect(first.s).toBe(1);
    expect(first.d).toMatchObject({ updated: false, hidden: false });
    const again = await report(a.auth, "entry", entry.id, "other", "  标题党，骗点击  ");
    expect(again.s).toBe(1);
    expect(again.d).toMatchObject({ reportId: first.d.reportId, updated: true });
    expect((await report(b.auth, "entry", entry.id, "plagiarism")).s).toBe(1);

    const rows = await caseOf(admin.auth, entry.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterCount: 2,
      hidden: false,
      autoFlag: "",
      author: { id: author.user.id },
    });
    expect([...rows[0].reasons].sort()).toEqual(["other", "plagiarism", "spam"]);
    expect(rows[0].reports.map((r) => r.text)).toContain("标题党，骗点击");
  });

  it("refuses bad input with 400 naming the field, unknown targets with 404, one's own content, and visitors", async () => {
    const { author, a } = await setup();
    const entry = await makeEntry(nugget.database.db, author.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ targetType: "entry", targetId: entry.id, reason: "boring" }, "reason"],
      [{ targetType: "entry", targetId: entry.id, reason: "other" }, "text"],
      [{ targetType: "entry", targetId: entry.id, reason: "other", text: "   " }, "text"],
      [{ targetType: "entry", targetId: entry.id, reason: "spam", text: "长".repeat(201) }, "text"],
      [{ targetType: "booklet", targetId: entry.id, reason: "spam" }, "targetType"],
      [{ targetType: "entry", targetId: "not-an-id", reason: "spam" }, "targetId"],
    ];
    for (const [body, field] of cases) {
      const res = await api("POST", "/api/reports", a.auth, body);
      expect(res.s, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.d ?? res.m)).toContain(field);
    }
    expect((await report(a.auth, "entry", "0".repeat(24))).s).toBe(404);
    expect((await report(author.auth, "entry", entry.id)).s).toBe(400);
    expect((await report(author.auth, "user", author.user.id)).s).toBe(400);
    expect(
      (
        await api("POST", "/api/reports", undefined, {
          targetType: "entry",
          targetId: entry.id,
          reason: "spam",
        })
      ).s,
    ).toBe(401);
  });

  it(`hides a share pending review once ${AUTO_HIDE_REPORTERS} distinct users report it`, async () => {
    const { author, a, b, c, admin } = await setup();
    const entry = await makeEntry(nugget.database.db, author.user.id, {
      title: `被举报的分享 ${Date.now()}`,
    });
    expect((await report(a.auth, "entry", entry.id)).d.hidden).toBe(false);
    // The same reporter twice is still one reporter.
    expect((await report(a.auth, "entry", entry.id, "abuse")).d.hidden).toBe(false);
    expect((await report(b.auth, "entry", entry.id)).d.hidden).toBe(false);
    expect((await report(c.auth, "entry", entry.id)).d.hidden).toBe(true);

    // Others no longer see it; its author (with the notice) and staff still do.
    expect((await api("GET", `/api/getEntry?entryId=${entry.id}`, a.auth)).s).toBe(404);
    const own = await nugget.services.entries.getEntry(entry.id, {
      userId: author.user.id,
      sessionId: null,
      ip: "",
      userAgent: "",
    });
    expect(own.status).toBe("hidden");
    const staff = await nugget.services.entries.getEntry(entry.id, {
      userId: admin.user.id,
      sessionId: null,
      ip: "",
      userAgent: "",
      staff: true,
    });
    expect(staff.status).toBe("hidden");
    await expect(
      nugget.services.entries.getEntry(entry.id, {
        userId: a.user.id,
        sessionId: null,
        ip: "",
        userAgent: "",
      }),
    ).rejects.toMatchObject({ code: 404 });
    // The author's count lets go of it, as for a draft.
    const [row] = await nugget.database.db.select().from(users).where(eq(users.id, author.user.id));
    expect(row.postedEntriesCount).toBe(0);

    const [flagged] = await caseOf(admin.auth, entry.id);
    expect(flagged).toMatchObject({ reporterCount: 3, hidden: true, autoFlag: "reports" });
    expect((await auditFor(entry.id)).map((r) => [r.action, r.actorId])).toEqual([["auto_hide", null]]);
    expect(
      (await notificationsOf(author.auth)).some(
        (n) => n.type === "moderation" && n.content.includes("内容审核中"),
      ),
    ).toBe(true);
  });

  it(`publishes a new account's pin with ${LINK_HEAVY_LINKS}+ links hidden, flagged in the queue; dismissing shows it again`, async () => {
    const { author, a, admin } = await setup();
    const links = Array.from({ length: LINK_HEAVY_LINKS }, (_, i) => `https://spam${i}.example.com/buy`).join(
      " ",
    );
    const pinId = await makePin(nugget, author.auth, { content: `便宜卖 ${links}` });
    const calm = await makePin(nugget, author.auth, { content: "只有一个链接 https://example.com" });

    expect((await api("GET", `/api/getByID?msgId=${pinId}`, a.auth)).s).toBe(404);
    const own = await api("GET", `/api/getByID?msgId=${pinId}`, author.auth);
    expect(own.d.underReview).toBe(true);
    expect((await api("GET", `/api/getByID?msgId=${calm}`, a.auth)).d.underReview).toBeUndefined();
    const feed = await api("GET", "/api/pins?limit=50", a.auth);
    expect(feed.d.list.map((p: { id: string }) => p.id)).not.toContain(pinId);

    const [flagged] = await caseOf(admin.auth, pinId);
    expect(flagged).toMatchObject({ autoFlag: "links", hidden: true, reporterCount: 0 });
    expect((await caseOf(admin.auth, calm)).length).toBe(0);
    expect((await auditFor(pinId)).map((r) => r.action)).toEqual(["auto_hide"]);

    const dismissed = await api("POST", `/api/admin/reports/${flagged.id}/decide`, admin.auth, {
      action: "dismiss",
    });
    expect(dismissed.s).toBe(1);
    expect((await api("GET", `/api/getByID?msgId=${pinId}`, a.auth)).s).toBe(1);
    expect((await caseOf(admin.auth, pinId)).length).toBe(0);
  });

  it("leaves a practised account's link-heavy post alone", async () => {
    const { admin } = await setup();
    const old = await makeUser(nugget, {
      createdAt: new Date(Date.now() - 30 * 86_400_000),
      postedEntriesCount: 5,
    });
    const links = Array.from({ length: LINK_HEAVY_LINKS + 1 }, (_, i) => `https://docs${i}.example.com`).join(
      " ",
    );
    const pinId = await makePin(nugget, old.auth, { content: `参考资料 ${links}` });
    expect((await api("GET", `/api/getByID?msgId=${pinId}`, admin.auth)).d.underReview).toBeUndefined();
    expect((await caseOf(admin.auth, pinId)).length).toBe(0);
  });
});

describe("decisions (POST /api/admin/reports/{id}/decide)", () => {
  it("hides a comment (and its replies) from the thread; dismissing a hidden one shows it again", async () => {
    const { author, a, b, c, admin } = await setup();
    const entry = await makeEntry(nugget.database.db, admin.user.id);
    const commentId = await makeComment(nugget, author.auth, entry.id, { content: "加我微信领资料" });
    const thread = async () =>
      (await api("GET", `/api/comments/entry/${entry.id}`, a.auth)).d.comments.map(
        (x: { id: string }) => x.id,
      );
    expect(await thread()).toContain(commentId);
    for (const r of [a, b, c]) await report(r.auth, "comment", commentId, "spam");
    expect(await thread()).not.toContain(commentId);
    const [flagged] = await caseOf(admin.auth, commentId);
    expect(flagged).toMatchObject({ hidden: true, autoFlag: "reports", reporterCount: 3 });
    const dismissed = await api("POST", `/api/admin/reports/${flagged.id}/decide`, admin.auth, {
      action: "dismiss",
    });
    expect(dismissed.s).toBe(1);
    expect(await thread()).toContain(commentId);
    expect((await auditFor(commentId)).map((r) => r.action).sort()).toEqual(["auto_hide", "dismiss"]);
  });

  it("hide: hidden from others, reports closed, reporters and author told, one audit row", async () => {
    const { author, a, b, editor } = await setup();
    const entry = await makeEntry(nugget.database.db, author.user.id);
    await report(a.auth, "entry", entry.id);
    await report(b.auth, "entry", entry.id, "abuse");
    const [c] = await caseOf(editor.auth, entry.id);
    const res = await api("POST", `/api/admin/reports/${c.id}/decide`, editor.auth, {
      action: "hide",
      reason: "广告",
    });
    expect(res.s).toBe(1);
    expect(res.d).toMatchObject({ action: "hide", closedReports: 2 });
    expect((await api("GET", `/api/getEntry?entryId=${entry.id}`, a.auth)).s).toBe(404);
    expect((await caseOf(editor.auth, entry.id)).length).toBe(0);
    // Decided once: a second decision finds nothing open.
    expect(
      (await api("POST", `/api/admin/reports/${c.id}/decide`, editor.auth, { action: "dismiss" })).s,
    ).toBe(404);
    for (const r of [a, b]) {
      expect((await notificationsOf(r.auth)).some((n) => n.content.startsWith("你举报的内容已处理"))).toBe(
        true,
      );
    }
    expect((await notificationsOf(author.auth)).some((n) => n.content.includes("已被隐藏：广告"))).toBe(true);
    const log = await auditFor(entry.id);
    expect(log.map((r) => [r.action, r.actorId, r.reason])).toEqual([["hide", editor.user.id, "广告"]]);
    // A new report after the decision opens a new case.
    expect((await report(a.auth, "entry", entry.id)).d.updated).toBe(false);
  });

  it("delete (admins only) goes through the target's own delete path; dismiss tells reporters 经审核未违规", async () => {
    const { author, a, admin, editor } = await setup();
    const pinId = await makePin(nugget, author.auth);
    await report(a.auth, "pin", pinId, "illegal");
    const [c] = await caseOf(admin.auth, pinId);
    expect(
      (await api("POST", `/api/admin/reports/${c.id}/decide`, editor.auth, { action: "delete" })).s,
    ).toBe(403);
    expect(
      (
        await api("POST", `/api/admin/reports/${c.id}/decide`, admin.auth, {
          action: "delete",
          reason: "违法",
        })
      ).s,
    ).toBe(1);
    expect((await api("GET", `/api/getByID?msgId=${pinId}`, author.auth)).s).toBe(404);
    expect((await notificationsOf(author.auth)).some((n) => n.content.includes("已被删除：违法"))).toBe(true);

    const entry = await makeEntry(nugget.database.db, author.user.id);
    const commentId = await makeComment(nugget, author.auth, entry.id);
    await report(a.auth, "comment", commentId, "abuse");
    const [cc] = await caseOf(admin.auth, commentId);
    expect(
      (await api("POST", `/api/admin/reports/${cc.id}/decide`, admin.auth, { action: "dismiss" })).s,
    ).toBe(1);
    expect(
      (await notificationsOf(a.auth)).some((n) => n.content.startsWith("你举报的内容经审核未违规")),
    ).toBe(true);
    expect((await auditFor(commentId)).map((r) => r.action)).toEqual(["dismiss"]);
    // Users and collection sets cannot be hidden; users cannot be deleted: suspended instead.
    await report(a.auth, "user", author.user.id, "abuse");
    const [cu] = await caseOf(admin.auth, author.user.id);
    const decideUser = (action: string) =>
      api("POST", `/api/admin/reports/${cu.id}/decide`, admin.auth, { action });
    expect((await decideUser("hide")).s).toBe(400);
    expect((await decideUser("delete")).s).toBe(400);
  });

  it("warn tells the author; bad actions and reasons answer 400; plain users 403 and visitors 401", async () => {
    const { author, a, admin } = await setup();
    const set = await call(nugget.app, "POST", "/api/collectionset", {
      auth: author.auth,
      body: { title: `集 ${Date.now()}` },
    });
    await report(a.auth, "collection", set.d.id, "spam");
    const [c] = await caseOf(admin.auth, set.d.id);
    const url = `/api/admin/reports/${c.id}/decide`;
    expect((await api("POST", url, admin.auth, { action: "ban" })).s).toBe(400);
    expect((await api("POST", url, admin.auth, { action: "warn" })).s).toBe(400);
    expect((await api("POST", url, admin.auth, { action: "suspend", reason: "x" })).s).toBe(400);
    expect(
      (await api("POST", url, admin.auth, { action: "suspend", reason: "x", until: "2001-01-01T00:00:00Z" }))
        .s,
    ).toBe(400);
    expect((await api("POST", url, a.auth, { action: "dismiss" })).s).toBe(403);
    expect((await api("POST", url, undefined, { action: "dismiss" })).s).toBe(401);
    expect((await api("GET", "/api/admin/reports", a.auth)).s).toBe(403);
    expect((await api("GET", "/api/admin/reports")).s).toBe(401);
    expect((await api("GET", "/api/admin/audit", a.auth)).s).toBe(403);
    expect((await api("GET", "/api/admin/reports?pointer=yesterday", admin.auth)).s).toBe(400);

    expect((await api("POST", url, admin.auth, { action: "warn", reason: "请勿刷屏" })).s).toBe(1);
    expect((await notificationsOf(author.auth)).some((n) => n.content.includes("收到警告：请勿刷屏"))).toBe(
      true,
    );
  });
});

describe("suspension", () => {
  it("refuses every write with 403 naming the date, lets reading and login go on, ends by itself", async () => {
    const { author, a, admin } = await setup();
    await report(a.auth, "user", author.user.id, "abuse", "骂人");
    const [c] = await caseOf(admin.auth, author.user.id);
    const until = new Date(Date.now() + 3 * 86_400_000);
    const res = await api("POST", `/api/admin/reports/${c.id}/decide`, admin.auth, {
      action: "suspend",
      reason: "多次辱骂他人",
      until: until.toISOString(),
    });
    expect(res.s).toBe(1);

    const pin = await api("POST", "/api/pins", author.auth, { content: "我又来了" });
    expect(pin.s).toBe(403);
    expect(pin.m).toMatch(/^账号已被暂停使用至 .+：多次辱骂他人$/);
    expect(
      (
        await api("POST", "/api/reports", author.auth, {
          targetType: "user",
          targetId: a.user.id,
          reason: "spam",
        })
      ).s,
    ).toBe(403);
    // The spec's state-changing GETs too.
    expect((await api("GET", `/api/follow?ids=${a.user.id}`, author.auth)).s).toBe(403);
    // Reading goes on, and so do logging out and in.
    expect((await api("GET", "/api/pins", author.auth)).s).toBe(1);
    const login = await api("POST", "/api/auth/type/email", undefined, {
      email: author.email,
      password: author.password,
    });
    expect(login.s).toBe(1);
    expect(login.d.suspension.message).toContain("多次辱骂他人");
    expect(login.d.suspension.until).toBe(until.toISOString());
    expect(
      (await notificationsOf(author.auth)).some((n) => n.content.startsWith("你的账号已被暂停使用至")),
    ).toBe(true);
    expect((await auditFor(author.user.id)).map((r) => r.action)).toEqual(["suspend"]);

    // Past its date the suspension is over without anyone lifting it.
    await nugget.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, author.user.id));
    expect((await api("POST", "/api/pins", author.auth, { content: "我改了" })).s).toBe(1);
  });

  it("an admin lifts a suspension early, logged", async () => {
    const { author, admin, editor } = await setup();
    await nugget.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "测试" })
      .where(eq(users.id, author.user.id));
    expect((await api("POST", "/api/pins", author.auth, { content: "不行" })).s).toBe(403);
    expect((await api("DELETE", `/api/admin/users/${author.user.id}/suspension`, editor.auth)).s).toBe(403);
    expect((await api("DELETE", `/api/admin/users/${author.user.id}/suspension`, admin.auth)).s).toBe(1);
    expect((await api("DELETE", `/api/admin/users/${author.user.id}/suspension`, admin.auth)).s).toBe(400);
    expect((await api("POST", "/api/pins", author.auth, { content: "可以了" })).s).toBe(1);
    expect((await auditFor(author.user.id)).map((r) => [r.action, r.actorId])).toEqual([
      ["unsuspend", admin.user.id],
    ]);
  });
});

describe("the queue and the audit log page by keyset", () => {
  it("lists open cases oldest first without repeats across pages, and the log newest first", async () => {
    const { author, a, admin } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const entry = await makeEntry(nugget.database.db, author.user.id);
      await report(a.auth, "entry", entry.id);
      ids.push(entry.id);
    }
    const all = await wholeQueue(admin.auth);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const times = all.map((c) => c.openedAt);
    expect([...times].sort()).toEqual(times);
    const mine = all.filter((c) => ids.includes(c.targetId)).map((c) => c.targetId);
    expect(mine).toEqual(ids);

    const [c] = await caseOf(admin.auth, ids[0]);
    await api("POST", `/api/admin/reports/${c.id}/decide`, admin.auth, { action: "dismiss" });
    const log = await api("GET", "/api/admin/audit", admin.auth);
    expect(log.s).toBe(1);
    const stamps = log.d.list.map((r: { createdAt: string }) => r.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(
      log.d.list.some(
        (r: { targetId: string; action: string }) => r.targetId === ids[0] && r.action === "dismiss",
      ),
    ).toBe(true);
  });
});
