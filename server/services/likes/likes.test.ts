import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { loader as detailLoader } from "../../../app/routes/entry/entry-detail.tsx";
import { loader as publicLoader } from "../../../app/routes/entry/entry-public.tsx";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { touchedRows } from "../../../tests/support/factories.ts";
import { driftAmong } from "../../../tests/support/drift.ts";
import { heatIndexes } from "../../../db/heat.ts";
import { entries, entryLikes, users } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { deleteEntry } from "../entries/write.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const put = (url: string, auth?: Auth) => call(nugget.app, "PUT", url, { auth });
const del = (url: string, auth?: Auth) => call(nugget.app, "DELETE", url, { auth });
const likeUrl = (id: string) => `/api/user/like/entry/${id}`;

/** Every entry and user this file made: counters are recounted for them only. */
const { touched, register, entry: makeEntry } = touchedRows(() => nugget);

const LIKE_COUNTERS = [
  "entries.collection_count",
  "entries.hot_index",
  "entries.rank_index",
  "users.collected_entries_count",
  "users.total_collections_count",
];

/** Drift of the counters likes move, on the given rows only (the database may hold others' rows). */
const driftOf = (ids: Iterable<string>) => driftAmong(db(), ids, LIKE_COUNTERS);

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row;
}
async function entryRow(id: string) {
  const [row] = await db().select().from(entries).where(eq(entries.id, id));
  return row;
}
async function likeRows(entryId: string) {
  return db().$count(entryLikes, eq(entryLikes.entryId, entryId));
}

describe("PUT, DELETE, GET /api/user/like/entry/{id}", () => {
  it("needs a login", async () => {
    const author = await register();
    const e = await makeEntry(author.user.id);
    for (const r of [await put(likeUrl(e.id)), await del(likeUrl(e.id)), await get(likeUrl(e.id))]) {
      expect([r.status, r.s]).toEqual([401, 401]);
    }
    expect(await likeRows(e.id)).toBe(0);
  });

  it("answers 400 naming id for a malformed id and 404 for a missing, deleted or draft entry", async () => {
    const u = await register();
    for (const r of [
      await put(likeUrl("123"), u.auth),
      await del(likeUrl("zzzzzzzzzzzzzzzzzzzzzzzz"), u.auth),
      await get(likeUrl("ABCDEF0123456789abcdef01"), u.auth),
    ]) {
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, "id"]);
    }
    const missing = await put(likeUrl(newId()), u.auth);
    expect([missing.status, missing.s]).toEqual([404, 404]);
    expect((await del(likeUrl(newId()), u.auth)).status).toBe(404);

    const gone = await makeEntry(u.user.id);
    await db().transaction((tx) => deleteEntry(tx, gone));
    const draft = await makeEntry(u.user.id, { status: "draft" });
    for (const id of [gone.id, draft.id]) {
      expect((await put(likeUrl(id), u.auth)).status).toBe(404);
      expect((await get(likeUrl(id), u.auth)).status).toBe(404);
      expect(await likeRows(id)).toBe(0);
    }
  });

  it("counts a like once however often it is given, and takes it back once", async () => {
    const author = await register();
    const liker = await register();
    const e = await makeEntry(author.user.id);

    expect((await get(likeUrl(e.id), liker.auth)).d).toEqual({ liked: false, collectionCount: 0 });
    expect((await put(likeUrl(e.id), liker.auth)).d).toEqual({ liked: true, collectionCount: 1 });
    expect((await put(likeUrl(e.id), liker.auth)).d).toEqual({ liked: true, collectionCount: 1 });
    expect((await get(likeUrl(e.id), liker.auth)).d).toEqual({ liked: true, collectionCount: 1 });
    expect((await get(likeUrl(e.id), author.auth)).d).toEqual({ liked: false, collectionCount: 1 });

    const liked = await entryRow(e.id);
    expect(liked.collectionCount).toBe(1);
    // refreshHeat ran in the same transaction: both indexes follow the new count.
    expect(liked.hotIndex).toBeCloseTo(
      heatIndexes({ likes: 1, comments: 0, views: 0, createdAt: e.createdAt }).hotIndex,
    );
    expect(liked.rankIndex).toBeGreaterThan(e.rankIndex);
    expect((await userRow(liker.user.id)).collectedEntriesCount).toBe(1);
    expect((await userRow(author.user.id)).totalCollectionsCount).toBe(1);
    expect(await driftOf([e.id, author.user.id, liker.user.id])).toEqual([]);

    expect((await del(likeUrl(e.id), liker.auth)).d).toEqual({ liked: false, collectionCount: 0 });
    expect((await del(likeUrl(e.id), liker.auth)).d).toEqual({ liked: false, collectionCount: 0 });
    expect((await userRow(liker.user.id)).collectedEntriesCount).toBe(0);
    expect((await userRow(author.user.id)).totalCollectionsCount).toBe(0);
    expect((await entryRow(e.id)).hotIndex).toBe(0);
    expect(await driftOf([e.id, author.user.id, liker.user.id])).toEqual([]);
  });

  it("unliking an entry never liked changes nothing", async () => {
    const author = await register();
    const [a, b] = [await register(), await register()];
    const e = await makeEntry(author.user.id);
    await put(likeUrl(e.id), a.auth);
    const r = await del(likeUrl(e.id), b.auth);
    expect([r.s, r.d]).toEqual([1, { liked: false, collectionCount: 1 }]);
    expect((await userRow(b.user.id)).collectedEntriesCount).toBe(0);
    expect(await driftOf([e.id, author.user.id, a.user.id, b.user.id])).toEqual([]);
  });

  it("keeps both counters on one user who likes their own entry", async () => {
    const u = await register();
    const e = await makeEntry(u.user.id);
    await put(likeUrl(e.id), u.auth);
    const row = await userRow(u.user.id);
    expect([row.collectedEntriesCount, row.totalCollectionsCount]).toEqual([1, 1]);
    expect(await driftOf([e.id, u.user.id])).toEqual([]);
  });

  it("lets a like of an entry deleted since be taken back, without touching the author's count twice", async () => {
    const author = await register();
    const liker = await register();
    const e = await makeEntry(author.user.id);
    await put(likeUrl(e.id), liker.auth);
    await db().transaction(async (tx) =>
      deleteEntry(tx, (await tx.select().from(entries).where(eq(entries.id, e.id)))[0]),
    );
    expect((await userRow(author.user.id)).totalCollectionsCount).toBe(0);
    expect((await del(likeUrl(e.id), liker.auth)).d).toEqual({ liked: false, collectionCount: 0 });
    expect((await userRow(liker.user.id)).collectedEntriesCount).toBe(0);
    expect((await userRow(author.user.id)).totalCollectionsCount).toBe(0);
    expect(await driftOf([e.id, author.user.id, liker.user.id])).toEqual([]);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "stays exact under 100 concurrent like/unlike toggles by 10 users on one entry (PostgreSQL)",
    async () => {
      const author = await register();
      const e = await makeEntry(author.user.id);
      const people = await Promise.all(Array.from({ length: 10 }, () => register()));
      // Cross traffic: the likers' own entries get liked by the author at the same time, so user
      // rows are locked from both sides (the case an unordered update would deadlock on).
      const theirs = await Promise.all(people.map((p) => makeEntry(p.user.id)));
      const calls = [
        ...people.flatMap((p) =>
          Array.from({ length: 10 }, () =>
            Math.random() < 0.5 ? put(likeUrl(e.id), p.auth) : del(likeUrl(e.id), p.auth),
          ),
        ),
        ...theirs.map((t) => put(likeUrl(t.id), author.auth)),
      ];
      const replies = await Promise.all(calls);
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.every((r) => r.s === 1)).toBe(true);
      expect((await entryRow(e.id)).collectionCount).toBe(await likeRows(e.id));
      expect(
        await driftOf([e.id, author.user.id, ...people.map((p) => p.user.id), ...theirs.map((t) => t.id)]),
      ).toEqual([]);
    },
    120_000,
  );
});

