import { describe, expect, it } from "vitest";
import { COMMENT_POSTS } from "../../lib/rate-limits.ts";
import { eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeUser, touchedRows } from "../../../tests/support/factories.ts";
import { driftAmong } from "../../../tests/support/drift.ts";
import { comments, entries, users } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { deleteEntry } from "../entries/write.ts";
import { previewCut } from "../../../shared/comment-preview.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (body: Record<string, unknown>, auth?: Auth, form = false) =>
  call(nugget.app, "POST", "/api/comment", { body, auth, form });
const put = (url: string, auth?: Auth, body?: unknown) => call(nugget.app, "PUT", url, { auth, body });
const del = (url: string, auth?: Auth) => call(nugget.app, "DELETE", url, { auth });

/** Every entry, user and comment this file made: counters are recounted for them only. */
const { touched, register, entry: makeEntry, comment } = touchedRows(() => nugget);

const COMMENT_COUNTERS = [
  "entries.comments_count",
  "entries.latest_comment_at",
  "entries.hot_index",
  "entries.rank_index",
  "users.comments_count",
  "comments.likes_count",
  "comments.sub_comment_count",
];
const driftOf = (ids: Iterable<string>) => driftAmong(db(), ids, COMMENT_COUNTERS);
async function entryRow(id: string) {
  return (await db().select().from(entries).where(eq(entries.id, id)))[0];
}
async function commentRow(id: string) {
  return (await db().select().from(comments).where(eq(comments.id, id)))[0];
}
async function userRow(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)))[0];
}
const listUrl = (entryId: string, q = "") => `/api/comments/entry/${entryId}${q}`;

