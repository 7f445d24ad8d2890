import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeUser, touchedRows } from "../../../tests/support/factories.ts";
import { driftAmong } from "../../../tests/support/drift.ts";
import { comments, notifications, pins, users } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (url: string, body: Record<string, unknown>, auth?: Auth, form = false) =>
  call(nugget.app, "POST", url, { body, auth, form });
const put = (url: string, auth?: Auth) => call(nugget.app, "PUT", url, { auth });
const del = (url: string, auth?: Auth) => call(nugget.app, "DELETE", url, { auth });

/** Every pin, user and comment this file made: counters are recounted for them only. */
const made = touchedRows(() => nugget);
const { touched, register, pin: makePin } = made;
const comment = (auth: Auth, pinId: string, extra: Record<string, unknown> = {}) =>
  made.comment(auth, pinId, { targetType: "pin", ...extra });
const PIN_COUNTERS = [
  "pins.comment_count",
  "pins.like_count",
  "users.comments_count",
  "comments.likes_count",
  "comments.sub_comment_count",
];
const drift = () => driftAmong(db(), touched, PIN_COUNTERS);
async function pinRow(id: string) {
  return (await db().select().from(pins).where(eq(pins.id, id)))[0];
}
async function likeNotifications(userId: string, actorId: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "like")))
    .then((rows) => rows.filter((n) => n.actorIds.some((a) => a.trim() === actorId)));
}

