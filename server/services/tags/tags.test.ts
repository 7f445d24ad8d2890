import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import {
  makeEntry as makeEntryOf,
  makeTag as makeTagOf,
  touchedRows,
} from "../../../tests/support/factories.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import { BUILT_IN_TAGS, CATEGORY_ID } from "../../../db/reference-data.ts";
import { entries, tagSubscriptions, tags } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { deleteEntry, type NewEntry } from "../entries/write.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
/** Every tag and user this file made: the last test recounts their counters. */
const { touched, register } = touchedRows(() => nugget);
const hex = (n: number) => randomBytes(n).toString("hex");
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const put = (url: string, auth?: Auth) => call(nugget.app, "PUT", url, { auth });
const del = (url: string, auth?: Auth) => call(nugget.app, "DELETE", url, { auth });

/** A tag of this test's own, so no other row of the database can disturb what it checks. */
async function makeTag(title = `标签${hex(4)}`, categoryId: string | null = null) {
  const row = await makeTagOf(db(), title, categoryId);
  touched.add(row.id);
  return row;
}

const makeEntry = (userId: string, tagIds: string[], fields: Partial<NewEntry> = {}) =>
  makeEntryOf(db(), userId, { categoryId: CATEGORY_ID.frontend, ...fields }, tagIds);

/** Counters this service keeps, recounted from their rows, for the given row ids only. */
async function driftOf(ids: string[]) {
  const mine = new Set(ids);
  return (await findCounterDrift(db(), 100_000)).filter(
    (d) => mine.has(d.id) && ["tags.subscribers_count", "users.subscribed_tags_count"].includes(d.counter),
  );
}

async function subscriptionRows(tagId: string) {
  return db().$count(tagSubscriptions, eq(tagSubscriptions.tagId, tagId));
}