describe("POST /api/comment", () => {
  it("needs a login", async () => {
    const author = await register();
    const e = await makeEntry(author.user.id);
    const r = await post({ content: "你好", targetId: e.id });
    expect([r.status, r.s]).toEqual([401, 401]);
    expect((await entryRow(e.id)).commentsCount).toBe(0);
  });

  it("posts a trimmed comment with images, moving every counter in one go", async () => {
    const author = await register();
    const u = await register();
    const e = await makeEntry(author.user.id);
    const r = await post(
      {
        content: "  第一条评论  ",
        targetId: e.id,
        targetType: "entry",
        picList: "https://img.example.com/a.png|https://img.example.com/b.png",
      },
      u.auth,
      true,
    );
    expect(r.s).toBe(1);
    touched.add(r.d.commentId);
    const row = await commentRow(r.d.commentId);
    expect([row.content, row.picList, row.firstCommentId]).toEqual([
      "第一条评论",
      ["https://img.example.com/a.png", "https://img.example.com/b.png"],
      null,
    ]);
    const after = await entryRow(e.id);
    expect(after.commentsCount).toBe(1);
    expect(after.latestCommentAt?.getTime()).toBe(row.createdAt.getTime());
    expect(after.hotIndex).toBeGreaterThan(0);
    expect((await userRow(u.user.id)).commentsCount).toBe(1);
    expect(await driftOf([e.id, u.user.id, author.user.id, r.d.commentId])).toEqual([]);
  });

  it("rejects empty, too long and badly illustrated comments naming the field", async () => {
    const u = await register();
    const e = await makeEntry(u.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "   " }, "content"],
      [{ content: "字".repeat(1001) }, "content"],
      [{ content: "ok", picList: ["ftp://x/y.png"] }, "picList"],
      [{ content: "ok", picList: Array.from({ length: 10 }, (_, i) => `https://x.com/${i}.png`) }, "picList"],
      [{ content: "ok", firstComment: "nope" }, "firstComment"],
      [{ content: "ok", targetType: "video" }, "targetType"],
    ];
    for (const [body, field] of cases) {
      const r = await post({ targetId: e.id, ...body }, u.auth);
      expect([r.status, r.d?.field]).toEqual([400, field]);
    }
    expect((await post({ content: "字".repeat(1000), targetId: e.id }, u.auth)).s).toBe(1);
    expect((await post({ content: "x", targetId: "bad" }, u.auth)).d?.field).toBe("targetId");
  });

  it("answers 404 for a missing, deleted or draft entry", async () => {
    const u = await register();
    const gone = await makeEntry(u.user.id);
    await db().transaction((tx) => deleteEntry(tx, gone));
    const draft = await makeEntry(u.user.id, { status: "draft" });
    for (const id of [newId(), gone.id, draft.id]) {
      const r = await post({ content: "你好", targetId: id }, u.auth);
      expect([r.status, r.s]).toEqual([404, 404]);
    }
  });

  it("takes §7's root-comment form, whose respUser names the entry's author", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const form = { picList: "", respUser: a.user.id, targetId: e.id, targetType: "entry", content: "写得好" };
    // As the form the spec sends (form-encoded).
    const r = await post(form, b.auth, true);
    expect([r.status, r.s, r.m]).toEqual([200, 1, "success"]);
    touched.add(r.d.commentId);
    expect((await commentRow(r.d.commentId)).respUserId).toBeNull();
    const wrong = await post({ ...form, respUser: b.user.id }, b.auth, true);
    expect([wrong.status, wrong.d.field]).toEqual([400, "respUser"]);
    expect((await entryRow(e.id)).commentsCount).toBe(1);
  });

  it("replies to a root and to a reply, and refuses replies that do not fit", async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    const e = await makeEntry(a.user.id);
    const other = await makeEntry(a.user.id);
    const root = await comment(a.auth, e.id);
    const foreignRoot = await comment(a.auth, other.id);
    const r1 = await comment(b.auth, e.id, { firstComment: root, respComment: root, respUser: a.user.id });
    const r2 = await comment(c.auth, e.id, { firstComment: root, respComment: r1, respUser: b.user.id });
    expect((await commentRow(r1)).respCommentId).toBeNull();
    expect(await commentRow(r2)).toMatchObject({
      firstCommentId: root,
      respCommentId: r1,
      respUserId: b.user.id,
    });
    expect((await commentRow(root)).subCommentCount).toBe(2);
    expect((await entryRow(e.id)).commentsCount).toBe(3);

    const bad: [Record<string, unknown>, string][] = [
      [{ firstComment: foreignRoot }, "firstComment"],
      [{ firstComment: r1 }, "firstComment"],
      [{ firstComment: newId() }, "firstComment"],
      [{ firstComment: root, respComment: foreignRoot }, "respComment"],
      [{ respComment: r1 }, "firstComment"],
      [{ firstComment: root, respComment: r1, respUser: c.user.id }, "respUser"],
    ];
    for (const [extra, field] of bad) {
      const r = await post({ content: "回复", targetId: e.id, ...extra }, c.auth);
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, field]);
    }
    expect((await commentRow(root)).subCommentCount).toBe(2);
    expect(await driftOf([e.id, other.id, a.user.id, b.user.id, c.user.id, root, r1, r2])).toEqual([]);
  });
});

