import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { testApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { entries, entrySearch, tags } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { segmentQuery } from "../../lib/segment.ts";
import { deleteEntry, insertEntry, updateEntry, type NewEntry } from "../entries/write.ts";
import { reindexAllEntries } from "./index-entry.ts";
import { resetSliceBounds, searchEntryPage } from "./queries.ts";
import { entryQuery } from "./search.ts";
import fc from "fast-check";

// Every test finds only its own rows: each carries a random word no other row has (the shared
// PostgreSQL test database holds other files' entries, users and tags).

let nugget: NuggetApp;
let author: Awaited<ReturnType<typeof registerByEmail>>;
let categoryId: string;
beforeAll(async () => {
  nugget = await testApp();
  author = await registerByEmail(nugget);
  categoryId = (await nugget.services.entries.categories()).find((c) => c.name === "frontend")!.id;
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
});

const db = () => nugget.database.db;
const hex = (n: number) => randomBytes(n).toString("hex");
/** A Latin word of this test alone (kept whole by the segmenter). */
const token = () => `zq${hex(5)}`;
/** Chinese characters of this test alone, for name and title substrings. */
const hanWord = (n: number) =>
  Array.from({ length: n }, () => String.fromCodePoint(0x4e00 + randomInt(0x9fa5 - 0x4e00))).join("");
/** Two dictionary words seen together nowhere else: a Chinese query of this test alone. */
const RARE =
  "琵琶 骆驼 火锅 熊猫 灯笼 瀑布 孔雀 银杏 陶瓷 茉莉 松鼠 蝴蝶 珊瑚 乌龟 刺猬 樱桃 芒果 菠萝 海豚 企鹅".split(
    " ",
  );
function rarePair(): [string, string] {
  const a = RARE[randomInt(RARE.length)];
  let b = a;
  while (b === a) b = RARE[randomInt(RARE.length)];
  return [a, b];
}

const search = (params: Record<string, string | number>, auth?: Auth) =>
  call(nugget.app, "GET", `/api/search?${new URLSearchParams(params as Record<string, string>)}`, { auth });

function makeEntry(fields: Partial<NewEntry> = {}, tagIds: string[] = []) {
  return db().transaction((tx) =>
    insertEntry(
      tx,
      {
        userId: author.user.id,
        categoryId,
        type: "post",
        title: `条目 ${hex(3)}`,
        summary: "",
        content: "",
        originalUrl: "",
        ...fields,
      },
      tagIds,
    ),
  );
}

async function makeTag(title: string) {
  const [row] = await db().insert(tags).values({ id: newId(), title }).returning();
  return row;
}

/** Ids of every entry the query finds, page after page, in ranked order. */
async function allIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; page < 50; page++) {
    const r = await search({ query, page });
    expect(r.s).toBe(1);
    ids.push(...r.d.entries.list.map((e: { id: string }) => e.id));
    if (!r.d.entries.canNext) break;
  }
  return ids;
}