describe("GET /api/tag/{title}", () => {
  it("finds a tag by title whatever the case, with the caller's subscribed flag", async () => {
    const tag = await makeTag(`Vue${hex(3)}.JS`);
    const r = await get(`/api/tag/${encodeURIComponent(tag.title.toLowerCase())}`);
    expect([r.status, r.s]).toEqual([200, 1]);
    expect(r.d).toMatchObject({ id: tag.id, title: tag.title, subscribersCount: 0, subscribed: false });
    expect(Object.keys(r.d).sort()).toEqual(
      [
        "id",
        "title",
        "icon",
        "entriesCount",
        "subscribersCount",
        "subscribed",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
  });

  it("answers 404 for an unknown title and 400 naming title for an over-long one", async () => {
    const missing = await get(`/api/tag/${encodeURIComponent(`没有这个标签${hex(4)}`)}`);
    expect([missing.status, missing.s]).toEqual([404, 404]);
    const long = await get(`/api/tag/${"x".repeat(51)}`);
    expect([long.status, long.d?.field]).toEqual([400, "title"]);
  });

  it("serves titles that look like the other tag routes' words", async () => {
    const tag = await makeTag(`type${hex(2)}`);
    expect((await get(`/api/tag/${tag.title}`)).d.id).toBe(tag.id);
  });
});

describe("tag lists", () => {
  it("pages hot and new lists from 1 and says whether another page follows", async () => {
    await makeTag();
    await makeTag();
    const first = await get("/api/tags/type/new/page/1/pageSize/1");
    expect([first.s, first.d.list.length, first.d.canNext, first.d.page]).toEqual([1, 1, true, 1]);
    const second = await get("/api/tags/type/new/page/2/pageSize/1");
    expect(second.d.list[0].id).not.toBe(first.d.list[0].id);
    const hot = await get("/api/tags/type/hot/page/1/pageSize/100");
    const counts = hot.d.list.map((t: { subscribersCount: number }) => t.subscribersCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("rejects an unknown list type and page 0", async () => {
    expect((await get("/api/tags/type/old/page/1/pageSize/10")).d.field).toBe("type");
    expect((await get("/api/tags/type/hot/page/0/pageSize/10")).d.field).toBe("page");
  });

  it("searches titles case-insensitively, taking % and _ literally", async () => {
    const word = `Zq${hex(3)}`;
    const a = await makeTag(`${word}Script`);
    const b = await makeTag(`pre-${word.toUpperCase()}`);
    await makeTag(`other${hex(3)}`);
    const r = await get(`/api/tag/type/hot/search/${word.toLowerCase()}/page/1/pageSize/20`);
    expect(r.d.list.map((t: { id: string }) => t.id).sort()).toEqual([a.id, b.id].sort());
    const pct = await get(`/api/tag/type/new/search/${encodeURIComponent("%")}/page/1/pageSize/20`);
    expect(pct.d.list.every((t: { title: string }) => t.title.includes("%"))).toBe(true);
    const exact = await makeTag(`${word}x`);
    const first = await get(`/api/tag/type/new/search/${exact.title}/page/1/pageSize/20`);
    expect(first.d.list[0].id).toBe(exact.id);
  });

  it("suggests a category's tags most subscribed first, or every tag for all", async () => {
    const r = await get("/api/tags/type/hot/suggest/frontend/page/1/pageSize/20");
    const frontend = BUILT_IN_TAGS.filter((t) => t.categoryId === CATEGORY_ID.frontend).map((t) => t.id);
    expect(r.d.list.length).toBeGreaterThanOrEqual(frontend.length);
    expect(frontend.every((id) => r.d.list.some((t: { id: string }) => t.id === id))).toBe(true);
    const all = await get("/api/tags/type/hot/suggest/all/page/1/pageSize/100");
    expect(all.d.list.length).toBeGreaterThan(r.d.list.length);
    const unknown = await get("/api/tags/type/hot/suggest/cooking/page/1/pageSize/20");
    expect([unknown.status, unknown.d.field]).toEqual([404, "type"]);
  });
});

describe("subscribe and unsubscribe (spec §4 toggles)", () => {
  it("needs a login, a well-formed id and an existing tag", async () => {
    const tag = await makeTag();
    const u = await register();
    expect((await put(`/api/tag/subscribe/${tag.id}`)).status).toBe(401);
    expect((await del(`/api/tag/subscribe/${tag.id}`)).status).toBe(401);
    const bad = await put("/api/tag/subscribe/not-an-id", u.auth);
    expect([bad.status, bad.s, bad.d.field]).toEqual([400, 400, "id"]);
    const missing = await put(`/api/tag/subscribe/${newId()}`, u.auth);
    expect([missing.status, missing.s]).toEqual([404, 404]);
    expect(await subscriptionRows(tag.id)).toBe(0);
  });

  it("counts a subscription once however often it is asked for, and lets it go once", async () => {
    const tag = await makeTag();
    const u = await register();
    const first = await put(`/api/tag/subscribe/${tag.id}`, u.auth);
    expect(first.d).toEqual({ subscribed: true, subscribersCount: 1 });
    const again = await put(`/api/tag/subscribe/${tag.id}`, u.auth);
    expect(again.d).toEqual({ subscribed: true, subscribersCount: 1 });
    expect((await get(`/api/v1/getUserInfo`, u.auth)).d.subscribedTagsCount).toBe(1);
    expect((await get(`/api/tag/${encodeURIComponent(tag.title)}`, u.auth)).d.subscribed).toBe(true);
    expect(await driftOf([tag.id, u.user.id])).toEqual([]);

    const off = await del(`/api/tag/subscribe/${tag.id}`, u.auth);
    expect(off.d).toEqual({ subscribed: false, subscribersCount: 0 });
    const offAgain = await del(`/api/tag/subscribe/${tag.id}`, u.auth);
    expect(offAgain.d).toEqual({ subscribed: false, subscribersCount: 0 });
    expect((await get(`/api/v1/getUserInfo`, u.auth)).d.subscribedTagsCount).toBe(0);
    expect(await driftOf([tag.id, u.user.id])).toEqual([]);
  });

  it("unsubscribing a tag never subscribed changes nothing", async () => {
    const tag = await makeTag();
    const [follower, other] = [await register(), await register()];
    await put(`/api/tag/subscribe/${tag.id}`, follower.auth);
    const r = await del(`/api/tag/subscribe/${tag.id}`, other.auth);
    expect([r.s, r.d]).toEqual([1, { subscribed: false, subscribersCount: 1 }]);
    expect((await get(`/api/v1/getUserInfo`, other.auth)).d.subscribedTagsCount).toBe(0);
    expect(await driftOf([tag.id, follower.user.id, other.user.id])).toEqual([]);
  });

  it("lists a user's tags latest first, flagged for whoever asks", async () => {
    const [a, b, c] = [await makeTag(), await makeTag(), await makeTag()];
    const u = await register();
    const viewer = await register();
    for (const t of [a, b, c]) await put(`/api/tag/subscribe/${t.id}`, u.auth);
    await put(`/api/tag/subscribe/${b.id}`, viewer.auth);

    const own = await get(`/api/user/${u.user.id}/subscribe?page=1&pageSize=2`, u.auth);
    expect(own.d.total).toBe(3);
    expect(own.d.canNext).toBe(true);
    expect(own.d.list.map((t: { id: string }) => t.id)).toEqual([c.id, b.id]);
    expect(own.d.list.every((t: { subscribed: boolean }) => t.subscribed)).toBe(true);
    const rest = await get(`/api/user/${u.user.id}/subscribe?page=2&pageSize=2`, u.auth);
    expect([rest.d.list.map((t: { id: string }) => t.id), rest.d.canNext]).toEqual([[a.id], false]);

    const seen = await get(`/api/user/${u.user.id}/subscribe`, viewer.auth);
    expect(seen.d.list.map((t: { id: string; subscribed: boolean }) => [t.id, t.subscribed])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, false],
    ]);
    const anonymous = await get(`/api/user/${u.user.id}/subscribe`);
    expect(anonymous.d.list.some((t: { subscribed: boolean }) => t.subscribed)).toBe(false);

    expect((await get(`/api/user/${newId()}/subscribe`)).status).toBe(404);
    expect((await get(`/api/user/nobody/subscribe`)).d.field).toBe("id");
  });

  it("flags subscribed tags in the hot list for the caller", async () => {
    const tag = await makeTag();
    const u = await register();
    await put(`/api/tag/subscribe/${tag.id}`, u.auth);
    const r = await get(
      `/api/tag/type/hot/search/${encodeURIComponent(tag.title)}/page/1/pageSize/5`,
      u.auth,
    );
    expect(r.d.list[0]).toMatchObject({ id: tag.id, subscribed: true, subscribersCount: 1 });
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "stays exact under 100 concurrent toggles by 10 users (PostgreSQL)",
    async () => {
      const tag = await makeTag();
      const people = await Promise.all(Array.from({ length: 10 }, () => register()));
      const calls = people.flatMap((p) =>
        Array.from({ length: 10 }, (_, i) =>
          call(
            nugget.app,
            i % 2 === 0 || Math.random() < 0.3 ? "PUT" : "DELETE",
            `/api/tag/subscribe/${tag.id}`,
            {
              auth: p.auth,
            },
          ),
        ),
      );
      const replies = await Promise.all(calls.sort(() => Math.random() - 0.5));
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.every((r) => r.s === 1)).toBe(true);
      const [row] = await db().select().from(tags).where(eq(tags.id, tag.id));
      expect(row.subscribersCount).toBe(await subscriptionRows(tag.id));
      expect(await driftOf([tag.id, ...people.map((p) => p.user.id)])).toEqual([]);
    },
    60_000,
  );
});

describe("the tag feed", () => {
  type Sort = "popular" | "newest" | "hottest";
  const feed = (title: string, sort?: string, pointer?: string | null, auth?: Auth) =>
    nugget.services.tags.feed(
      { title, sort, pointer, limit: 4 },
      {
        userId: auth?.uid ?? null,
        sessionId: null,
        ip: "10.0.0.1",
        userAgent: "test",
      },
    );

  it("rejects an unknown sort, an unknown tag and a malformed pointer", async () => {
    const tag = await makeTag();
    await expect(feed(tag.title, "weeklyHottest")).rejects.toMatchObject({
      code: 400,
      message: "invalid sort",
    });
    await expect(feed(`无此标签${hex(4)}`)).rejects.toMatchObject({ code: 404 });
    await expect(feed(tag.title, "newest", "123_abc")).rejects.toMatchObject({ code: 400, field: "pointer" });
  });

  it("pages every sort without repeating or skipping, even when an entry arrives between pages", async () => {
    const tag = await makeTag();
    const other = await makeTag();
    const author = await register();
    const base = Date.now() - 10 * 86_400_000;
    const made = [];
    for (let i = 0; i < 11; i++) {
      // Pairs share a creation time, so ties fall to the id.
      made.push(
        await makeEntry(author.user.id, [tag.id], {
          createdAt: new Date(base + Math.floor(i / 2) * 3_600_000),
        }),
      );
    }
    await makeEntry(author.user.id, [other.id]);
    const draft = await makeEntry(author.user.id, [tag.id], { status: "draft" });
    const gone = await makeEntry(author.user.id, [tag.id]);
    await db().transaction((tx) => deleteEntry(tx, gone));
    // What the tag holds when a walk starts; each walk adds one entry midway, which the next expects.
    const expected = made.map((e) => e.id);

    for (const sort of ["popular", "newest", "hottest"] as Sort[]) {
      const seen: string[] = [];
      let pointer: string | null = null;
      let pages = 0;
      let arrived = "";
      do {
        const page: Awaited<ReturnType<typeof feed>> = await feed(tag.title.toUpperCase(), sort, pointer);
        expect(page.tag.id).toBe(tag.id);
        seen.push(...page.list.map((e) => e.id));
        pointer = page.canNext ? page.pointer : null;
        // A new entry with the tag arrives after the first page: it belongs before the pointer.
        if (pages++ === 0) arrived = (await makeEntry(author.user.id, [tag.id])).id;
      } while (pointer);
      expect(pages).toBeGreaterThan(2);
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...expected].sort());
      expected.push(arrived);
      expect(seen).not.toContain(draft.id);
      expect(seen).not.toContain(gone.id);
      // Order: the sort key descending, then the id descending.
      const rows = await db().select().from(entries).where(inArray(entries.id, seen));
      const key = (id: string) => {
        const e = rows.find((r) => r.id === id)!;
        return sort === "newest" ? e.createdAt.getTime() : sort === "hottest" ? e.hotIndex : e.rankIndex;
      };
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1], seen[i]];
        expect(key(a) > key(b) || (key(a) === key(b) && a > b)).toBe(true);
      }
    }
  });

  it("carries the tag's entries with authors, tags and the caller's liked flags", async () => {
    const tag = await makeTag();
    const author = await register();
    const reader = await register();
    const e = await makeEntry(author.user.id, [tag.id]);
    await put(`/api/user/like/entry/${e.id}`, reader.auth);
    const page = await feed(tag.title, "newest", null, reader.auth);
    expect(page.list[0]).toMatchObject({
      id: e.id,
      liked: true,
      collectionCount: 1,
      user: { id: author.user.id },
      tags: [{ id: tag.id, title: tag.title }],
      category: { name: "frontend" },
    });
    expect(page.tag.entriesCount).toBe(1);
    const anonymous = await feed(tag.title, "newest");
    expect(anonymous.list[0].liked).toBe(false);
  });
});

describe("counters stay with their rows", () => {
  it("leaves no drift on any tag or user this file made", async () => {
    expect(touched.size).toBeGreaterThan(10);
    expect(await driftOf([...touched])).toEqual([]);
  });
});