describe("GET /api/comments/entry/{id}", () => {
  it("pages new and hot by cursor without repeats, with top replies, users and liked flags", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const roots: string[] = [];
    for (let i = 0; i < 7; i++) roots.push(await comment(i % 2 ? a.auth : b.auth, e.id));
    for (let i = 0; i < 3; i++) await comment(b.auth, e.id, { firstComment: roots[0] });
    await put(`/api/comment/${roots[2]}/like`, a.auth);
    await put(`/api/comment/${roots[2]}/like`, b.auth);
    await put(`/api/comment/${roots[5]}/like`, b.auth);

    for (const rankType of ["new", "hot"] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `?rankType=${rankType}&pageSize=3${cursor ? `&createdAt=${encodeURIComponent(cursor)}` : ""}`;
        const r = await get(listUrl(e.id, q), b.auth);
        expect(r.s).toBe(1);
        expect(r.d.count).toBeGreaterThanOrEqual(10);
        seen.push(...r.d.comments.map((c: { id: string }) => c.id));
        cursor = r.d.cursor;
        // A comment arriving between pages must not shift what the next page shows.
        if (pages === 0) roots.push(await comment(a.auth, e.id));
        pages++;
      } while (cursor && pages < 10);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(rankType === "new" ? 7 : 8);
      if (rankType === "new") expect(seen).toEqual(roots.slice(0, 7).reverse());
      else expect(seen.slice(0, 2)).toEqual([roots[2], roots[5]]);
    }

    const first = await get(listUrl(e.id, "?rankType=hot&pageSize=1"), b.auth);
    const top = first.d.comments[0];
    expect(top).toMatchObject({
      id: roots[2],
      likesCount: 2,
      likeCount: 2,
      liked: true,
      user: { id: b.user.id },
    });
    expect(top.user.email).toBeUndefined();
    const withReplies = (await get(listUrl(e.id), a.auth)).d.comments.find(
      (c: { id: string }) => c.id === roots[0],
    );
    expect(withReplies.subCommentCount).toBe(3);
    expect(withReplies.replyCount).toBe(3);
    expect(withReplies.topSubCommentList).toHaveLength(2);
    expect(withReplies.liked).toBe(false);

    const subs = await get(`/api/comments/entry/${e.id}/comment/${roots[0]}?pageSize=2`);
    expect([subs.d.count, subs.d.comments.length]).toEqual([3, 2]);
    const rest = await get(
      `/api/comments/entry/${e.id}/comment/${roots[0]}?createdAt=${encodeURIComponent(subs.d.cursor)}`,
    );
    expect([rest.d.comments.length, rest.d.cursor]).toEqual([1, null]);
    const allIds = [...subs.d.comments, ...rest.d.comments].map((c: { id: string }) => c.id);
    expect(new Set(allIds).size).toBe(3);

    const byIds = await get(`/api/comments?idList=${roots[1]}|${roots[0]}|${newId()}`);
    expect(byIds.d.map((c: { id: string }) => c.id)).toEqual([roots[1], roots[0]]);
    for (const id of roots) touched.add(id);
  });

  it("takes createdAt=0, an empty one and §7's bare createdAt, new first and in replies", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    // A second apart, so a bare time names one comment (rows sharing it exactly would be skipped).
    const at = (i: number) => new Date(Date.UTC(2026, 1, 1, 0, 0, i));
    const roots: string[] = [];
    for (let i = 0; i < 5; i++) {
      roots.push(await comment(i % 2 ? a.auth : b.auth, e.id));
      await db()
        .update(comments)
        .set({ createdAt: at(i) })
        .where(eq(comments.id, roots[i]));
    }
    const replies: string[] = [];
    for (let i = 0; i < 4; i++) {
      replies.push(await comment(b.auth, e.id, { firstComment: roots[0], respComment: roots[0] }));
      await db()
        .update(comments)
        .set({ createdAt: at(10 + i) })
        .where(eq(comments.id, replies[i]));
    }
    // The entry's latest comment time follows its comments' (the counters' recount checks it).
    await db()
      .update(entries)
      .set({ latestCommentAt: at(13) })
      .where(eq(entries.id, e.id));
    const ids = (r: { d: { comments: { id: string }[] } }) => r.d.comments.map((c) => c.id);
    for (const createdAt of ["0", ""]) {
      const first = await get(listUrl(e.id, `?rankType=new&pageSize=20&createdAt=${createdAt}`));
      expect([first.status, ids(first)]).toEqual([200, [...roots].reverse()]);
    }
    // Newest first: after roots[3] come roots[2], roots[1], roots[0] — as an ISO time or in milliseconds.
    for (const bare of [at(3).toISOString(), String(at(3).getTime())]) {
      const page = await get(listUrl(e.id, `?rankType=new&createdAt=${encodeURIComponent(bare)}`));
      expect(ids(page), bare).toEqual([roots[2], roots[1], roots[0]]);
    }
    // Replies oldest first: after replies[1] come replies[2] and replies[3], and replies[1] not again.
    const subs = `/api/comments/entry/${e.id}/comment/${roots[0]}`;
    expect(ids(await get(`${subs}?createdAt=0`))).toEqual(replies);
    const after = await get(`${subs}?createdAt=${encodeURIComponent(at(11).toISOString())}`);
    expect(ids(after)).toEqual([replies[2], replies[3]]);
    // A bare time cannot place a list ordered by likes: hot takes only its own cursor.
    const hot = await get(
      listUrl(e.id, `?rankType=hot&createdAt=${encodeURIComponent(at(3).toISOString())}`),
    );
    expect([hot.status, hot.d.field]).toEqual([400, "createdAt"]);
    expect(ids(await get(listUrl(e.id, "?rankType=hot&createdAt=0")))).toHaveLength(5);
  });

  it("answers 404 for a missing entry and 400 for a bad cursor", async () => {
    expect((await get(listUrl(newId()))).status).toBe(404);
    const u = await register();
    const e = await makeEntry(u.user.id);
    expect((await get(listUrl(e.id, "?createdAt=garbage"))).d.field).toBe("createdAt");
    expect((await get(listUrl(e.id, "?rankType=old"))).status).toBe(400);
    expect((await get(`/api/comments?idList=zz`)).d.field).toBe("idList");
  });
});