describe("GET /api/user/{id}/like/entry", () => {
  it("lists a user's liked entries newest like first, zero-based, with the caller's own flags", async () => {
    const author = await register();
    const liker = await register();
    const viewer = await register();
    const [a, b, c] = [
      await makeEntry(author.user.id),
      await makeEntry(author.user.id),
      await makeEntry(author.user.id),
    ];
    for (const e of [a, b, c]) await put(likeUrl(e.id), liker.auth);
    await put(likeUrl(b.id), viewer.auth);
    const gone = await makeEntry(author.user.id);
    await put(likeUrl(gone.id), liker.auth);
    await db().transaction(async (tx) =>
      deleteEntry(tx, (await tx.select().from(entries).where(eq(entries.id, gone.id)))[0]),
    );

    const first = await get(`/api/user/${liker.user.id}/like/entry?page=0&pageSize=2`, viewer.auth);
    expect([first.s, first.d.total, first.d.page, first.d.canNext]).toEqual([1, 3, 0, true]);
    expect(first.d.list.map((e: { id: string }) => e.id)).toEqual([c.id, b.id]);
    expect(first.d.list.map((e: { liked: boolean }) => e.liked)).toEqual([false, true]);
    expect(first.d.list[0]).toMatchObject({ user: { id: author.user.id }, category: { name: "backend" } });
    expect(typeof first.d.list[0].likedAt).toBe("string");
    const second = await get(`/api/user/${liker.user.id}/like/entry?page=1&pageSize=2`);
    expect([second.d.list.map((e: { id: string }) => e.id), second.d.canNext]).toEqual([[a.id], false]);
    const defaults = await get(`/api/user/${liker.user.id}/like/entry`);
    expect([defaults.d.page, defaults.d.pageSize, defaults.d.list.length]).toEqual([0, 20, 3]);
  });

  it("rejects a bad id or page and answers 404 for an unknown user", async () => {
    expect((await get(`/api/user/nobody/like/entry`)).d.field).toBe("id");
    const u = await register();
    expect((await get(`/api/user/${u.user.id}/like/entry?page=-1`)).d.field).toBe("page");
    expect((await get(`/api/user/${u.user.id}/like/entry?pageSize=0`)).d.field).toBe("pageSize");
    expect((await get(`/api/user/${newId()}/like/entry`)).status).toBe(404);
  });
});

