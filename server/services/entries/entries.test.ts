import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { entries as entriesTable } from "../../../db/schema/index.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import type { NuggetApp } from "../../app.ts";
import { testApp } from "../../../tests/support/app.ts";
import { call, registerByEmail } from "../../../tests/support/client.ts";
import { categoryId, makeEntry, makeTag } from "../../../tests/support/factories.ts";
import type { Caller } from "../deps.ts";
import { deleteEntry, updateEntry } from "./write.ts";

let nugget: NuggetApp;
let author: Awaited<ReturnType<typeof registerByEmail>>;
beforeAll(async () => {
  nugget = await testApp();
  author = await registerByEmail(nugget);
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
});

const db = () => nugget.database.db;
const anon: Caller = { userId: null, sessionId: null, ip: "10.9.9.9", userAgent: "" };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Walks a feed to its end through the API, returning ids in order. */
async function walk(query: string, pageSize = 3) {
  const ids: string[] = [];
  let before = "";
  for (let i = 0; i < 50; i++) {
    const r = await call(
      nugget.app,
      "GET",
      `/api/entries?${query}&limit=${pageSize}${before ? `&pointer=${encodeURIComponent(before)}` : ""}`,
    );
    expect(r.s).toBe(1);
    ids.push(...r.d.list.map((e: { id: string }) => e.id));
    if (!r.d.canNext) break;
    before = r.d.pointer;
  }
  return ids;
}

