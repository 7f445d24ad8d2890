import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { NuggetApp } from "../../app.ts";
import { loader as noticesLoader } from "../../../app/routes/admin/notices.tsx";
import { BUILT_IN_TAGS, CATEGORY_ID } from "../../../db/reference-data.ts";
import { notifications, systemNotifications, users } from "../../../db/schema/index.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { followUsers, makeEntry } from "../../../tests/support/factories.ts";
import { cutComment } from "./present.ts";
import { describeNotification } from "../../../shared/describe-notification.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth?: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });
const register = async () => (await registerByEmail(nugget)).auth;

/** The recipient's notification rows (straight from the table). */
const rowsOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

async function countsOf(auth: Auth) {
  const r = await api("GET", "/api/getUserNotificationNum", auth);
  expect(r.status, r.m).toBe(200);
  return r.d as { user: number; system: number; total: number };
}

async function listAll(auth: Auth, limit = 20) {
  const seen: { id: string; type: string }[] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const q: string = `/api/getUserNotification?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`;
    const r = await api("GET", q, auth);
    expect(r.status, r.m).toBe(200);
    seen.push(...r.d.list);
    if (!r.d.canNext) break;
    before = r.d.pointer;
  }
  return seen;
}

describe("login required", () => {
  it("answers 401 for every notification call without a login", async () => {
    for (const [method, url] of [
      ["GET", "/api/getUserNotificationNum"],
      ["POST", "/api/setUserNotificationNum"],
      ["GET", "/api/getUserNotification"],
      ["GET", "/api/getUnreadSystemNotificationNum"],
      ["POST", "/api/checkAllSystemNotification"],
      ["GET", "/api/getSystemNotification"],
    ] as const) {
      const r = await api(method, url);
      expect([url, r.status, r.s]).toEqual([url, 401, 401]);
    }
  });

  it("rejects a malformed pointer naming the field", async () => {
    const me = await register();
    const r = await api("GET", "/api/getUserNotification?before=nope", me);
    expect([r.status, r.d?.field]).toEqual([400, "before"]);
    const s = await api("GET", "/api/getSystemNotification?pointer=nope", me);
    expect([s.status, s.d?.field]).toEqual([400, "pointer"]);
  });
});

