import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeEntry, makeTag, touchedRows } from "../../../tests/support/factories.ts";
import { driftAmong, followCounts } from "../../../tests/support/drift.ts";
import { follows, tagSubscriptions } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (url: string, body: unknown, auth?: Auth) => call(nugget.app, "POST", url, { body, auth });
const follow = (ids: string | string[], auth?: Auth) =>
  post("/api/follow", { ids: [ids].flat().join("|") }, auth);
const unfollow = (ids: string | string[], auth?: Auth) =>
  post("/api/unfollow", { ids: [ids].flat().join("|") }, auth);

/** Every user this file made: counters are recounted for them only. */
const { touched, register } = touchedRows(() => nugget);

const FOLLOW_COUNTERS = ["users.followers_count", "users.followees_count"];

/** Drift of the follow counters on the given users only (the database may hold others' rows). */
const driftOf = (ids: Iterable<string>) => driftAmong(db(), ids, FOLLOW_COUNTERS);

const counts = (id: string) => followCounts(db(), id);

async function followRows(followerId: string, followeeId: string) {
  return db().$count(follows, and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

describe("POST /api/follow and /api/unfollow", () => {
  it("needs a login", async () => {
    const target = await register();
    for (const r of [await follow(target.user.id), await unfollow(target.user.id)]) {
      expect([r.status, r.s]).toEqual([401, 401]);
    }
    expect(await counts(target.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
  });

  it("rejects following oneself, malformed ids (naming the field) and unknown users", async () => {
    const me = await register();
    const other = await register();
    const self = await follow(me.user.id, me.auth);
    expect([self.status, self.s, self.d?.field]).toEqual([400, 400, "ids"]);
    // One bad id in a list fails the whole call.
    const mixed = await follow([other.user.id, me.user.id], me.auth);
    expect(mixed.status).toBe(400);
    for (const ids of ["", "abc", "ABCDEF0123456789abcdef01", `${other.user.id}|`, `${other.user.id},x`]) {
      const r = await follow(ids, me.auth);
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, "ids"]);
    }
    const missingBody = await call(nugget.app, "POST", "/api/follow", { body: {}, auth: me.auth });
    expect([missingBody.status, missingBody.d?.field]).toEqual([400, "ids"]);
    const unknown = await follow([other.user.id, newId()], me.auth);
    expect([unknown.status, unknown.s]).toEqual([404, 404]);
    expect(await followRows(me.user.id, other.user.id)).toBe(0);
    expect(await counts(me.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
    expect(await driftOf([me.user.id, other.user.id])).toEqual([]);
  });

  it("counts a follow once however often it is made, and takes it back once", async () => {
    const a = await register();
    const b = await register();
    const first = await follow(b.user.id, a.auth);
    expect([first.s, first.d]).toEqual([
      1,
      { list: [{ id: b.user.id, followed: true, followersCount: 1 }], followeesCount: 1 },
    ]);
    const again = await follow(b.user.id, a.auth);
    expect(again.d).toEqual(first.d);
    expect(await followRows(a.user.id, b.user.id)).toBe(1);
    expect(await counts(a.user.id)).toEqual({ followersCount: 0, followeesCount: 1 });
    expect(await counts(b.user.id)).toEqual({ followersCount: 1, followeesCount: 0 });

    const info = await get(`/api/getUserFollowInfo?uid=${b.user.id}`);
    expect(info.d).toEqual({ followerNum: 1, followeeNum: 0 });
    expect((await get(`/api/isCurrentUserFollowed?ids=${b.user.id}|${a.user.id}`, a.auth)).d).toEqual({
      [b.user.id]: true,
      [a.user.id]: false,
    });

    const off = await unfollow(b.user.id, a.auth);
    expect(off.d).toEqual({
      list: [{ id: b.user.id, followed: false, followersCount: 0 }],
      followeesCount: 0,
    });
    expect((await unfollow(b.user.id, a.auth)).d).toEqual(off.d);
    expect(await counts(b.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
    expect(await driftOf([a.user.id, b.user.id])).toEqual([]);
  });

  it("unfollowing someone never followed changes nothing", async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    await follow(c.user.id, a.auth);
    const r = await unfollow(c.user.id, b.auth);
    expect([r.s, r.d]).toEqual([
      1,
      { list: [{ id: c.user.id, followed: false, followersCount: 1 }], followeesCount: 0 },
    ]);
    expect(await counts(c.user.id)).toEqual({ followersCount: 1, followeesCount: 0 });
    expect(await driftOf([a.user.id, b.user.id, c.user.id])).toEqual([]);
  });

  it("follows several users at once (ids joined by |) and accepts PUT too", async () => {
    const me = await register();
    const [x, y] = [await register(), await register()];
    const r = await call(nugget.app, "PUT", "/api/follow", {
      body: { ids: `${x.user.id}|${y.user.id}|${x.user.id}` },
      auth: me.auth,
    });
    expect(r.d.list.map((i: { id: string }) => i.id)).toEqual([x.user.id, y.user.id]);
    expect(r.d.followeesCount).toBe(2);
    expect(await driftOf([me.user.id, x.user.id, y.user.id])).toEqual([]);
  });

  it("takes §7's GET forms; a cookie-authenticated GET needs the CSRF header", async () => {
    const me = await register();
    const x = await register();
    const r = await get(`/api/follow?ids=${x.user.id}`, me.auth);
    expect([r.s, r.d.followeesCount]).toEqual([1, 1]);
    // A browser's session cookie on a GET from another site's link must not unfollow anyone.
    const cookie = `nugget_session=${me.auth.token}; nugget_csrf=csrf-token-of-this-browser-0001`;
    const forged = await call(nugget.app, "GET", `/api/unfollow?ids=${x.user.id}`, { headers: { cookie } });
    expect([forged.status, forged.s]).toEqual([403, 403]);
    const fromOurPage = await call(nugget.app, "GET", `/api/unfollow?ids=${x.user.id}`, {
      headers: { cookie, "x-csrf-token": "csrf-token-of-this-browser-0001" },
    });
    expect([fromOurPage.s, fromOurPage.d.followeesCount]).toEqual([1, 0]);
    expect(await driftOf([me.user.id, x.user.id])).toEqual([]);
  });

  it("keeps both sides exact when two users follow each other", async () => {
    const [a, b] = [await register(), await register()];
    await Promise.all([follow(b.user.id, a.auth), follow(a.user.id, b.auth)]);
    expect(await counts(a.user.id)).toEqual({ followersCount: 1, followeesCount: 1 });
    expect(await counts(b.user.id)).toEqual({ followersCount: 1, followeesCount: 1 });
    expect(await driftOf([a.user.id, b.user.id])).toEqual([]);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "stays exact under 200 concurrent follow/unfollow toggles on one user by 20 users (PostgreSQL)",
    async () => {
      const target = await register();
      const people = await Promise.all(Array.from({ length: 20 }, () => register()));
      // Cross traffic: the target follows the followers back at the same time, so the two user
      // rows get locked from both sides (what an unordered lock would deadlock on).
      const calls = [
        ...people.flatMap((p) =>
          Array.from({ length: 10 }, () =>
            Math.random() < 0.5 ? follow(target.user.id, p.auth) : unfollow(target.user.id, p.auth),
          ),
        ),
        ...people.map((p) => follow(p.user.id, target.auth)),
      ];
      const replies = await Promise.all(calls);
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.every((r) => r.s === 1)).toBe(true);
      const rows = await db().$count(follows, eq(follows.followeeId, target.user.id));
      expect((await counts(target.user.id)).followersCount).toBe(rows);
      expect((await counts(target.user.id)).followeesCount).toBe(20);
      expect(await driftOf([target.user.id, ...people.map((p) => p.user.id)])).toEqual([]);
    },
    120_000,
  );
});

describe("GET /api/getUserFollowerList and /api/getUserFolloweeList", () => {
  it("pages followers newest first by `before`, without repeats while new follows arrive", async () => {
    const star = await register();
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const f = await register();
      await follow(star.user.id, f.auth);
      fans.push(f);
    }
    const viewer = await register();
    await follow(fans[3].user.id, viewer.auth);

    const first = await get(`/api/getUserFollowerList?uid=${star.user.id}&limit=2`, viewer.auth);
    expect([first.s, first.d.canNext]).toEqual([1, true]);
    expect(first.d.list.map((u: { id: string }) => u.id)).toEqual([fans[4].user.id, fans[3].user.id]);
    expect(first.d.list.map((u: { followed: boolean }) => u.followed)).toEqual([false, true]);
    expect(first.d.list[0].email).toBeUndefined();
    expect(typeof first.d.list[0].followedAt).toBe("string");

    // Two new followers arrive between pages: they go on top, never into later pages.
    for (let i = 0; i < 2; i++) {
      const late = await register();
      await follow(star.user.id, late.auth);
    }
    const seen = first.d.list.map((u: { id: string }) => u.id);
    let pointer = first.d.pointer;
    for (let guard = 0; pointer && guard < 10; guard++) {
      const page = await get(
        `/api/getUserFollowerList?uid=${star.user.id}&limit=2&before=${encodeURIComponent(pointer)}`,
      );
      seen.push(...page.d.list.map((u: { id: string }) => u.id));
      pointer = page.d.canNext ? page.d.pointer : null;
    }
    expect(seen).toEqual([...fans].reverse().map((f) => f.user.id));

    const followees = await get(`/api/getUserFolloweeList?uid=${fans[0].user.id}`);
    expect(followees.d.list.map((u: { id: string }) => u.id)).toEqual([star.user.id]);
    expect([followees.d.canNext, followees.d.list[0].followersCount]).toEqual([false, 7]);
  });

  it("takes before=0, an empty before and §4's bare followedAt (the last item's created time)", async () => {
    const star = await register();
    const fans = [];
    for (let i = 0; i < 4; i++) {
      const f = await register();
      await follow(star.user.id, f.auth);
      // A minute apart, so a bare time names one follow (rows sharing it exactly would be skipped).
      await db()
        .update(follows)
        .set({ createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)) })
        .where(and(eq(follows.followerId, f.user.id), eq(follows.followeeId, star.user.id)));
      fans.push(f.user.id);
    }
    const url = `/api/getUserFollowerList?uid=${star.user.id}`;
    const ids = (r: { d: { list: { id: string }[] } }) => r.d.list.map((u) => u.id);
    for (const before of ["0", ""]) {
      expect(ids(await get(`${url}&before=${before}`))).toEqual([...fans].reverse());
    }
    const seen: string[] = [];
    let before = "0";
    for (let guard = 0; guard < 5; guard++) {
      const page = await get(`${url}&limit=3&before=${encodeURIComponent(before)}`);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      if (!page.d.canNext) break;
      before = page.d.list.at(-1).followedAt;
    }
    expect(seen).toEqual([...fans].reverse());
  });

  it("rejects a bad uid or pointer and answers 404 for an unknown user", async () => {
    const u = await register();
    expect((await get(`/api/getUserFollowerList?uid=nobody`)).d.field).toBe("uid");
    expect((await get(`/api/getUserFolloweeList`)).d.field).toBe("uid");
    const bad = await get(`/api/getUserFollowerList?uid=${u.user.id}&before=yesterday`);
    expect([bad.status, bad.d.field]).toEqual([400, "before"]);
    expect((await get(`/api/getUserFollowerList?uid=${u.user.id}&limit=0`)).d.field).toBe("limit");
    expect((await get(`/api/getUserFollowerList?uid=${newId()}`)).status).toBe(404);
    expect((await get(`/api/getUserFollowInfo?uid=${newId()}`)).status).toBe(404);
    expect((await get(`/api/getUserFollowInfo?uid=x`)).d.field).toBe("uid");
    const empty = await get(`/api/getUserFolloweeList?uid=${u.user.id}`);
    expect(empty.d).toEqual({ list: [], pointer: null, canNext: false });
  });
});

describe("GET /api/isCurrentUserFollowed", () => {
  it("answers all false to a visitor and rejects malformed ids", async () => {
    const u = await register();
    expect((await get(`/api/isCurrentUserFollowed?ids=${u.user.id}`)).d).toEqual({ [u.user.id]: false });
    expect((await get(`/api/isCurrentUserFollowed?ids=1|2`)).d.field).toBe("ids");
  });
});

describe("GET /api/get_multi_user", () => {
  it("answers public fields keyed by id, picked by cols, and leaves unknown ids out", async () => {
    const [a, b] = [await register(), await register()];
    const all = await get(`/api/get_multi_user?ids=${a.user.id}|${b.user.id}|${newId()}`);
    expect(Object.keys(all.d).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(all.d[a.user.id]).toMatchObject({ username: a.username, followersCount: 0 });
    expect(all.d[a.user.id].email).toBeUndefined();
    const picked = await get(`/api/get_multi_user?ids=${a.user.id}&cols=username|avatarLarge`);
    expect(picked.d).toEqual({ [a.user.id]: { id: a.user.id, username: a.username, avatarLarge: "" } });
    const secret = await get(`/api/get_multi_user?ids=${a.user.id}&cols=username|email`);
    expect([secret.status, secret.d.field]).toEqual([400, "cols"]);
    expect((await get(`/api/get_multi_user?ids=zz`)).d.field).toBe("ids");
  });
});

describe("GET /api/getByTag (suggested users)", () => {
  it("is empty for a visitor", async () => {
    const r = await get(`/api/getByTag`);
    expect([r.s, r.d]).toEqual([1, []]);
  });

  it("suggests authors of subscribed tags first, never oneself, never followed, no repeats", async () => {
    const me = await register();
    const [writer, followedWriter] = [await register(), await register()];
    const tag = await makeTag(db());
    await makeEntry(db(), writer.user.id, {}, [tag.id]);
    await makeEntry(db(), writer.user.id, {}, [tag.id]);
    await makeEntry(db(), followedWriter.user.id, {}, [tag.id]);
    await makeEntry(db(), me.user.id, {}, [tag.id]);
    await db().insert(tagSubscriptions).values({ userId: me.user.id, tagId: tag.id });
    await follow(followedWriter.user.id, me.auth);

    const r = await get(`/api/getByTag`, me.auth);
    const ids = r.d.map((u: { id: string }) => u.id);
    expect(ids[0]).toBe(writer.user.id);
    expect(ids.length).toBeLessThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(me.user.id);
    expect(ids).not.toContain(followedWriter.user.id);
    expect(r.d.every((u: { followed: boolean }) => u.followed === false)).toBe(true);
    expect((await get(`/api/getByTag?limit=50`, me.auth)).d.field).toBe("limit");
  });
});

describe("services.follow.profile (the profile page's user)", () => {
  it("answers public fields with followed and self, and null for an unknown id", async () => {
    const [a, b] = [await register(), await register()];
    await follow(b.user.id, a.auth);
    const caller = { userId: a.user.id, sessionId: null, ip: "10.0.0.1", userAgent: "" };
    const seen = await nugget.services.follow.profile(b.user.id, caller);
    expect(seen).toMatchObject({ id: b.user.id, followed: true, self: false, followersCount: 1 });
    expect(seen).not.toHaveProperty("email");
    expect(await nugget.services.follow.profile(a.user.id, caller)).toMatchObject({
      followed: false,
      self: true,
    });
    expect(await nugget.services.follow.profile(newId(), caller)).toBeNull();
  });
});

describe("counters stay with their rows", () => {
  it("leaves no drift on any user this file made", async () => {
    expect(touched.size).toBeGreaterThan(10);
    expect(await driftOf(touched)).toEqual([]);
    // No row of a user following themselves can exist (the check constraint, and the service).
    expect(await db().$count(follows, eq(follows.followerId, follows.followeeId))).toBe(0);
  });
});