describe("likes, edits and deletes", () => {
  it("counts a comment like once however often it is given", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const c = await comment(a.auth, e.id);
    expect((await put(`/api/comment/${c}/like`)).status).toBe(401);
    expect((await put(`/api/comment/${c}/like`, b.auth)).d).toEqual({
      liked: true,
      likesCount: 1,
      likeCount: 1,
    });
    expect((await put(`/api/comment/${c}/like`, b.auth)).d).toEqual({
      liked: true,
      likesCount: 1,
      likeCount: 1,
    });
    expect((await commentRow(c)).likesCount).toBe(1);
    expect((await del(`/api/comment/${c}/like`, b.auth)).d.likesCount).toBe(0);
    expect((await del(`/api/comment/${c}/like`, b.auth)).d.likesCount).toBe(0);
    expect((await put(`/api/comment/${newId()}/like`, b.auth)).status).toBe(404);
    expect(await driftOf([c])).toEqual([]);
  });

  it("unlikes through PUT /comment/{id}/unlike as the pin comment form does (spec §7)", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const c = await comment(a.auth, e.id);
    const unlike = (auth?: Auth, id = c) =>
      call(nugget.app, "PUT", `/api/comment/${id}/unlike`, { auth, body: { targetId: e.id }, form: true });
    expect((await unlike()).status).toBe(401);
    expect((await unlike(b.auth, newId())).status).toBe(404);
    const bad = await unlike(b.auth, "zz");
    expect([bad.status, bad.d.field]).toEqual([400, "id"]);

    // like with the pin form's shape (form body targetId), then with the entry shape (query)
    const liked = await call(nugget.app, "PUT", `/api/comment/${c}/like`, {
      auth: b.auth,
      body: { targetId: e.id },
      form: true,
    });
    expect(liked.d).toEqual({ liked: true, likesCount: 1, likeCount: 1 });
    expect((await put(`/api/comment/${c}/like?targetId=${e.id}&targetType=entry`, b.auth)).d.likesCount).toBe(
      1,
    );
    expect((await unlike(b.auth)).d).toEqual({ liked: false, likesCount: 0, likeCount: 0 });
    expect((await unlike(b.auth)).d).toEqual({ liked: false, likesCount: 0, likeCount: 0 });
    expect((await commentRow(c)).likesCount).toBe(0);
    // the alias and DELETE like are one operation: either undoes the other's like
    await put(`/api/comment/${c}/like`, b.auth);
    expect((await del(`/api/comment/${c}/like?targetId=${e.id}&targetType=entry`, b.auth)).d.liked).toBe(
      false,
    );
    expect(await driftOf([c])).toEqual([]);
  });

  it("lets only the author edit", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const c = await comment(a.auth, e.id);
    expect((await put(`/api/comment/${c}`, b.auth, { content: "改" })).status).toBe(403);
    expect((await put(`/api/comment/${c}`, undefined, { content: "改" })).status).toBe(401);
    expect((await put(`/api/comment/${c}`, a.auth, { content: " " })).d.field).toBe("content");
    const r = await put(`/api/comment/${c}`, a.auth, { content: "  改好了 " });
    expect([r.s, r.d.content]).toEqual([1, "改好了"]);
    expect((await commentRow(c)).content).toBe("改好了");
  });

  it("soft-deletes, moves counters back once, and keeps a root with replies as 该评论已删除", async () => {
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(a.user.id);
    const root = await comment(b.auth, e.id);
    const lonely = await comment(b.auth, e.id);
    const reply = await comment(a.auth, e.id, { firstComment: root });
    expect((await del(`/api/comment/${root}`, a.auth)).status).toBe(403);
    expect((await del(`/api/comment/${root}`)).status).toBe(401);
    expect((await del(`/api/comment/${newId()}`, a.auth)).status).toBe(404);

    expect((await del(`/api/comment/${root}`, b.auth)).s).toBe(1);
    expect((await del(`/api/comment/${root}`, b.auth)).s).toBe(1);
    expect((await del(`/api/comment/${lonely}`, b.auth)).s).toBe(1);
    expect((await entryRow(e.id)).commentsCount).toBe(1);
    expect((await userRow(b.user.id)).commentsCount).toBe(0);
    const list = await get(listUrl(e.id));
    expect(list.d.comments.map((c: { id: string }) => c.id)).toEqual([root]);
    expect(list.d.comments[0]).toMatchObject({ content: "该评论已删除", deleted: true, user: null });
    expect(list.d.comments[0].topSubCommentList.map((c: { id: string }) => c.id)).toEqual([reply]);
    expect((await put(`/api/comment/${root}/like`, a.auth)).status).toBe(404);

    await del(`/api/comment/${reply}`, a.auth);
    expect((await commentRow(root)).subCommentCount).toBe(0);
    expect((await get(listUrl(e.id))).d.comments).toEqual([]);
    expect(await driftOf([e.id, a.user.id, b.user.id, root, lonely, reply])).toEqual([]);
  });

  it("lets an admin delete anyone's comment or reply with counters exact (spec §6); editors and others get 403", async () => {
    const [a, b] = [await register(), await register()];
    const admin = await makeUser(nugget, { role: "admin" });
    const editor = await makeUser(nugget, { role: "editor" });
    touched.add(admin.user.id);
    const e = await makeEntry(a.user.id);
    const root = await comment(b.auth, e.id);
    const reply = await comment(a.auth, e.id, { firstComment: root });
    for (const who of [a, editor]) {
      expect((await del(`/api/comment/${root}`, who.auth)).status).toBe(403);
    }
    for (const who of [b, editor]) {
      expect((await del(`/api/comment/${reply}`, who.auth)).status).toBe(403);
    }
    expect([(await entryRow(e.id)).commentsCount, (await commentRow(root)).subCommentCount]).toEqual([2, 1]);

    const gone = await del(`/api/comment/${reply}`, admin.auth);
    expect([gone.status, gone.s, gone.d]).toEqual([200, 1, { deleted: true }]);
    expect((await del(`/api/comment/${root}`, admin.auth)).s).toBe(1);
    expect((await entryRow(e.id)).commentsCount).toBe(0);
    expect((await commentRow(root)).subCommentCount).toBe(0);
    // The authors' counts let go, not the admin's.
    expect([(await userRow(a.user.id)).commentsCount, (await userRow(b.user.id)).commentsCount]).toEqual([
      0, 0,
    ]);
    expect((await get(listUrl(e.id))).d.comments).toEqual([]);
    expect(await driftOf([e.id, a.user.id, b.user.id, admin.user.id, root, reply])).toEqual([]);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "stays exact under 200 concurrent like/unlike toggles on one comment (PostgreSQL)",
    async () => {
      const author = await register();
      const e = await makeEntry(author.user.id);
      const c = await comment(author.auth, e.id);
      const people = await Promise.all(Array.from({ length: 20 }, () => register()));
      const replies = await Promise.all(
        people.flatMap((p) =>
          Array.from({ length: 10 }, () =>
            Math.random() < 0.5
              ? put(`/api/comment/${c}/like`, p.auth)
              : del(`/api/comment/${c}/like`, p.auth),
          ),
        ),
      );
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(await driftOf([c])).toEqual([]);
    },
    120_000,
  );
});