describe("notifications made by actions", () => {
  it("like: one notification for the author, none for oneself, none again on unlike or re-like", async () => {
    const author = await register();
    const fan = await register();
    const entry = await makeEntry(db(), author.uid);
    expect((await api("PUT", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    expect((await api("PUT", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    expect((await api("DELETE", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    expect((await api("PUT", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    expect((await api("PUT", `/api/user/like/entry/${entry.id}`, author)).status).toBe(200);
    const rows = await rowsOf(author.uid);
    expect(rows.map((r) => [r.type, r.actorIds, r.entryId, r.checked])).toEqual([
      ["like", [fan.uid], entry.id, false],
    ]);
    expect(await rowsOf(fan.uid)).toEqual([]);
    expect((await countsOf(author)).user).toBe(1);

    const [item] = (await api("GET", "/api/getUserNotification", author)).d.list;
    expect(item).toMatchObject({
      type: "like",
      entry: { id: entry.id, title: entry.title, type: "article" },
      comment: null,
      reply: null,
      check: false,
    });
    expect(item.users.map((u: { id: string }) => u.id)).toEqual([fan.uid]);
    expect(item.users[0]).not.toHaveProperty("email");
  });

  it("like: unread likes of one entry fold into one notification that counts everyone; read ones stay apart", async () => {
    const author = await register();
    const fans = [await register(), await register(), await register(), await register()];
    const entry = await makeEntry(db(), author.uid);
    for (const fan of fans.slice(0, 3)) {
      expect((await api("PUT", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    }
    let rows = await rowsOf(author.uid);
    expect(rows.map((r) => [r.type, r.actorIds, r.actorCount])).toEqual([
      ["like", fans.slice(0, 3).map((f) => f.uid), 3],
    ]);
    expect((await countsOf(author)).user).toBe(1);
    const [folded] = (await api("GET", "/api/getUserNotification", author)).d.list;
    expect(folded.userCount).toBe(3);
    expect(describeNotification(folded).text).toMatch(/^(\S+、){2}\S+ 赞了你的文章/);
    // More than three: the latest three names, then everyone counted.
    const late = await register();
    await api("PUT", `/api/user/like/entry/${entry.id}`, late);
    const [four] = (await api("GET", "/api/getUserNotification", author)).d.list;
    expect(four.users[four.users.length - 1].id).toBe(late.uid);
    expect(describeNotification(four).text).toMatch(/^用户_\w+、.* 等 4 人 赞了你的文章/);
    await api("DELETE", `/api/user/like/entry/${entry.id}`, late);

    // Once read, a new like starts a new notification instead of reviving the old one.
    await api("POST", "/api/setUserNotificationNum", author);
    expect((await api("PUT", `/api/user/like/entry/${entry.id}`, fans[3])).status).toBe(200);
    rows = await rowsOf(author.uid);
    expect(rows.map((r) => [r.actorIds.length, r.checked]).sort()).toEqual([
      [1, false],
      // An unlike does not take a name back out of a notification already made.
      [4, true],
    ]);
    // An unlike and re-like by someone already named tells nobody again.
    await api("DELETE", `/api/user/like/entry/${entry.id}`, fans[0]);
    await api("PUT", `/api/user/like/entry/${entry.id}`, fans[0]);
    expect((await rowsOf(author.uid)).length).toBe(2);
    expect((await countsOf(author)).user).toBe(1);
  });

  it("pins: likes and comments name the pin and link to it; re-liking does not notify again", async () => {
    const author = await register();
    const fan = await register();
    const pin = await api("POST", "/api/pins", author, { content: "今天把构建时间从 3 分钟降到 40 秒" });
    expect(pin.s, pin.m).toBe(1);
    const pinId = pin.d.id as string;
    await api("PUT", `/api/pins/${pinId}/like`, fan);
    await api("DELETE", `/api/pins/${pinId}/like`, fan);
    await api("PUT", `/api/pins/${pinId}/like`, fan);
    const c = await api("POST", "/api/comment", fan, {
      targetId: pinId,
      targetType: "pin",
      content: "怎么做到的？",
    });
    expect(c.s, c.m).toBe(1);
    const rows = await rowsOf(author.uid);
    expect(rows.map((r) => [r.type, r.pinId]).sort()).toEqual([
      ["comment", pinId],
      ["like", pinId],
    ]);
    const list = (await api("GET", "/api/getUserNotification", author)).d.list;
    const like = list.find((n: { type: string }) => n.type === "like");
    const comment = list.find((n: { type: string }) => n.type === "comment");
    expect(like.pin).toEqual({ id: pinId, content: "今天把构建时间从 3 分钟降到 40 秒", deleted: false });
    expect(describeNotification(like)).toEqual({
      text: expect.stringMatching(/赞了你的沸点「今天把构建时间/),
      href: `/pin/${pinId}`,
    });
    expect(describeNotification(comment)).toEqual({
      text: expect.stringMatching(/评论了你的沸点.*怎么做到的？/),
      href: `/pin/${pinId}`,
    });
  });

  it("comment and reply: the entry author, then the replied-to user; never oneself", async () => {
    const author = await register();
    const reader = await register();
    const third = await register();
    const entry = await makeEntry(db(), author.uid);
    const c = await api("POST", "/api/comment", reader, {
      targetId: entry.id,
      content: "写得好 ".repeat(30),
    });
    expect(c.status, c.m).toBe(200);
    const commentId = c.d.commentId as string;
    // The author's own comment on their entry notifies nobody.
    expect((await api("POST", "/api/comment", author, { targetId: entry.id, content: "谢谢" })).status).toBe(
      200,
    );

    const authorRows = await rowsOf(author.uid);
    expect(authorRows.map((r) => [r.type, r.actorIds, r.entryId, r.commentId])).toEqual([
      ["comment", [reader.uid], entry.id, commentId],
    ]);

    // The author replies to the reader's comment: the reader hears of it.
    const r1 = await api("POST", "/api/comment", author, {
      targetId: entry.id,
      content: "回复你",
      firstComment: commentId,
    });
    expect(r1.status, r1.m).toBe(200);
    // A third user answers the author's reply: the author (not the reader) hears of it.
    const r2 = await api("POST", "/api/comment", third, {
      targetId: entry.id,
      content: "楼上说得对",
      firstComment: commentId,
      respComment: r1.d.commentId,
    });
    expect(r2.status, r2.m).toBe(200);
    // The reader replying under their own comment notifies nobody.
    expect(
      (
        await api("POST", "/api/comment", reader, {
          targetId: entry.id,
          content: "补充",
          firstComment: commentId,
        })
      ).status,
    ).toBe(200);

    const readerRows = await rowsOf(reader.uid);
    expect(readerRows.map((r) => [r.type, r.actorIds, r.commentId, r.replyId])).toEqual([
      ["reply", [author.uid], commentId, r1.d.commentId],
    ]);
    const replies = (await rowsOf(author.uid)).filter((r) => r.type === "reply");
    expect(replies.map((r) => [r.actorIds, r.commentId, r.replyId])).toEqual([
      [[third.uid], r1.d.commentId, r2.d.commentId],
    ]);
    expect(await rowsOf(third.uid)).toEqual([]);

    const list = (await api("GET", "/api/getUserNotification", author)).d.list;
    const comment = list.find((n: { type: string }) => n.type === "comment");
    expect(comment.comment).toMatchObject({ id: commentId, firstCommentId: commentId });
    expect(comment.comment.content).toBe(cutComment("写得好 ".repeat(30)));
    expect(comment.comment.content.endsWith("…")).toBe(true);
    const reply = list.find((n: { type: string }) => n.type === "reply");
    expect(reply).toMatchObject({
      entry: { id: entry.id },
      comment: { id: r1.d.commentId, content: "回复你", firstCommentId: commentId },
      reply: { id: r2.d.commentId, content: "楼上说得对", firstCommentId: commentId },
    });
  });

  it("follow: one notification for the followee, none again after unfollow and follow", async () => {
    const a = await register();
    const b = await register();
    for (const url of ["/api/follow", "/api/follow", "/api/unfollow", "/api/follow"]) {
      expect((await api("POST", url, a, { ids: b.uid })).status).toBe(200);
    }
    expect((await api("POST", "/api/follow", a, { ids: a.uid })).status).toBe(400);
    expect((await rowsOf(b.uid)).map((r) => [r.type, r.actorIds])).toEqual([["follow", [a.uid]]]);
    expect(await rowsOf(a.uid)).toEqual([]);
  });

  it("publishing (share and column article) tells every follower once, not the author", async () => {
    const author = await register();
    const f1 = await register();
    const f2 = await register();
    const stranger = await register();
    for (const f of [f1, f2]) await followUsers(nugget, f, [author.uid]);
    const share = await api("POST", "/api/entryPublish", author, {
      originalUrl: `https://example.com/n/${randomBytes(6).toString("hex")}`,
      title: "分享一篇好文",
      category: "frontend",
      tags: BUILT_IN_TAGS[0].id,
      content: "推荐",
      extra: "0|1|0|0",
    });
    expect(share.status, share.m).toBe(200);
    const draft = await api("POST", "/api/drafts", author, { title: "专栏文章", content: "正文 **内容**" });
    expect(draft.status, draft.m).toBe(200);
    const pub = await api("POST", `/api/drafts/${draft.d.id}/publish`, author, {
      categoryId: CATEGORY_ID.frontend,
      tagIds: [BUILT_IN_TAGS[0].id],
    });
    expect(pub.status, pub.m).toBe(200);
    const postId = (pub.d.id ?? pub.d.articleId ?? pub.d.entryId) as string;
    // Followers are told by the job worker, apart from publishing.
    await nugget.jobs.drain();

    for (const f of [f1, f2]) {
      const rows = (await rowsOf(f.uid)).filter((r) => r.type === "submitEntry");
      expect(rows.map((r) => [r.actorIds, r.entryId]).sort()).toEqual(
        [
          [[author.uid], share.d.entryId],
          [[author.uid], postId],
        ].sort(),
      );
      expect(new Set(rows.map((r) => r.id)).size).toBe(2);
      for (const r of rows) expect(r.id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(await rowsOf(stranger.uid)).toEqual([]);
    expect((await rowsOf(author.uid)).filter((r) => r.type === "submitEntry")).toEqual([]);

    const list = (await api("GET", "/api/getUserNotification", f1)).d.list;
    const post = list.find((n: { entry: { id: string } | null }) => n.entry?.id === postId);
    expect(post).toMatchObject({ type: "submitEntry", entry: { title: "专栏文章", type: "post" } });
    expect(post.submitEntry).toEqual(post.entry);
  });
});

describe("the notify-followers job", () => {
  it("tells each follower once in batches, run again or not, and nobody more once the entry is gone", async () => {
    const author = await register();
    const followers = await Promise.all(Array.from({ length: 5 }, () => register()));
    for (const f of followers) await followUsers(nugget, f, [author.uid]);
    const entry = await makeEntry(db(), author.uid, { title: "分批通知" });
    const job = { authorId: author.uid, entryId: entry.id, secondsHex: entry.id.slice(0, 8) };
    const told = async () =>
      (
        await db()
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(and(eq(notifications.entryId, entry.id), eq(notifications.type, "submitEntry")))
      )
        .map((r) => r.userId)
        .sort();

    // Batches of 2 over 5 followers: three with followers, then one that finds the end.
    expect(await nugget.services.notifications.fanOutToFollowers(job, 2)).toBe(4);
    expect(await told()).toEqual(followers.map((f) => f.uid).sort());
    // A worker that died after some batches is retried from the start: nobody is told twice.
    await nugget.services.notifications.fanOutToFollowers(job, 2);
    expect(await told()).toEqual(followers.map((f) => f.uid).sort());

    // A new follower, then the entry is deleted before the job runs again: nobody more is told.
    const late = await register();
    await api("POST", "/api/follow", late, { ids: author.uid });
    expect((await api("POST", "/api/entryDel", author, { entryId: entry.id })).s).toBe(1);
    expect(await nugget.services.notifications.fanOutToFollowers(job, 2)).toBe(0);
    expect(await told()).not.toContain(late.uid);
  });
});

describe("the /notification page's sentences and links", () => {
  it("reads naturally in Chinese and links the entry, the comment or the user", async () => {
    const me = await register();
    const other = await registerByEmail(nugget);
    const entry = await makeEntry(db(), me.uid, { title: "我的文章" });
    await api("PUT", `/api/user/like/entry/${entry.id}`, other.auth);
    const c = await api("POST", "/api/comment", other.auth, { targetId: entry.id, content: "不错" });
    const mine = await api("POST", "/api/comment", me, { targetId: entry.id, content: "我的评论" });
    const r = await api("POST", "/api/comment", other.auth, {
      targetId: entry.id,
      content: "同意",
      firstComment: mine.d.commentId,
    });
    expect(r.status, r.m).toBe(200);
    await api("POST", "/api/follow", other.auth, { ids: me.uid });
    const list = (await api("GET", "/api/getUserNotification", me)).d.list;
    const who = other.username;
    expect(list.map(describeNotification)).toEqual([
      { text: `${who} 关注了你`, href: `/user/${other.auth.uid}` },
      { text: `${who} 回复了你的评论：同意`, href: `/entry/${entry.id}/detail/${mine.d.commentId}` },
      { text: `${who} 评论了你的文章《我的文章》：不错`, href: `/entry/${entry.id}/detail/${c.d.commentId}` },
      { text: `${who} 赞了你的文章《我的文章》`, href: `/entry/${entry.id}` },
    ]);
  });
});

describe("counts, read all and paging", () => {
  it("counts the unread, resets them on read all, and pages newest first without repeats", async () => {
    const me = await register();
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => register()));
    // One entry each: likes of one entry would fold into one notification.
    for (const f of fans) {
      const entry = await makeEntry(db(), me.uid);
      await api("PUT", `/api/user/like/entry/${entry.id}`, f);
    }
    await api("POST", "/api/follow", fans[0], { ids: me.uid });
    const before = await countsOf(me);
    expect(before.user).toBe(6);
    expect(before.total).toBe(before.user + before.system);

    const pages: string[][] = [];
    let pointer: string | null = null;
    for (;;) {
      const r = await api(
        "GET",
        `/api/getUserNotification?limit=4${pointer ? `&before=${encodeURIComponent(pointer)}` : ""}`,
        me,
      );
      pages.push(r.d.list.map((n: { id: string }) => n.id));
      if (pages.length === 1) {
        // A notification arriving between pages lands on top, never repeated or skipped below.
        const late = await register();
        await api("POST", "/api/follow", late, { ids: me.uid });
      }
      if (!r.d.canNext) break;
      pointer = r.d.pointer;
    }
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(6);
    const all = await listAll(me, 100);
    expect(all.length).toBe(7);
    expect(all[0].type).toBe("follow");
    expect(all.slice(1).map((n) => n.id)).toEqual(ids);

    const readAll = await api("POST", "/api/setUserNotificationNum", me);
    expect(readAll.status).toBe(200);
    expect(readAll.d.user).toBe(0);
    expect(await countsOf(me)).toMatchObject({ user: 0 });
    const afterList = await listAll(me, 100);
    expect(afterList.every((n) => (n as unknown as { check: boolean }).check)).toBe(true);
    // Another user's notifications are untouched by my read all.
    const other = await register();
    await api("POST", "/api/follow", me, { ids: other.uid });
    expect((await countsOf(other)).user).toBe(1);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, other.uid), eq(notifications.checked, true))),
    ).toEqual([]);
  });

  it("root loader total: the service's unreadTotal equals user + system", async () => {
    const me = await register();
    const c = await countsOf(me);
    expect(await nugget.services.notifications.unreadTotal(me.uid)).toBe(c.total);
  });
});

describe("system notifications", () => {
  it("are visible to everyone, unread per user until checked, paged by pointer", async () => {
    const a = await register();
    const b = await register();
    // Start from a clean read state for both: the database may hold earlier system notifications.
    await api("POST", "/api/checkAllSystemNotification", a);
    await api("POST", "/api/checkAllSystemNotification", b);
    expect((await api("GET", "/api/getUnreadSystemNotificationNum", a)).d).toEqual({ count: 0 });

    const tag = randomBytes(3).toString("hex");
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await nugget.services.notifications.postSystem(`维护通知 ${tag} ${i}`)).id);

    expect((await api("GET", "/api/getUnreadSystemNotificationNum", a)).d).toEqual({ count: 3 });
    const counts = await countsOf(a);
    expect(counts.system).toBe(3);
    expect(counts.total).toBe(counts.user + 3);

    const first = await api("GET", "/api/getSystemNotification?limit=2", a);
    expect(first.status).toBe(200);
    expect(first.d.canNext).toBe(true);
    const second = await api(
      "GET",
      `/api/getSystemNotification?limit=2&pointer=${encodeURIComponent(first.d.pointer)}`,
      a,
    );
    const seen = [...first.d.list, ...second.d.list];
    expect(seen.slice(0, 3).map((n: { id: string }) => n.id)).toEqual([...made].reverse());
    expect(seen[0]).toMatchObject({ message: `维护通知 ${tag} 2`, check: false });
    expect(typeof seen[0].date).toBe("string");

    const checked = await api("POST", "/api/checkAllSystemNotification", a);
    expect(checked.d.system).toBe(0);
    expect((await api("GET", "/api/getUnreadSystemNotificationNum", a)).d).toEqual({ count: 0 });
    const again = await api("GET", "/api/getSystemNotification?limit=3", a);
    expect(again.d.list.every((n: { check: boolean }) => n.check)).toBe(true);
    // b has not read them yet.
    expect((await api("GET", "/api/getUnreadSystemNotificationNum", b)).d).toEqual({ count: 3 });
    // Checking twice is harmless.
    expect((await api("POST", "/api/checkAllSystemNotification", a)).status).toBe(200);
  });
});

describe("POST /systemNotification", () => {
  it("lets an admin post to everyone; others get 403 or 401; bad text names the field and writes nothing", async () => {
    const admin = await register();
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.uid));
    const reader = await register();
    await api("POST", "/api/checkAllSystemNotification", reader);

    const text = `版本发布 ${randomBytes(3).toString("hex")}`;
    const posted = await api("POST", "/api/systemNotification", admin, { message: `  ${text}  ` });
    expect([posted.status, posted.s], posted.m).toEqual([200, 1]);
    expect((await api("GET", "/api/getUnreadSystemNotificationNum", reader)).d).toEqual({ count: 1 });
    const list = await api("GET", "/api/getSystemNotification?limit=1", reader);
    expect(list.d.list[0]).toMatchObject({ id: posted.d.id, message: text, check: false });

    const before = (await db().select().from(systemNotifications)).length;
    const asUser = await api("POST", "/api/systemNotification", reader, { message: "我也想发" });
    expect(asUser.status).toBe(403);
    const loggedOut = await api("POST", "/api/systemNotification", undefined, { message: "匿名" });
    expect(loggedOut.status).toBe(401);
    for (const message of ["   ", "长".repeat(501)]) {
      const bad = await api("POST", "/api/systemNotification", admin, { message });
      expect([bad.status, bad.d?.field ?? bad.m]).toEqual([400, expect.stringMatching(/message/)]);
    }
    const missing = await api("POST", "/api/systemNotification", admin, {});
    expect(missing.status).toBe(400);
    expect(missing.m).toMatch(/message/);
    expect((await db().select().from(systemNotifications)).length).toBe(before);
  });
});

describe("the admins' notice page (/admin/notices loader)", () => {
  const contextOf = (auth: Auth | null, role = "user") =>
    ({
      services: nugget.services,
      caller: { userId: auth?.uid ?? null, sessionId: null, ip: "10.0.0.1", userAgent: "test" },
      viewer: auth ? { id: auth.uid, username: "x", role } : null,
    }) as unknown as AppLoadContext;
  const run = (context: AppLoadContext) =>
    noticesLoader({ params: {}, context } as unknown as Parameters<typeof noticesLoader>[0]);
  const statusOf = (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (thrown: { init?: { status?: number } }) =>
        thrown instanceof Response ? thrown.status : (thrown.init?.status ?? 500),
    );

  it("is for admins: 401 for visitors, users back to / (403); shows the latest notices, newest first", async () => {
    expect(await statusOf(run(contextOf(null)))).toBe(401);
    // Spec §6: a refused page sends the user to / with 没有权限.
    expect(await statusOf(run(contextOf(await register())))).toBe(302);
    const admin = await register();
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.uid));
    const text = `停机维护 ${randomBytes(3).toString("hex")}`;
    await api("POST", "/api/systemNotification", admin, { message: text });
    const page = await run(contextOf(admin, "admin"));
    expect(page.recent[0]).toEqual({ id: expect.any(String), message: text, date: expect.any(String) });
    expect(page.recent.length).toBeLessThanOrEqual(10);
  });
});