describe("GET /api/entry/{id}/user", () => {
  it("lists who liked an entry, newest first, zero-based", async () => {
    const author = await register();
    const e = await makeEntry(author.user.id);
    const people = [await register(), await register(), await register()];
    for (const p of people) await put(likeUrl(e.id), p.auth);
    const first = await get(`/api/entry/${e.id}/user?page=0&pageSize=2`);
    expect([first.s, first.d.total, first.d.canNext]).toEqual([1, 3, true]);
    expect(first.d.list.map((u: { id: string }) => u.id)).toEqual([people[2].user.id, people[1].user.id]);
    expect(first.d.list[0]).toMatchObject({ username: people[2].username });
    expect(first.d.list[0].email).toBeUndefined();
    const rest = await get(`/api/entry/${e.id}/user?page=1&pageSize=2`);
    expect(rest.d.list.map((u: { id: string }) => u.id)).toEqual([people[0].user.id]);
  });

  it("answers 400 for a malformed id or pointer and 404 for a missing entry", async () => {
    expect((await get(`/api/entry/xyz/user`)).d.field).toBe("id");
    expect((await get(`/api/entry/${newId()}/user`)).status).toBe(404);
    const e = await makeEntry((await register()).user.id);
    for (const bad of ["nope", `2026-01-01T00:00:00.000Z_xyz`, "x".repeat(81)]) {
      const r = await get(`/api/entry/${e.id}/user?pointer=${encodeURIComponent(bad)}`);
      expect([r.status, r.d?.field], bad).toEqual([400, "pointer"]);
    }
  });

  it("pages by the keyset pointer: a like arriving between pages neither repeats nor skips anyone", async () => {
    const e = await makeEntry((await register()).user.id);
    const people = [await register(), await register(), await register()];
    for (const p of people) await put(likeUrl(e.id), p.auth);
    const ids = (d: { list: { id: string }[] }) => d.list.map((u) => u.id);
    const first = await get(`/api/entry/${e.id}/user?pageSize=2`);
    expect(ids(first.d)).toEqual([people[2].user.id, people[1].user.id]);
    expect(first.d.pointer).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f]{24}$/);
    // Someone likes it now: by offset, page 1 would show people[1] again.
    const late = await register();
    await put(likeUrl(e.id), late.auth);
    const next = await get(
      `/api/entry/${e.id}/user?pageSize=2&pointer=${encodeURIComponent(first.d.pointer)}`,
    );
    expect([ids(next.d), next.d.canNext, next.d.pointer, next.d.total]).toEqual([
      [people[0].user.id],
      false,
      null,
      4,
    ]);
  });
});

describe("the likers row of the entry pages (loaders)", () => {
  const contextOf = (userId: string | null) =>
    ({
      services: nugget.services,
      caller: { userId, sessionId: null, ip: "10.0.0.1", userAgent: "test" },
    }) as unknown as AppLoadContext;

  it("carries the 5 newest likers' faces, the same for every reader", async () => {
    const author = await register();
    const e = await makeEntry(author.user.id);
    const people: Awaited<ReturnType<typeof register>>[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await register();
      people.push(p);
      await put(likeUrl(e.id), p.auth);
    }
    const newest = people
      .slice(2)
      .reverse()
      .map((p) => ({ id: p.user.id, username: p.username, avatarLarge: expect.any(String) }));
    const args = (userId: string | null) =>
      ({ params: { id: e.id }, context: contextOf(userId) }) as unknown as Parameters<typeof detailLoader>[0];
    const visitor = await detailLoader(args(null));
    // Only what the avatars need: nothing private, nothing per reader.
    expect(visitor.likers).toEqual(newest);
    expect(visitor.entry.collectionCount).toBe(7);
    expect((await detailLoader(args(people[0].user.id))).likers).toEqual(visitor.likers);
    expect((await publicLoader(args(null) as never)).likers).toEqual(newest);
  });

  it("is empty for an entry nobody liked", async () => {
    const e = await makeEntry((await register()).user.id);
    const data = await detailLoader({
      params: { id: e.id },
      context: contextOf(null),
    } as unknown as Parameters<typeof detailLoader>[0]);
    expect(data.likers).toEqual([]);
  });
});

describe("counters stay with their rows", () => {
  it("leaves no drift on any entry or user this file made", async () => {
    expect(touched.size).toBeGreaterThan(10);
    expect(await driftOf(touched)).toEqual([]);
  });
});