describe("concurrent replies and deletes", () => {
  it.runIf(!!process.env.DATABASE_URL)(
    "keep the entry, root and user counts exact (PostgreSQL)",
    async () => {
      const author = await register();
      const e = await makeEntry(author.user.id);
      const root = await comment(author.auth, e.id);
      const people = await Promise.all(Array.from({ length: 10 }, () => register()));
      const earlier = await Promise.all(people.map((p) => comment(p.auth, e.id, { firstComment: root })));
      const theirs = await Promise.all(people.map((p) => makeEntry(p.user.id)));
      const replies = await Promise.all([
        ...people.flatMap((p) =>
          Array.from({ length: 3 }, () =>
            post({ content: "并发回复", targetId: e.id, firstComment: root, respComment: root }, p.auth),
          ),
        ),
        ...earlier.map((id, i) => del(`/api/comment/${id}`, people[i].auth)),
        ...people.map((p) => post({ content: "并发评论", targetId: e.id }, p.auth)),
        // Cross traffic: the author comments on the commenters' entries at the same time, so user
        // rows are locked from both sides (the case an unordered update would deadlock on).
        ...theirs.map((t) => post({ content: "回访", targetId: t.id }, author.auth)),
      ]);
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      for (const r of replies) if (r.d?.commentId) touched.add(r.d.commentId);
      expect((await commentRow(root)).subCommentCount).toBe(30);
      expect((await entryRow(e.id)).commentsCount).toBe(41);
      expect(
        await driftOf([
          e.id,
          root,
          author.user.id,
          ...people.map((p) => p.user.id),
          ...earlier,
          ...theirs.map((t) => t.id),
        ]),
      ).toEqual([]);
    },
    120_000,
  );
});