describe("pins", () => {
  it("writes a pin, reads it back in the spec shape and lists it first in the feed", async () => {
    const a = await register();
    const r = await post(
      "/api/pins",
      {
        content: "  今天学了 Drizzle  ",
        imageUrlList: "https://img.example.com/a.png|http://img.example.com/b.png",
      },
      a.auth,
      true,
    );
    expect(r.s).toBe(1);
    touched.add(r.d.id);
    expect(r.d).toMatchObject({
      content: "今天学了 Drizzle",
      imageUrlList: ["https://img.example.com/a.png", "http://img.example.com/b.png"],
      commentCount: 0,
      likeCount: 0,
      liked: false,
      user: { id: a.user.id },
    });
    const got = await get(`/api/getByID?msgId=${r.d.id}`);
    expect(got.s).toBe(1);
    expect(Object.keys(got.d).sort()).toEqual(
      [
        "commentCount",
        "content",
        "createdAt",
        "id",
        "imageUrlList",
        "likeCount",
        "liked",
        "updatedAt",
        "user",
      ].sort(),
    );
    const feed = await get("/api/pins?limit=100");
    expect(feed.d.list.map((p: { id: string }) => p.id)).toContain(r.d.id);
    const times = feed.d.list.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages the feed newest first by pointer, without repeats or skips when pins arrive between pages", async () => {
    const a = await register();
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push(await makePin(a.auth));
    // Other files may write pins meanwhile: walk the feed and keep only this test's pins.
    const seen: string[] = [];
    let cursor: string | null = null;
    let late: string | null = null;
    do {
      const q: string = cursor ? `&before=${encodeURIComponent(cursor)}` : "";
      const page = await get(`/api/pins?limit=2${q}`);
      expect(page.s).toBe(1);
      seen.push(...page.d.list.map((p: { id: string }) => p.id));
      cursor = page.d.cursor;
      if (!late) late = await makePin(a.auth);
    } while (cursor && !seen.includes(mine[0]));
    const ours = seen.filter((id) => mine.includes(id) || id === late);
    expect(ours).toEqual([...mine].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect((await get("/api/pins?before=nonsense")).d?.field).toBe("before");
    // §4's forms: 0 or nothing is the first page; the last pin's bare createdAt continues after it.
    const first = await get("/api/pins?limit=3");
    for (const before of ["0", ""])
      expect((await get(`/api/pins?limit=3&before=${before}`)).d).toEqual(first.d);
    const last = first.d.list.at(-1);
    const next = await get(`/api/pins?limit=3&before=${encodeURIComponent(last.createdAt)}`);
    expect(next.status).toBe(200);
    for (const p of next.d.list as { id: string; createdAt: string }[]) {
      expect(Date.parse(p.createdAt)).toBeLessThan(Date.parse(last.createdAt));
    }
  });

  it("likes idempotently, counts with the row, tells the author once and never oneself", async () => {
    const [a, b] = [await register(), await register()];
    const id = await makePin(a.auth);
    const url = `/api/pins/${id}/like`;
    expect((await put(url, b.auth)).d).toEqual({ liked: true, likeCount: 1 });
    expect((await put(url, b.auth)).d).toEqual({ liked: true, likeCount: 1 });
    expect((await put(url, a.auth)).d).toEqual({ liked: true, likeCount: 2 });
    expect((await get(`/api/getByID?msgId=${id}`, b.auth)).d).toMatchObject({ liked: true, likeCount: 2 });
    expect((await get(`/api/getByID?msgId=${id}`)).d.liked).toBe(false);
    expect((await del(url, b.auth)).d).toEqual({ liked: false, likeCount: 1 });
    expect((await del(url, b.auth)).d).toEqual({ liked: false, likeCount: 1 });
    expect((await pinRow(id)).likeCount).toBe(1);
    expect(await likeNotifications(a.user.id, b.user.id)).toHaveLength(1);
    expect(await likeNotifications(a.user.id, a.user.id)).toHaveLength(0);
    expect(await drift()).toEqual([]);
  });

  it("tells the author about likes of different pins by the same person", async () => {
    const [a, b] = [await register(), await register()];
    const first = await makePin(a.auth);
    const second = await makePin(a.auth);
    await put(`/api/pins/${first}/like`, b.auth);
    await put(`/api/pins/${second}/like`, b.auth);
    // Each like names its pin (notifications.pin_id), so the two are told apart.
    expect(await likeNotifications(a.user.id, b.user.id)).toHaveLength(2);
  });

  it("deletes for the author or an admin only, softly and idempotently", async () => {
    const [a, b, admin] = [await register(), await register(), await register()];
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const id = await makePin(a.auth);
    const other = await makePin(a.auth);
    expect([(await del(`/api/pins/${id}`, b.auth)).status]).toEqual([403]);
    expect((await del(`/api/pins/${id}`, a.auth)).d).toEqual({ deleted: true });
    expect((await del(`/api/pins/${id}`, a.auth)).d).toEqual({ deleted: true });
    expect((await pinRow(id)).deletedAt).not.toBeNull();
    expect((await get(`/api/getByID?msgId=${id}`)).status).toBe(404);
    expect((await put(`/api/pins/${id}/like`, b.auth)).status).toBe(404);
    expect((await get("/api/pins?limit=100")).d.list.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await del(`/api/pins/${other}`, admin.auth)).d).toEqual({ deleted: true });
  });

  it("lets an admin delete anyone's commented, liked pin (spec §6) with counters exact; editors get 403", async () => {
    const [a, b] = [await register(), await register()];
    const admin = await makeUser(nugget, { role: "admin" });
    const editor = await makeUser(nugget, { role: "editor" });
    const id = await makePin(a.auth);
    await put(`/api/pins/${id}/like`, b.auth);
    await comment(b.auth, id);
    expect([(await del(`/api/pins/${id}`, editor.auth)).status]).toEqual([403]);
    expect((await pinRow(id)).deletedAt).toBeNull();
    const gone = await del(`/api/pins/${id}`, admin.auth);
    expect([gone.status, gone.s, gone.d]).toEqual([200, 1, { deleted: true }]);
    expect((await pinRow(id)).deletedAt).not.toBeNull();
    expect((await get(`/api/getByID?msgId=${id}`)).status).toBe(404);
    expect(await drift()).toEqual([]);
  });

  it("answers bad input: 401, missing pin, malformed ids and fields named", async () => {
    const a = await register();
    const id = await makePin(a.auth);
    expect((await post("/api/pins", { content: "hi" })).status).toBe(401);
    expect((await put(`/api/pins/${id}/like`)).status).toBe(401);
    expect((await del(`/api/pins/${id}`)).status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "   " }, "content"],
      [{ content: "字".repeat(1001) }, "content"],
      [{ content: "ok", imageUrlList: ["ftp://x/y.png"] }, "imageUrlList"],
      [
        { content: "ok", imageUrlList: Array.from({ length: 10 }, (_, i) => `https://x.com/${i}.png`) },
        "imageUrlList",
      ],
    ];
    for (const [body, field] of cases) {
      const r = await post("/api/pins", body, a.auth);
      expect([r.status, r.d?.field]).toEqual([400, field]);
    }
    const max = await post("/api/pins", { content: "字".repeat(1000) }, a.auth);
    expect(max.s).toBe(1);
    touched.add(max.d.id);
    const missing = newId();
    expect((await get(`/api/getByID?msgId=${missing}`)).status).toBe(404);
    expect((await put(`/api/pins/${missing}/like`, a.auth)).status).toBe(404);
    expect((await del(`/api/pins/${missing}`, a.auth)).status).toBe(404);
    expect((await get(`/api/comments/${missing}`)).status).toBe(404);
    expect((await get(`/api/reply/${missing}`)).status).toBe(404);
    expect(
      (await post("/api/comment", { content: "x", targetId: missing, targetType: "pin" }, a.auth)).status,
    ).toBe(404);
    const bad = await get("/api/getByID?msgId=nope");
    expect([bad.status, bad.d?.field]).toEqual([400, "msgId"]);
    expect((await put("/api/pins/nope/like", a.auth)).d?.field).toBe("id");
    expect((await get("/api/comments/nope")).d?.field).toBe("pinId");
    expect((await get("/api/reply/nope")).d?.field).toBe("commentId");
  });
});