describe("GET /api/search: entries", () => {
  it("前端性能 finds the phrase and the split words, the phrase first", async () => {
    const split = await makeEntry({
      title: `前端框架选型 ${token()}`,
      content: "本文比较几种框架。".repeat(20) + "最后谈谈渲染性能。",
    });
    const phrase = await makeEntry({
      title: `浅谈前端性能 ${token()}`,
      content: "从加载到渲染。",
    });
    const unrelated = await makeEntry({ title: `后端性能 ${token()}` });
    const ids = await allIds("前端性能");
    expect(ids).toContain(phrase.id);
    expect(ids).toContain(split.id);
    expect(ids).not.toContain(unrelated.id);
    expect(ids.indexOf(phrase.id)).toBeLessThan(ids.indexOf(split.id));
  });

  it("ranks a phrase match first, then by relevance and then heat", async () => {
    const [a, b] = rarePair();
    expect(segmentQuery(a + b)).toEqual([a, b]);
    // The words apart, in the title: the highest weight, but no phrase.
    const apart = await makeEntry({ title: `${a}对比一下${b}`, content: "" });
    // The phrase, only in the content: the lowest weight, but a phrase.
    const phrase = await makeEntry({ title: "一篇游记", content: `今天看到了${a}${b}。` });
    // Same words as `apart` in the title, but one more like: the tie goes to heat.
    const hotter = await makeEntry({ title: `${a}对比一下${b}`, content: "" });
    await db().update(entries).set({ hotIndex: 1e6 }).where(eq(entries.id, hotter.id));

    const r = await search({ query: `${a}${b}` });
    expect(r.d.words).toEqual([a, b]);
    expect(r.d.entries.list.map((e: { id: string }) => e.id)).toEqual([phrase.id, hotter.id, apart.id]);
    expect(r.d.entries.total).toBe(3);
  });

  it("weights the title above the content", async () => {
    const t = token();
    const inContent = await makeEntry({ title: "杂谈", content: `顺带一提 ${t}` });
    const inTitle = await makeEntry({ title: `${t} 指南`, content: "正文" });
    const r = await search({ query: t });
    expect(r.d.entries.list.map((e: { id: string }) => e.id)).toEqual([inTitle.id, inContent.id]);
  });

  it("finds English words whatever their case, and tech tokens whole", async () => {
    const t = token();
    const hooks = await makeEntry({ title: `React Hooks 入门 ${t}` });
    const vue = await makeEntry({ title: `Vue.js 源码解读 ${t}` });
    const cpp = await makeEntry({ title: `C++ 模板元编程 ${t}` });
    const ids = async (query: string) => (await search({ query })).d.entries.list.map((e: any) => e.id);
    expect(await ids(`react hooks ${t}`)).toEqual([hooks.id]);
    expect(await ids(`REACT HOOKS ${t.toUpperCase()}`)).toEqual([hooks.id]);
    expect(await ids(`Vue.js ${t}`)).toEqual([vue.id]);
    expect(await ids(`vue ${t}`)).toEqual([vue.id]);
    expect(await ids(`C++ ${t}`)).toEqual([cpp.id]);
    expect(await allIds("React Hooks")).toContain(hooks.id);
  });

  it("finds entries by a tag's title and by the abstract", async () => {
    const t = token();
    const tag = await makeTag(`Tag${t}`);
    const tagged = await makeEntry({ title: "无关标题" }, [tag.id]);
    const summarized = await makeEntry({ title: "另一个标题", summary: `摘要里有 ${t}x` });
    expect((await search({ query: `tag${t}` })).d.entries.list.map((e: any) => e.id)).toEqual([tagged.id]);
    expect((await search({ query: `${t}x` })).d.entries.list.map((e: any) => e.id)).toEqual([summarized.id]);
  });

  it("presents entries like the feeds do, with author, category and tags", async () => {
    const t = token();
    const tag = await makeTag(`T${t}`);
    const e = await makeEntry({ title: `展示 ${t}`, summary: "一段\n\n摘要" }, [tag.id]);
    const [found] = (await search({ query: t }, author.auth)).d.entries.list;
    expect(found).toMatchObject({
      id: e.id,
      title: `展示 ${t}`,
      type: "post",
      abstract: "一段 摘要",
      user: { id: author.user.id, username: author.username },
      category: { name: "frontend" },
      tags: [{ id: tag.id, title: tag.title }],
      liked: false,
    });
  });

  it("never finds drafts or deleted entries, and follows every change of an entry", async () => {
    const t = token();
    const found = async () => (await search({ query: t })).d.entries.list.map((e: any) => e.id);
    const draft = await makeEntry({ title: `草稿 ${t}`, status: "draft" });
    const published = await makeEntry({ title: `已发布 ${t}` });
    const deleted = await makeEntry({ title: `已删除 ${t}` });
    await db().transaction((tx) => deleteEntry(tx, deleted));
    expect(await found()).toEqual([published.id]);

    // Publishing the draft makes it findable; unpublishing takes it back.
    const live = await db().transaction((tx) => updateEntry(tx, draft, { status: "published" }));
    expect((await found()).sort()).toEqual([published.id, draft.id].sort());
    await db().transaction((tx) => updateEntry(tx, live, { status: "draft" }));
    expect(await found()).toEqual([published.id]);

    // A new title replaces the old words.
    const t2 = token();
    await db().transaction((tx) => updateEntry(tx, published, { title: `改名 ${t2}` }));
    expect(await found()).toEqual([]);
    expect((await search({ query: t2 })).d.entries.list.map((e: any) => e.id)).toEqual([published.id]);

    // New tags are searchable at once.
    const tag = await makeTag(`新标签${token()}`);
    const withTag = await db().transaction((tx) => updateEntry(tx, published, {}, [tag.id]));
    expect((await search({ query: tag.title })).d.entries.list.map((e: any) => e.id)).toEqual([withTag.id]);

    // Only findable entries have a document at all.
    const rows = await db().select().from(entrySearch).where(eq(entrySearch.entryId, deleted.id));
    expect(rows).toEqual([]);
  });

  it("pages from 0 without repeating or skipping, 20 a page", async () => {
    const t = token();
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await makeEntry({ title: `分页 ${t} 第${i}篇` }));
    const first = await search({ query: t, page: 0 });
    const second = await search({ query: t, page: 1 });
    const third = await search({ query: t, page: 2 });
    expect(first.d.entries.list).toHaveLength(20);
    expect(second.d.entries.list).toHaveLength(5);
    expect(first.d.entries).toMatchObject({ total: 25, canNext: true });
    expect(second.d.entries).toMatchObject({ total: 25, canNext: false });
    expect(third.d.entries).toMatchObject({ list: [], total: 25, canNext: false });
    const ids = [...first.d.entries.list, ...second.d.entries.list].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids.sort()).toEqual(made.map((e) => e.id).sort());
    expect(first.d).toMatchObject({ page: 0, pageSize: 20 });
  });
});

