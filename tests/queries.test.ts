/**
 * No N+1: every list page costs the same number of SQL statements whether it shows 2 items or 8,
 * each by a different person (HOUSE: skeleton → hydrate in batches). The database is real; the
 * drizzle logger only counts what the app sends during each request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { repos } from "../db/schema/index.ts";
import type { NuggetApp } from "../server/app.ts";
import { newId } from "../server/lib/ids.ts";
import { call, registerByEmail, type Auth } from "./support/client.ts";
import { countingTestApp, uniqueIp } from "./support/app.ts";
import { makeEntry, makeTag } from "./support/factories.ts";

let nugget: NuggetApp;
let count: (work: () => Promise<unknown>) => Promise<number>;

beforeAll(async () => {
  ({ nugget, count } = await countingTestApp());
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
});

const db = () => nugget.database.db;
const hex = () => randomBytes(4).toString("hex");
const people = async (n: number) => Promise.all(Array.from({ length: n }, () => registerByEmail(nugget)));

/** The statements one GET costs, and its answer (which must be a success). */
async function cost(url: string, auth?: Auth) {
  let r: Awaited<ReturnType<typeof call>> | undefined;
  const statements = await count(async () => {
    r = await call(nugget.app, "GET", url, { auth, ip: uniqueIp() });
  });
  expect([url, r!.status, r!.s], r!.m).toEqual([url, 200, 1]);
  return { statements, d: r!.d };
}

/**
 * Builds the same list twice, with 2 and with 8 items, and checks both pages cost the same
 * number of statements (and that the pages really hold 2 and 8 items).
 */
async function sameCost(
  build: (n: number) => Promise<{ url: string; auth?: Auth; items: (d: any) => unknown[] }>,
) {
  const small = await build(2);
  const large = await build(8);
  // Once to warm the process caches (categories, tag ids), then measured.
  await cost(small.url, small.auth);
  let a = await cost(small.url, small.auth);
  let b = await cost(large.url, large.auth);
  if (a.statements !== b.statements) {
    // A once-a-minute check (search's look for its RUM index) may fall on either call: once more.
    // An N+1 differs every time.
    a = await cost(small.url, small.auth);
    b = await cost(large.url, large.auth);
  }
  expect(small.items(a.d)).toHaveLength(2);
  expect(large.items(b.d)).toHaveLength(8);
  expect(b.statements, `${large.url}: ${a.statements} statements for 2 items, ${b.statements} for 8`).toBe(
    a.statements,
  );
  return a.statements;
}