describe("pin comments", () => {
  it("comments and replies through the comment service, in the pin comment shape, with exact counts", async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    const id = await makePin(a.auth);
    const root = await comment(b.auth, id);
    const second = await comment(c.auth, id);
    const r1 = await comment(a.auth, id, { firstComment: root, respComment: root });
    const r2 = await comment(c.auth, id, { firstComment: root, respComment: r1, respUser: a.user.id });
    expect((await pinRow(id)).commentCount).toBe(4);
    expect((await get(`/api/getByID?msgId=${id}`)).d.commentCount).toBe(4);

    // A root comment tells the pin's author; a reply tells whom it answers.
    const told = await db().select().from(notifications).where(eq(notifications.commentId, root));
    expect(told.map((n) => [n.userId, n.type])).toContainEqual([a.user.id, "comment"]);

    await put(`/api/comment/${second}/like`, a.auth);
    await put(`/api/comment/${second}/like`, b.auth);
    await put(`/api/comment/${second}/like`, b.auth);
    const list = await get(`/api/comments/${id}?rankType=new&pageSize=20`, a.auth);
    expect(list.s).toBe(1);
    expect(list.d.count).toBe(4);
    expect(list.d.comments.map((x: { id: string }) => x.id)).toEqual([second, root]);
    const [top, first] = list.d.comments;
    expect(top).toMatchObject({ targetId: id, targetType: "pin", likeCount: 2, liked: true });
    expect(first).toMatchObject({ targetId: id, likeCount: 0, subCommentCount: 2 });
    expect(first.topSubCommentList.map((x: { id: string }) => x.id)).toEqual([r1, r2]);

    const hot = await get(`/api/comments/${id}?rankType=hot&pageSize=1`);
    expect(hot.d.comments.map((x: { id: string }) => x.id)).toEqual([second]);
    const hotNext = await get(
      `/api/comments/${id}?rankType=hot&pageSize=1&createdAt=${encodeURIComponent(hot.d.cursor)}`,
    );
    expect(hotNext.d.comments.map((x: { id: string }) => x.id)).toEqual([root]);

    const replies = await get(`/api/reply/${root}?pageSize=1`);
    expect(replies.d).toMatchObject({ count: 2, hasMore: true });
    expect(replies.d.comments[0]).toMatchObject({ id: r1, targetId: id, likeCount: 0 });
    const more = await get(`/api/reply/${root}?pageSize=1&createdAt=${encodeURIComponent(replies.d.cursor)}`);
    expect(more.d.comments.map((x: { id: string }) => x.id)).toEqual([r2]);
    expect(more.d.comments[0].replyUser.id).toBe(a.user.id);
    // A reply is not a root; an entry comment is not a pin comment.
    expect((await get(`/api/reply/${r1}`)).status).toBe(404);

    await del(`/api/comment/${r2}`, c.auth);
    await del(`/api/comment/${second}`, c.auth);
    expect((await pinRow(id)).commentCount).toBe(2);
    const root0 = (await db().select().from(comments).where(eq(comments.id, root)))[0];
    expect(root0.subCommentCount).toBe(1);
    expect(await drift()).toEqual([]);
  });

  it("refuses comments on a deleted pin and a reply under another pin's comment", async () => {
    const [a, b] = [await register(), await register()];
    const id = await makePin(a.auth);
    const other = await makePin(a.auth);
    const foreign = await comment(b.auth, other);
    const r = await post(
      "/api/comment",
      { content: "x", targetId: id, targetType: "pin", firstComment: foreign },
      b.auth,
    );
    expect([r.status, r.d?.field]).toEqual([400, "firstComment"]);
    await del(`/api/pins/${id}`, a.auth);
    expect(
      (await post("/api/comment", { content: "x", targetId: id, targetType: "pin" }, b.auth)).status,
    ).toBe(404);
    expect((await get(`/api/comments/${id}`)).status).toBe(404);
    expect(await drift()).toEqual([]);
  });
});