describe("feeds (spec §4 pointers)", () => {
  it("pages newest, popular and hottest by pointer with no repeats or skips, ties broken by id", async () => {
    const tag = await makeTag(db());
    const same = minutesAgo(5);
    // Six entries created in the same millisecond: equal createdAt and rankIndex, so only the id orders them.
    const made: { id: string }[] = [];
    for (let i = 0; i < 6; i++)
      made.push(await makeEntry(db(), author.auth.uid, { createdAt: same }, [tag.id]));
    for (let i = 0; i < 4; i++)
      made.push(await makeEntry(db(), author.auth.uid, { createdAt: minutesAgo(10 + i) }, [tag.id]));
    const expected = new Set(made.map((e) => e.id));
    for (const sort of ["newest", "popular", "hottest"]) {
      const ids = await walk(`sort=${sort}&tag=${tag.id}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(expected);
    }
    const newest = await walk(`sort=newest&tag=${encodeURIComponent(tag.title)}`, 4);
    const times = await Promise.all(
      newest.map(async (id) =>
        (await db().select().from(entriesTable).where(eq(entriesTable.id, id)))[0].createdAt.getTime(),
      ),
    );
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("never repeats or skips while new entries arrive between pages", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom("newest", "popular"),
        async (initial, pageSize, arrivals, sort) => {
          const tag = await makeTag(db());
          const existing = new Set<string>();
          for (let i = 0; i < initial; i++) {
            existing.add(
              (await makeEntry(db(), author.auth.uid, { createdAt: minutesAgo(30 + i) }, [tag.id])).id,
            );
          }
          const seen: string[] = [];
          let pointer: string | undefined;
          for (let page = 0; page < 40; page++) {
            const r = await nugget.services.entries.feed(
              { sort, tag: tag.id, pointer, limit: pageSize },
              anon,
            );
            seen.push(...r.list.map((e) => e.id));
            // Newer entries arrive while the reader is paging.
            for (let k = 0; k < (arrivals[page] ?? 0); k++)
              await makeEntry(db(), author.auth.uid, {}, [tag.id]);
            if (!r.canNext) break;
            pointer = r.pointer!;
          }
          expect(new Set(seen).size).toBe(seen.length);
          for (const id of existing) expect(seen).toContain(id);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("filters by category, type and author, and leaves out drafts and deleted entries", async () => {
    const tag = await makeTag(db());
    const share = await makeEntry(db(), author.auth.uid, {}, [tag.id]);
    const post = await makeEntry(db(), author.auth.uid, { type: "post", categoryId: categoryId("backend") }, [
      tag.id,
    ]);
    const draft = await makeEntry(db(), author.auth.uid, { status: "draft" }, [tag.id]);
    const gone = await makeEntry(db(), author.auth.uid, {}, [tag.id]);
    await db().transaction((tx) => deleteEntry(tx, gone));
    const all = await walk(`sort=newest&tag=${tag.id}`);
    expect(new Set(all)).toEqual(new Set([share.id, post.id]));
    expect(await walk(`sort=newest&tag=${tag.id}&type=post`)).toEqual([post.id]);
    expect(await walk(`sort=newest&tag=${tag.id}&category=backend`)).toEqual([post.id]);
    expect(await walk(`sort=newest&tag=${tag.id}&category=${categoryId("frontend")}`)).toEqual([share.id]);
    const mine = await call(
      nugget.app,
      "GET",
      `/api/get_entry_by_self?targetUid=${author.auth.uid}&type=post&limit=100`,
    );
    expect(mine.d.list.map((e: { id: string }) => e.id)).toContain(post.id);
    expect(mine.d.list.every((e: { type: string }) => e.type === "post")).toBe(true);
    expect(draft.id).not.toBe(share.id);
  });

  it("keeps the comment sort to commented entries and the period sorts to their window", async () => {
    const tag = await makeTag(db());
    const commented = await makeEntry(db(), author.auth.uid, { latestCommentAt: minutesAgo(1) }, [tag.id]);
    const quiet = await makeEntry(db(), author.auth.uid, {}, [tag.id]);
    const old = await makeEntry(
      db(),
      author.auth.uid,
      { createdAt: new Date(Date.now() - 20 * 86_400_000) },
      [tag.id],
    );
    expect(await walk(`sort=comment&tag=${tag.id}`)).toEqual([commented.id]);
    const week = await call(nugget.app, "GET", `/api/get_entry_by_period?period=week&tag=${tag.id}`);
    expect(new Set(week.d.list.map((e: { id: string }) => e.id))).toEqual(new Set([commented.id, quiet.id]));
    const month = await call(nugget.app, "GET", `/api/get_entry_by_period?period=month&tag=${tag.id}`);
    expect(month.d.list.map((e: { id: string }) => e.id)).toContain(old.id);
  });

  it("takes before=0, an empty before and §4's bare values as clients of the original site send them", async () => {
    const tag = await makeTag(db());
    const made = [];
    for (let i = 0; i < 4; i++) {
      made.push(
        await makeEntry(db(), author.auth.uid, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }, [tag.id]),
      );
    }
    const newestFirst = [...made].reverse().map((e) => e.id);
    const ids = (r: { d: { list: { id: string }[] } }) => r.d.list.map((e) => e.id);
    for (const before of ["0", ""]) {
      const first = await call(
        nugget.app,
        "GET",
        `/api/get_entry_by_timeline?src=web&before=${before}&limit=20&tag=${tag.id}`,
      );
      expect([first.status, ids(first)]).toEqual([200, newestFirst]);
    }
    // The last item's createdAt as an ISO time or in milliseconds, its rankIndex: what comes after it.
    const at = made[2].createdAt;
    for (const before of [at.toISOString(), String(at.getTime())]) {
      const page = await call(
        nugget.app,
        "GET",
        `/api/get_entry_by_timeline?before=${encodeURIComponent(before)}&tag=${tag.id}`,
      );
      expect(ids(page), before).toEqual([made[1].id, made[0].id]);
    }
    // rankIndex is the entry's own (write.ts computes it): page after the second of the popular list.
    const popular = (await call(nugget.app, "GET", `/api/get_entry_by_rank?tag=${tag.id}`)).d.list as {
      id: string;
      rankIndex: number;
    }[];
    const second = popular[1];
    const byRank = await call(
      nugget.app,
      "GET",
      `/api/get_entry_by_rank?before=${second.rankIndex}&tag=${tag.id}`,
    );
    expect(ids(byRank)).toEqual(popular.filter((e) => e.rankIndex < second.rankIndex).map((e) => e.id));
    expect(ids(byRank).length).toBeGreaterThan(0);
    const wrongKind = await call(
      nugget.app,
      "GET",
      `/api/get_entry_by_rank?before=${at.toISOString()}&tag=${tag.id}`,
    );
    expect([wrongKind.status, wrongKind.d.field]).toEqual([400, "before"]);
  });

  it("answers the original site's first request, and pages on by bare values without overlap", async () => {
    const first = await call(
      nugget.app,
      "GET",
      "/api/get_entry_by_rank?src=web&before=0&limit=20&category=all",
    );
    const plain = await call(nugget.app, "GET", "/api/get_entry_by_rank?limit=20&category=all");
    expect([first.status, first.s]).toEqual([200, 1]);
    expect(first.d).toEqual(plain.d);
    const empty = await call(
      nugget.app,
      "GET",
      "/api/get_entry_by_rank?src=web&before=&limit=20&category=all",
    );
    expect(empty.d).toEqual(plain.d);

    // Seven entries a day apart: distinct createdAt and rankIndex, so bare values page exactly.
    const tag = await makeTag(db());
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await makeEntry(db(), author.auth.uid, { createdAt: minutesAgo(60 * 24 * (i + 1)) }, [tag.id]),
      );
    }
    type Item = { id: string; rankIndex: number; createdAt: string };
    for (const [path, valueOf] of [
      ["get_entry_by_rank", (e: Item) => String(e.rankIndex)],
      ["get_entry_by_timeline", (e: Item) => e.createdAt],
      ["get_entry_by_timeline", (e: Item) => String(Date.parse(e.createdAt))],
    ] as const) {
      const seen: string[] = [];
      let before = "0";
      for (let page = 0; page < 10; page++) {
        const r = await call(
          nugget.app,
          "GET",
          `/api/${path}?src=web&before=${encodeURIComponent(before)}&limit=3&tag=${tag.id}`,
        );
        expect(r.status).toBe(200);
        const list = r.d.list as Item[];
        seen.push(...list.map((e) => e.id));
        if (!r.d.canNext) break;
        before = valueOf(list.at(-1)!);
      }
      // Both orders are newest first here (an older entry has the lower rankIndex).
      expect(seen, path).toEqual([...made].map((e) => e.id));
    }
  });

  it("rejects an unknown sort, a bad pointer, an unknown category or tag", async () => {
    const bad = await call(nugget.app, "GET", "/api/entries?sort=random");
    expect([bad.status, bad.m, bad.d.field]).toEqual([400, "invalid sort", "sort"]);
    const ptr = await call(nugget.app, "GET", "/api/get_entry_by_timeline?before=yesterday");
    expect([ptr.status, ptr.m, ptr.d.field]).toEqual([400, "before 格式不正确", "before"]);
    const viaPointer = await call(nugget.app, "GET", "/api/entries?pointer=yesterday");
    expect([viaPointer.status, viaPointer.d.field]).toEqual([400, "pointer"]);
    expect((await call(nugget.app, "GET", "/api/get_entry_by_rank?category=cooking")).status).toBe(404);
    expect((await call(nugget.app, "GET", "/api/get_entry_by_rank?tag=no-such-tag-anywhere")).status).toBe(
      404,
    );
    expect((await call(nugget.app, "GET", "/api/get_entry_by_rank?limit=1000")).status).toBe(400);
    expect((await call(nugget.app, "GET", "/api/get_entry_by_self?targetUid=xyz")).d.field).toBe("targetUid");
  });

  it("shows the subscribe category only to a logged-in user", async () => {
    const anonymous = await call(nugget.app, "GET", "/api/get_entry_by_rank?category=subscribe");
    expect(anonymous.d).toEqual({ list: [], pointer: null, canNext: false });
    const reader = await registerByEmail(nugget);
    const followed = await makeTag(db());
    const other = await makeTag(db());
    const mine = await makeEntry(db(), author.auth.uid, {}, [followed.id]);
    const notMine = await makeEntry(db(), author.auth.uid, {}, [other.id]);
    expect(
      (await call(nugget.app, "PUT", `/api/tag/subscribe/${followed.id}`, { auth: reader.auth })).s,
    ).toBe(1);
    const r = await call(nugget.app, "GET", "/api/get_entry_by_timeline?category=subscribe&limit=100", {
      auth: reader.auth,
    });
    const ids = r.d.list.map((e: { id: string }) => e.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(notMine.id);
  });
});

describe("categories (spec §3)", () => {
  it("answers subscribed for a logged-in viewer: a category whose built-in tag they follow", async () => {
    const visitor = await call(nugget.app, "GET", "/api/categories");
    expect(visitor.d).toHaveLength(9);
    expect(visitor.d.every((c: { subscribed: boolean }) => c.subscribed === false)).toBe(true);

    const reader = await registerByEmail(nugget);
    const ios = await makeTag(db(), undefined, categoryId("ios"));
    const own = await makeTag(db()); // a user-made tag belongs to no category
    for (const tag of [ios, own]) {
      expect((await call(nugget.app, "PUT", `/api/tag/subscribe/${tag.id}`, { auth: reader.auth })).s).toBe(
        1,
      );
    }
    const subscribed = async () => {
      const r = await call(nugget.app, "GET", "/api/categories", { auth: reader.auth });
      expect(r.s).toBe(1);
      return r.d.filter((c: { subscribed: boolean }) => c.subscribed).map((c: { name: string }) => c.name);
    };
    expect(await subscribed()).toEqual(["ios"]);
    // Another reader's subscriptions are not this one's.
    const other = await registerByEmail(nugget);
    const mine = await call(nugget.app, "GET", "/api/categories", { auth: other.auth });
    expect(mine.d.some((c: { subscribed: boolean }) => c.subscribed)).toBe(false);

    await call(nugget.app, "DELETE", `/api/tag/subscribe/${ios.id}`, { auth: reader.auth });
    expect(await subscribed()).toEqual([]);
  });
});

describe("single entries", () => {
  it("answers get_entry_by_ids in the order asked, skipping missing ones", async () => {
    const a = await makeEntry(db(), author.auth.uid);
    const b = await makeEntry(db(), author.auth.uid);
    const r = await call(
      nugget.app,
      "GET",
      `/api/get_entry_by_ids?ids=${b.id}|ffffffffffffffffffffffff|${a.id}|nonsense`,
    );
    expect(r.d.map((e: { id: string }) => e.id)).toEqual([b.id, a.id]);
    expect(r.d[0]).toMatchObject({
      title: b.title,
      type: "article",
      collectionCount: 0,
      user: { id: author.auth.uid },
    });
  });

  it("finds related entries by shared tag", async () => {
    const tag = await makeTag(db());
    const base = await makeEntry(db(), author.auth.uid, {}, [tag.id]);
    const others: { id: string }[] = [];
    for (let i = 0; i < 6; i++) others.push(await makeEntry(db(), author.auth.uid, {}, [tag.id]));
    const four = await call(nugget.app, "GET", `/api/get_related_entry?entryId=${base.id}&count=4`);
    expect(four.d).toHaveLength(4);
    expect(four.d.every((e: { id: string }) => others.some((o) => o.id === e.id))).toBe(true);
    expect((await call(nugget.app, "GET", `/api/get_related_entry?entryId=${base.id}&count=3`)).status).toBe(
      400,
    );
  });

  it("counts a view once per viewer in the window, keeping counters exact", async () => {
    const e = await makeEntry(db(), author.auth.uid);
    const first = await call(nugget.app, "GET", `/api/getEntryView?entryId=${e.id}`, { auth: author.auth });
    expect(first.d).toMatchObject({ counted: true, viewsCount: 1 });
    expect(first.d.entryViewId).toMatch(/^[0-9a-f]{24}$/);
    const again = await call(nugget.app, "GET", `/api/getEntryView?entryId=${e.id}`, { auth: author.auth });
    expect(again.d).toMatchObject({ counted: false, viewsCount: 1 });
    const other = await call(nugget.app, "GET", `/api/getEntryView?entryId=${e.id}`, { ip: "10.1.2.3" });
    expect(other.d.viewsCount).toBe(2);
    expect((await call(nugget.app, "GET", `/api/getEntryView?entryId=ffffffffffffffffffffffff`)).status).toBe(
      404,
    );
    const drift = (await findCounterDrift(db(), 100_000)).filter(
      (d) => d.id === e.id || d.id === author.auth.uid,
    );
    expect(drift).toEqual([]);
  });
});

describe("entry writes keep counters with their rows", () => {
  it("moves author and tag counters on publish, retag, unpublish and delete", async () => {
    const t1 = await makeTag(db());
    const t2 = await makeTag(db());
    const u = await registerByEmail(nugget);
    const e = await makeEntry(db(), u.auth.uid, { type: "post" }, [t1.id]);
    const check = async () => {
      const ids = new Set([u.auth.uid, t1.id, t2.id, e.id]);
      expect((await findCounterDrift(db(), 100_000)).filter((d) => ids.has(d.id))).toEqual([]);
    };
    await check();
    const counts = async () => (await call(nugget.app, "GET", "/api/v1/getUserInfo", { auth: u.auth })).d;
    expect(await counts()).toMatchObject({ postedEntriesCount: 1, postedPostsCount: 1 });
    const r1 = await db().transaction((tx) => updateEntry(tx, e, {}, [t2.id]));
    await check();
    const r2 = await db().transaction((tx) => updateEntry(tx, r1, { status: "draft" }));
    await check();
    expect(await counts()).toMatchObject({ postedEntriesCount: 0, postedPostsCount: 0 });
    const r3 = await db().transaction((tx) => updateEntry(tx, r2, { status: "published" }, [t1.id, t2.id]));
    await check();
    await db().transaction((tx) => deleteEntry(tx, r3));
    await check();
    expect(await counts()).toMatchObject({ postedEntriesCount: 0 });
  });
});