describe("a list page costs the same number of statements for 2 items as for 8", () => {
  it("tag feed (entries by different authors, with tags, categories and likes)", async () => {
    await sameCost(async (n) => {
      const tag = await makeTag(db());
      const authors = await people(n);
      for (const a of authors) await makeEntry(db(), a.auth.uid, {}, [tag.id]);
      const viewer = (await people(1))[0];
      return {
        url: `/api/entries?tag=${tag.id}&sort=newest&limit=20`,
        auth: viewer.auth,
        items: (d) => d.list,
      };
    });
  });

  it("tag feed of a reader who muted and blocked some authors (the viewer step: one query for whom they hide)", async () => {
    let plain = 0;
    const statements = await sameCost(async (n) => {
      const tag = await makeTag(db());
      const authors = await people(n + 2);
      for (const a of authors) await makeEntry(db(), a.auth.uid, {}, [tag.id]);
      const viewer = (await people(1))[0];
      const [muted, blocked] = authors.slice(n);
      await call(nugget.app, "POST", "/api/mute", { auth: viewer.auth, body: { uid: muted.auth.uid } });
      await call(nugget.app, "POST", "/api/block", { auth: viewer.auth, body: { uid: blocked.auth.uid } });
      const url = `/api/entries?tag=${tag.id}&sort=newest&limit=20`;
      if (n === 2) {
        // Someone who hid nobody, measured after a first call as sameCost does.
        const other = (await people(1))[0].auth;
        await cost(url, other);
        plain = (await cost(url, other)).statements;
      }
      return { url, auth: viewer.auth, items: (d) => d.list };
    });
    // Hiding authors costs one statement, whatever the page holds: the set of whom they hide, read
    // beside the page's query and applied after it as on a cached page (entries/for-viewer.ts).
    expect(statements).toBe(plain + 1);
  });

  it("comments of an entry, with their top replies", async () => {
    await sameCost(async (n) => {
      const [owner] = await people(1);
      const entry = await makeEntry(db(), owner.auth.uid);
      for (const p of await people(n)) {
        const c = await call(nugget.app, "POST", "/api/comment", {
          auth: p.auth,
          body: { targetId: entry.id, content: `评论 ${hex()}` },
        });
        await call(nugget.app, "POST", "/api/comment", {
          auth: owner.auth,
          body: {
            targetId: entry.id,
            content: "谢谢",
            firstComment: c.d.commentId,
            respComment: c.d.commentId,
          },
        });
      }
      return {
        url: `/api/comments/entry/${entry.id}?pageSize=20`,
        auth: owner.auth,
        items: (d) => d.comments,
      };
    });
  });

  it("a user's notifications (likes of different entries by different people)", async () => {
    await sameCost(async (n) => {
      const [me] = await people(1);
      for (const p of await people(n)) {
        const e = await makeEntry(db(), me.auth.uid);
        await call(nugget.app, "PUT", `/api/user/like/entry/${e.id}`, { auth: p.auth });
      }
      return { url: "/api/getUserNotification?limit=20", auth: me.auth, items: (d) => d.list };
    });
  });

  it("followers of a user", async () => {
    await sameCost(async (n) => {
      const [star] = await people(1);
      for (const p of await people(n)) {
        await call(nugget.app, "POST", "/api/follow", { auth: p.auth, body: { ids: star.auth.uid } });
      }
      return {
        url: `/api/getUserFollowerList?uid=${star.auth.uid}`,
        auth: star.auth,
        items: (d) => d.list ?? d,
      };
    });
  });

  it("likers of an entry", async () => {
    await sameCost(async (n) => {
      const [owner] = await people(1);
      const e = await makeEntry(db(), owner.auth.uid);
      for (const p of await people(n))
        await call(nugget.app, "PUT", `/api/user/like/entry/${e.id}`, { auth: p.auth });
      return { url: `/api/entry/${e.id}/user?page=0&pageSize=20`, items: (d) => d.list ?? d.users ?? d };
    });
  });

  it("a collection set's entries", async () => {
    await sameCost(async (n) => {
      const [owner] = await people(1);
      const set = await call(nugget.app, "POST", "/api/collectionset", {
        auth: owner.auth,
        body: { title: `收藏 ${hex()}`, description: "" },
      });
      const csId = set.d.id ?? set.d.csId;
      for (const p of await people(n)) {
        const e = await makeEntry(db(), p.auth.uid);
        await call(nugget.app, "POST", "/api/addEntry", { auth: owner.auth, body: { csId, entryId: e.id } });
      }
      return {
        url: `/api/getCollectionSetEntries?csId=${csId}&page=0`,
        auth: owner.auth,
        items: (d) => d.entrylist ?? d.entryList ?? d.list ?? d.entries,
      };
    });
  });

  it("repo trending in one language (translators hydrated in one go)", async () => {
    await sameCost(async (n) => {
      const lang = `Lang${hex()}`;
      const translators = await people(n);
      for (const t of translators) {
        const id = newId();
        await db()
          .insert(repos)
          .values({
            id,
            originalId: `gh-${hex()}${hex()}`,
            url: `https://github.com/o/${hex()}`,
            name: `o/${hex()}`,
            language: lang,
            dailyStars: 10,
            owner: { username: "o", avatar: "", url: "https://github.com/o" },
          });
        await db()
          .update(repos)
          .set({ translatorIdList: [t.auth.uid] })
          .where(eq(repos.id, id));
      }
      return { url: `/api/get_trending?lang=${lang}`, items: (d) => d.list ?? d };
    });
  });

  it("the pins feed", async () => {
    for (const p of await people(8)) {
      await call(nugget.app, "POST", "/api/pins", { auth: p.auth, body: { content: `沸点 ${hex()}` } });
    }
    await sameCost(async (n) => ({ url: `/api/pins?limit=${n}`, items: (d) => d.list }));
  });

  it("search results for a word in entries by different authors", async () => {
    await sameCost(async (n) => {
      const word = `词${hex()}`;
      for (const p of await people(n)) await makeEntry(db(), p.auth.uid, { title: `${word} 的一篇文章` });
      return {
        url: `/api/search?query=${encodeURIComponent(word)}`,
        items: (d) => d.entries?.list ?? d.entryList ?? d.list ?? d.entries,
      };
    });
  });
});