describe("newest-first slices (queries.ts SLICES)", () => {
  it("find the same ranked matches as searching everything; totals exact or scaled up", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each document gets some of three words of this run; titles vary so ranks differ.
        fc.array(fc.record({ words: fc.subarray([0, 1, 2], { minLength: 0 }), inTitle: fc.boolean() }), {
          minLength: 1,
          maxLength: 24,
        }),
        fc.constantFrom("a", "a b", "c a", "b"),
        async (docs, shape) => {
          const words = [token(), token(), token()];
          for (const doc of docs) {
            const text = doc.words.map((w) => words[w]).join(" ");
            await makeEntry(doc.inTitle ? { title: `切片 ${text}` } : { content: `正文 ${text}` });
          }
          const query = shape.replace(/[abc]/g, (c) => words["abc".indexOf(c)]);
          const q = entryQuery(segmentQuery(query));
          const page = { ...q, offset: 0, limit: 5 };
          resetSliceBounds(db());
          const whole = await searchEntryPage(db(), page, { slices: [], window: 5 });
          const sliced = await searchEntryPage(db(), page, { slices: [3, 8], window: 5 });
          expect(sliced.rows.map((r) => r.entry.id)).toEqual(whole.rows.map((r) => r.entry.id));
          expect(whole.exact).toBe(true);
          if (sliced.exact) expect(sliced.total).toBe(whole.total);
          else expect(sliced.total).toBeGreaterThanOrEqual(5);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("say so when the total is an estimate, and the page shows 约", async () => {
    const t = token();
    for (let i = 0; i < 12; i++) await makeEntry({ title: `估计 ${t} ${i}` });
    resetSliceBounds(db());
    const q = { ...entryQuery([t]), offset: 0, limit: 20 };
    const sliced = await searchEntryPage(db(), q, { slices: [6], window: 4 });
    // The newest 6 documents are this test's own on PGlite (a database per file); on the shared
    // PostgreSQL database other files insert meanwhile and may push them out of the slice.
    if (!process.env.DATABASE_URL) expect([sliced.exact, sliced.total]).toEqual([false, 6]);
    expect(sliced.rows).toHaveLength(4);
    const r = await search({ query: t });
    expect(r.d.entries).toMatchObject({ total: 12, totalExact: true });
  });
});

describe("GET /api/search: the query rule (spec §5)", () => {
  it("answers an empty result for an empty or blank query", async () => {
    for (const query of ["", "   ", "\t"]) {
      const r = await search({ query });
      expect([r.status, r.s]).toEqual([200, 1]);
      expect(r.d).toMatchObject({
        query: "",
        words: [],
        entries: { list: [], total: 0 },
        users: [],
        tags: [],
      });
    }
    const none = await call(nugget.app, "GET", "/api/search");
    expect(none.s).toBe(1);
    expect(none.d.entries.list).toEqual([]);
  });

  it("trims the query and refuses more than 32 characters, naming query", async () => {
    const t = token();
    const e = await makeEntry({ title: `修剪 ${t}` });
    const padded = await search({ query: `   ${t}   ` });
    expect(padded.d.query).toBe(t);
    expect(padded.d.entries.list.map((x: any) => x.id)).toEqual([e.id]);

    expect((await search({ query: `  ${"前".repeat(32)}  ` })).s).toBe(1);
    for (const query of ["前".repeat(33), "x".repeat(33), "x".repeat(300)]) {
      const r = await search({ query });
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, "query"]);
      expect(r.m).toBeTruthy();
    }
  });

  it("refuses a negative or non-numeric page, naming page", async () => {
    for (const page of ["-1", "abc", "1.5"]) {
      const r = await search({ query: "前端", page });
      expect([r.status, r.d?.field]).toEqual([400, "page"]);
    }
  });

  it("accepts raw_result=false (spec §7) and finds nothing for stop words alone", async () => {
    const r = await search({ query: "的", page: 0, raw_result: "false" });
    expect(r.s).toBe(1);
    expect(r.d.words).toEqual([]);
    expect(r.d.entries.list).toEqual([]);
  });
});