describe("comment preview cut (spec §5)", () => {
  it("keeps short comments and cuts after 10 lines of ~40 characters with an ellipsis", () => {
    expect(previewCut("短评")).toEqual({ text: "短评", cut: false });
    const ten = Array.from({ length: 10 }, (_, i) => `行${i}`).join("\n");
    expect(previewCut(ten).cut).toBe(false);
    const twelve = `${ten}\n多一行\n再一行`;
    expect(previewCut(twelve)).toEqual({ text: `${ten}…`, cut: true });
    const wide = "字".repeat(450);
    const cut = previewCut(wide);
    expect([cut.cut, cut.text]).toEqual([true, `${"字".repeat(400)}…`]);
    expect(previewCut("字".repeat(400)).cut).toBe(false);
  });
});

describe("counters stay with their rows", () => {
  it("leaves no drift on anything this file made", async () => {
    expect(touched.size).toBeGreaterThan(10);
    expect(await driftOf(touched)).toEqual([]);
  });
});

describe("rate limits", () => {
  it(`lets one account post ${COMMENT_POSTS.max} comments a minute, then answers 429 and writes nothing`, async () => {
    const a = await register();
    const e = await makeEntry(a.user.id);
    for (let i = 0; i < COMMENT_POSTS.max; i++) {
      const r = await post({ content: `刷屏 ${i}`, targetId: e.id }, a.auth);
      expect(r.status, r.m).toBe(200);
    }
    const over = await post({ content: "再来一条", targetId: e.id }, a.auth);
    expect([over.status, over.s]).toEqual([429, 429]);
    expect((await entryRow(e.id)).commentsCount).toBe(COMMENT_POSTS.max);
    // Someone else is not held back by it.
    const b = await register();
    expect((await post({ content: "路过", targetId: e.id }, b.auth)).status).toBe(200);
  });
});