describe("GET /api/search: users and tags", () => {
  it("finds users by Chinese and Latin parts of their names, case-insensitively", async () => {
    const han = hanWord(4);
    const latin = `Dev${hex(4)}`;
    const zh = await registerByEmail(nugget, { username: `码农${han}` });
    const en = await registerByEmail(nugget, { username: `${latin}_x` });
    const users = async (query: string) => (await search({ query })).d.users.map((u: any) => u.id);
    expect(await users(han.slice(1, 3))).toContain(zh.user.id);
    expect(await users(`码农${han}`)).toEqual([zh.user.id]);
    expect(await users(latin.toUpperCase())).toEqual([en.user.id]);
    expect(await users(latin.slice(3).toLowerCase())).toContain(en.user.id);
    const [shown] = (await search({ query: `码农${han}` })).d.users;
    expect(shown).toMatchObject({ id: zh.user.id, username: `码农${han}` });
    expect(shown).not.toHaveProperty("email");
  });

  it("finds tags by Chinese and Latin parts of their titles, exact first", async () => {
    const han = hanWord(3);
    const t = token();
    const zh = await makeTag(`异步${han}编程`);
    const en = await makeTag(`Rust${t}`);
    const exact = await makeTag(`${t}`);
    const found = async (query: string) => (await search({ query })).d.tags.map((x: any) => x.id);
    expect(await found(han)).toEqual([zh.id]);
    expect(await found(`${han}编`)).toEqual([zh.id]);
    expect((await found(t.toUpperCase())).sort()).toEqual([en.id, exact.id].sort());
    expect((await found(t))[0]).toBe(exact.id);
    const [tag] = (await search({ query: `rust${t}` }, author.auth)).d.tags;
    expect(tag).toMatchObject({ id: en.id, title: `Rust${t}`, subscribed: false });
  });

  it("treats % and _ in a query as plain characters", async () => {
    const r = await search({ query: "%" });
    expect(r.s).toBe(1);
    for (const u of r.d.users) expect(u.username).toContain("%");
    for (const t of r.d.tags) expect(t.title).toContain("%");
  });
});

describe("reindexAllEntries", () => {
  it("rebuilds missing documents and drops those of entries no longer findable", async () => {
    const t = token();
    const e = await makeEntry({ title: `重建 ${t}` });
    const draft = await makeEntry({ title: `草稿 ${t}`, status: "draft" });
    await db().delete(entrySearch).where(eq(entrySearch.entryId, e.id));
    // A stale row, as if the index had missed an unpublish.
    await db().execute(
      sql`insert into entry_search (entry_id, document) values (${draft.id}, ${`'${t}':1A`}::tsvector)`,
    );
    expect((await search({ query: t })).d.entries.list.map((x: any) => x.id)).toEqual([]);

    const seen: number[] = [];
    const progress = await reindexAllEntries(db(), (p) => seen.push(p.done));
    expect(progress.done).toBe(progress.total);
    expect(seen.at(-1)).toBe(progress.total);
    expect((await search({ query: t })).d.entries.list.map((x: any) => x.id)).toEqual([e.id]);
    expect(await db().select().from(entrySearch).where(eq(entrySearch.entryId, draft.id))).toEqual([]);
  });
});
