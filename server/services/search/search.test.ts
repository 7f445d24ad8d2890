import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { testApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { makeEntry as makeEntryOf, makeTag as makeTagOf } from "../../../tests/support/factories.ts";
import { entries, entrySearch, searchChampions, searchChampionWords } from "../../../db/schema/index.ts";
import { segmentQuery } from "../../lib/segment.ts";
import { deleteEntry, updateEntry, type NewEntry } from "../entries/write.ts";
import { reindexAllEntries } from "../search-index/index-entry.ts";
import { hasRumIndex, searchEntryPage } from "./queries.ts";
import { buildChampionList, championCandidates, refreshChampionLists } from "../search-index/champions.ts";
import { rumDistance, rumScore } from "../search-index/relevance.ts";
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

/** A column article of this file's author: no words but its own, or they would count in its relevance. */
const makeEntry = (fields: Partial<NewEntry> = {}, tagIds: string[] = []) =>
  makeEntryOf(
    db(),
    author.user.id,
    {
      categoryId,
      type: "post",
      title: `条目 ${hex(3)}`,
      summary: "",
      content: "",
      originalUrl: "",
      ...fields,
    },
    tagIds,
  );

const makeTag = (title: string) => makeTagOf(db(), title);

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

describe("rankings kept for a while (SEARCH_RANKING_TTL)", () => {
  it("serve every page and searcher of a query; deleted entries leave at once, new ones come after", async () => {
    // A second app on the same database, keeping rankings as deployed (tests' apps do not).
    const config = loadConfig(process.env, { logLevel: "silent", searchRankingTtl: 60 });
    const keeping = await buildApp({
      config: { ...config, pageCache: { ...config.pageCache, enabled: false } },
      database: nugget.database,
    });
    const searchKeeping = (params: Record<string, string | number>) =>
      call(keeping.app, "GET", `/api/search?${new URLSearchParams(params as Record<string, string>)}`);
    const idsOf = (r: { d: { entries: { list: { id: string }[] } } }) => r.d.entries.list.map((e) => e.id);
    try {
      const t = token();
      for (let i = 0; i < 25; i++) await makeEntry({ title: `保留排序 ${t} 第${i}篇` });
      const first = await searchKeeping({ query: t, page: 0 });
      expect(first.d.entries).toMatchObject({ total: 25, canNext: true });

      // Published after the ranking: found at once without a kept ranking, not yet with one, and
      // the pages of the kept ranking neither repeat nor skip anything.
      const late = await makeEntry({ title: `保留排序 ${t} 迟到的一篇` });
      expect(await allIds(t)).toContain(late.id);
      const second = await searchKeeping({ query: t, page: 1 });
      const paged = [...idsOf(first), ...idsOf(second)];
      expect(paged).not.toContain(late.id);
      expect(new Set(paged).size).toBe(25);

      // Deleted after the ranking: gone from its page at once.
      const gone = idsOf(first)[0];
      const [row] = await db().select().from(entries).where(eq(entries.id, gone));
      await db().transaction((tx) => deleteEntry(tx, row));
      const again = await searchKeeping({ query: t, page: 0 });
      expect(idsOf(again)).not.toContain(gone);
      expect(idsOf(again)).toEqual(idsOf(first).slice(1));
    } finally {
      await keeping.app.close();
    }
  });
});

/** Whether this database searches with RUM (PostgreSQL with postgresql-15-rum; never PGlite). */
const withRum = async () => hasRumIndex(db());

describe("ranking over all matches (queries.ts, relevance.ts)", () => {
  it("finds an old, excellent entry for a common word among many newer ones", async () => {
    const t = token();
    // The old one: the word in its title and tags, and read a lot.
    const tag = await makeTag(`${t}标签`);
    const old = await makeEntry({ title: `${t} 深入浅出`, content: `${t} 的原理。` }, [tag.id]);
    await db().update(entries).set({ hotIndex: 5000 }).where(eq(entries.id, old.id));
    // Twelve newer ones mention it once, in passing.
    for (let i = 0; i < 12; i++) await makeEntry({ title: `杂记 ${i}`, content: `顺带提到 ${t}。` });
    const q = { ...entryQuery([t]), offset: 0, limit: 3 };
    for (const path of (await withRum()) ? (["rum", "gin"] as const) : (["gin"] as const)) {
      const found = await searchEntryPage(db(), q, { path, window: 4 });
      expect(found.rows[0].entry.id).toBe(old.id);
      expect(found.rows).toHaveLength(3);
    }
  });

  it("says whether the total is exact: always on GIN, on RUM below the window", async () => {
    const t = token();
    for (let i = 0; i < 12; i++) await makeEntry({ title: `估计 ${t} ${i}` });
    const q = { ...entryQuery([t]), offset: 0, limit: 20 };
    const gin = await searchEntryPage(db(), q, { path: "gin", window: 4 });
    expect([gin.exact, gin.total, gin.rows.length]).toEqual([true, 12, 4]);
    if (await withRum()) {
      const rum = await searchEntryPage(db(), q, { path: "rum", window: 4 });
      expect(rum.exact).toBe(false);
      expect(rum.total).toBeGreaterThanOrEqual(4);
      expect(rum.rows).toHaveLength(4);
      expect(await searchEntryPage(db(), q, { path: "rum", window: 20 })).toMatchObject({
        exact: true,
        total: 12,
      });
    }
    const r = await search({ query: t });
    expect(r.d.entries).toMatchObject({ total: 12, totalExact: true });
  });

  it("computes RUM's distance in JavaScript, bit for bit (PostgreSQL with RUM only)", async (ctx) => {
    if (!(await withRum())) return ctx.skip();
    const pool = ["wa", "wb", "wc", "c++", "开发", "开发者"];
    const occurrence = fc.record({
      word: fc.integer({ min: 0, max: pool.length - 1 }),
      // A small range, so that two words sometimes share a position (a word and its part do).
      position: fc.integer({ min: 1, max: 40 }),
      weight: fc.constantFrom("A", "B", "C", "D"),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(occurrence, { maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: pool.length - 1 }), { minLength: 1, maxLength: 4 }),
        async (occurrences, queryWords) => {
          // One position per word at most once, as in a tsvector.
          const byWord = new Map<string, Map<number, string>>();
          for (const o of occurrences) {
            const word = pool[o.word];
            if (!byWord.has(word)) byWord.set(word, new Map());
            if (!byWord.get(word)!.has(o.position)) byWord.get(word)!.set(o.position, o.weight);
          }
          const literal = [...byWord]
            .map(([w, ps]) => `'${w}':${[...ps].map(([p, wt]) => `${p}${wt}`).join(",")}`)
            .join(" ");
          const words = queryWords.map((i) => pool[i]);
          const { any } = entryQuery(words);
          const result = await db().execute(
            sql`select (${literal}::tsvector <=> ${any}::tsquery)::float8 as distance`,
          );
          const [{ distance }] = (result as unknown as { rows: { distance: number }[] }).rows;
          const positions = words.map((w) => {
            const ps = [...(byWord.get(w) ?? new Map<number, string>())].sort((a, b) => a[0] - b[0]);
            return ps.length ? { positions: ps.map((p) => p[0]), weights: ps.map((p) => p[1]) } : null;
          });
          expect(rumDistance(rumScore(positions))).toBe(Number(distance));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same pages on the RUM and the GIN path (PostgreSQL with RUM only)", async (ctx) => {
    if (!(await withRum())) return ctx.skip();
    await fc.assert(
      fc.asyncProperty(
        // Each document gets some of three words of this run, in its title, abstract or content,
        // once or repeated, and some heat: relevance and heat both vary, and ties occur.
        fc.array(
          fc.record({
            words: fc.subarray([0, 1, 2], { minLength: 0 }),
            field: fc.constantFrom("title", "summary", "content"),
            repeat: fc.integer({ min: 1, max: 3 }),
            hot: fc.constantFrom(0, 0, 3, 50, 2000),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.constantFrom("a", "a b", "c a", "b", "a b c"),
        fc.constantFrom(3, 5, 400),
        async (docs, shape, window) => {
          const words = [token(), token(), token()];
          for (const doc of docs) {
            const text = Array.from({ length: doc.repeat }, () =>
              doc.words.map((w) => words[w]).join(" "),
            ).join(" 。");
            const e = await makeEntry({ [doc.field]: `样本 ${text}` });
            if (doc.hot) await db().update(entries).set({ hotIndex: doc.hot }).where(eq(entries.id, e.id));
          }
          const query = shape.replace(/[abc]/g, (c) => words["abc".indexOf(c)]);
          const q = { ...entryQuery(segmentQuery(query)), offset: 0, limit: 400 };
          const rum = await searchEntryPage(db(), q, { path: "rum", window });
          const gin = await searchEntryPage(db(), q, { path: "gin", window });
          expect([rum.path, gin.path]).toEqual(["rum", "gin"]);
          // The candidates are the `window` most relevant either way.
          const relevances = (r: typeof rum) => r.rows.map((x) => x.relevance).sort((a, b) => b - a);
          expect(relevances(rum)).toEqual(relevances(gin));
          // The same pages, unless relevance ties straddle the window's edge: then which of the
          // tied entries get in is the RUM index's choice (queries.ts rumCandidates).
          const all = await searchEntryPage(db(), q, { path: "gin", window: 1000 });
          const ranked = all.rows.map((x) => x.relevance).sort((a, b) => b - a);
          const tieAtEdge = ranked.length > window && ranked[window - 1] === ranked[window];
          if (!tieAtEdge) expect(rum.rows.map((r) => r.entry.id)).toEqual(gin.rows.map((r) => r.entry.id));
          if (rum.exact) expect(rum.total).toBe(gin.total);
          else expect(rum.total).toBeGreaterThanOrEqual(window);
          expect(gin.total).toBe(all.rows.length);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});

describe("champion lists (champions.ts)", () => {
  it("give exactly the pages of ranking every match, or step aside, as documents come and go", async () => {
    const rum = await hasRumIndex(db());
    let used = 0;
    let stepped = 0;
    // Mostly documents holding the words, and lists shorter than the matches: the case that needs
    // the bounds (complete lists prove nothing).
    const doc = fc.record({
      words: fc.oneof(
        fc.constant<number[]>([0, 1, 2]),
        fc.subarray([0, 1, 2], { minLength: 1 }),
        fc.constant<number[]>([]),
      ),
      field: fc.constantFrom("title", "summary", "content"),
      repeat: fc.integer({ min: 1, max: 3 }),
      hot: fc.constantFrom(0, 0, 3, 50, 2000),
    });
    await fc.assert(
      fc.asyncProperty(
        // Documents written before the lists are built, and after (kept in step by noteDocument);
        // some of the first removed or rewritten after.
        fc.array(doc, { minLength: 4, maxLength: 16 }),
        fc.array(doc, { maxLength: 6 }),
        fc.array(fc.record({ at: fc.nat(), change: fc.constantFrom("delete", "rewrite") }), { maxLength: 3 }),
        fc.constantFrom(1, 2, 3, 6, 50),
        fc.constantFrom("a", "a b", "c a", "b", "a b c"),
        fc.constantFrom(1, 2, 3, 400),
        async (before, after, changes, size, shape, window) => {
          const words = [token(), token(), token()];
          const textOf = (d: (typeof before)[number]) =>
            `样本 ${Array.from({ length: d.repeat }, () => d.words.map((w) => words[w]).join(" ")).join(" 。")}`;
          const write = async (d: (typeof before)[number]) => {
            const e = await makeEntry({ [d.field]: textOf(d) });
            if (d.hot) await db().update(entries).set({ hotIndex: d.hot }).where(eq(entries.id, e.id));
            return e;
          };
          const made = [];
          for (const d of before) made.push(await write(d));
          for (const w of words) await buildChampionList(db(), w, { rum, size });
          for (const d of after) await write(d);
          for (const { at, change } of changes) {
            const e = made[at % made.length];
            if (change === "delete") await db().transaction((tx) => deleteEntry(tx, e));
            else
              await db().transaction((tx) =>
                updateEntry(tx, e, { title: `改写 ${words[at % 3]} ${words[at % 3]}`, content: "" }),
              );
          }
          const query = shape.replace(/[abc]/g, (c) => words["abc".indexOf(c)]);
          const q = { ...entryQuery(segmentQuery(query)), offset: 0, limit: 400 };
          const early = await searchEntryPage(db(), q, { window, minTogether: 0 });
          const full = await searchEntryPage(db(), q, { path: "gin", window, champions: false });
          if (early.path !== "champions") {
            stepped++;
            return;
          }
          used++;
          const relevances = (r: typeof early) => r.rows.map((x) => x.relevance).sort((a, b) => b - a);
          expect(relevances(early)).toEqual(relevances(full));
          // The same pages, unless relevance ties straddle the window's edge (one word: then which
          // of the tied entries get in is the lists' choice).
          const all = await searchEntryPage(db(), q, { path: "gin", window: 1000, champions: false });
          const ranked = all.rows.map((x) => x.relevance).sort((a, b) => b - a);
          const tieAtEdge = ranked.length > window && ranked[window - 1] === ranked[window];
          if (!tieAtEdge) expect(early.rows.map((r) => r.entry.id)).toEqual(full.rows.map((r) => r.entry.id));
          if (early.exact) expect(early.total).toBe(full.total);
          else expect(early.total).toBeGreaterThanOrEqual(early.rows.length);
        },
      ),
      { numRuns: 60 },
    );
    // Both ways were taken: the lists answered some searches and stepped aside for others.
    expect(used).toBeGreaterThan(0);
    expect(stepped).toBeGreaterThan(0);
  }, 240_000);

  it("score an entry held by one list of two when the other word's bound could lift it into the window", async () => {
    // Lists set by hand: w holds a's list only (its b share is b's bound), r holds both, y holds b's
    // alone. a's bound 0.1 and b's 0.4 sum to 0.5. w's upper bound is 0.4 + 0.4 = 0.8 and its score
    // 0.8 beats r's 0.65: read without b's bound, w (0.4 known) would fall under the threshold
    // unread, and r would take the window of one.
    const [w, r, y] = [await makeEntry(), await makeEntry(), await makeEntry()];
    const [a, b] = [token(), token()];
    await db()
      .insert(searchChampionWords)
      .values([
        { word: a, bound: 0.1, matches: 50_000 },
        { word: b, bound: 0.4, matches: 50_000 },
      ]);
    await db()
      .insert(searchChampions)
      .values([
        { word: a, entryId: w.id, impact: 0.4, hotIndex: 0 },
        { word: a, entryId: r.id, impact: 0.1, hotIndex: 0 },
        { word: b, entryId: y.id, impact: 1.0, hotIndex: 0 },
        { word: b, entryId: r.id, impact: 0.55, hotIndex: 0 },
      ]);
    const scores = new Map([
      [w.id, 0.8],
      [r.id, 0.65],
    ]);
    const scored: string[] = [];
    const found = await championCandidates(db(), [a, b], 1, async (ids) => {
      scored.push(...ids);
      // y holds no a: not a match of both words.
      return ids.flatMap((id) =>
        scores.has(id) ? [{ entryId: id, relevance: scores.get(id)!, phrase: false, hotIndex: 0 }] : [],
      );
    });
    expect(scored).toContain(w.id);
    expect(found?.candidates.map((c) => c.entryId)).toEqual([w.id]);

    // Without an entry in both lists the words seldom meet: the lists step aside, scoring nothing.
    await db().delete(searchChampions).where(eq(searchChampions.entryId, r.id));
    scored.length = 0;
    const none = await championCandidates(db(), [a, b], 1, async (ids) => {
      scored.push(...ids);
      return [];
    });
    expect(none).toBeNull();
    expect(scored).toEqual([]);
  });

  it("order a one-word window by the entries' heat of now: the lists' copy follows every change", async () => {
    const rum = await hasRumIndex(db());
    const w = token();
    // Three of the same relevance (title) in a list of two: the bound is theirs, so the list proves
    // a window of one only by a tie; a window of two reads both listed entries.
    const [first, second] = [await makeEntry({ title: `${w} 一` }), await makeEntry({ title: `${w} 二` })];
    await buildChampionList(db(), w, { rum, size: 5 });
    const q = { ...entryQuery([w]), offset: 0, limit: 2 };
    const ids = async () => {
      const r = await searchEntryPage(db(), q, { window: 2 });
      expect(r.path).toBe("champions");
      return r.rows.map((row) => row.entry.id);
    };
    expect(await ids()).toEqual([second.id, first.id]);
    // The older entry heats up (a like's refreshHeat or a batch of views write hot_index alike).
    await db().update(entries).set({ hotIndex: 50 }).where(eq(entries.id, first.id));
    expect(await ids()).toEqual([first.id, second.id]);
    const full = await searchEntryPage(db(), q, { path: "gin", window: 2, champions: false });
    expect(full.rows.map((row) => row.entry.id)).toEqual([first.id, second.id]);
  });

  it("never make a heat change wait for a list being rebuilt (PostgreSQL only: two connections)", async (ctx) => {
    if (nugget.database.kind !== "postgres") return ctx.skip();
    const rum = await hasRumIndex(db());
    const [w, v] = [token(), token()];
    const e = await makeEntry({ title: `${w} ${v}` });
    for (const word of [w, v]) await buildChampionList(db(), word, { rum, size: 5 });
    const copies = async () =>
      Object.fromEntries(
        (
          (await db().execute(
            sql`select word, hot_index as "hotIndex" from search_champions where entry_id = ${e.id}`,
          )) as unknown as { rows: { word: string; hotIndex: number }[] }
        ).rows.map((r) => [r.word, Number(r.hotIndex)]),
      );
    // A rebuild of w's list holds its rows (buildChampionList deletes them) while, on another
    // connection, the entry heats up: the change must go through at once, not wait for the rebuild
    // (a batch of views waiting on it while it waits on the batch would be a deadlock).
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from search_champions where word = ${w} for update`);
      await db().transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '2s'`);
        await other.update(entries).set({ hotIndex: 7 }).where(eq(entries.id, e.id));
      });
    });
    // v's row followed; w's, held by the "rebuild", kept its heat (the race db/schema/search.ts
    // describes) until the next change.
    expect(await copies()).toEqual({ [w]: 0, [v]: 7 });
    await db().update(entries).set({ hotIndex: 9 }).where(eq(entries.id, e.id));
    expect(await copies()).toEqual({ [w]: 9, [v]: 9 });
  });

  it("step aside when an entry in no list could still be best (the sum of the bounds)", async () => {
    const rum = await hasRumIndex(db());
    const [a, b] = [token(), token()];
    // a twice in the title, b in the content: in a's list (size 1), not in b's; both words: 0.82.
    await makeEntry({ title: `${a} 与 ${a}`, content: `提到 ${b}` });
    // b three times in the title, no a: b's list.
    await makeEntry({ title: `${b} ${b} ${b}` });
    // b twice in the title, a in the abstract: in no list, yet the best of both words (0.88).
    const best = await makeEntry({ title: `${b} 和 ${b}`, summary: `${a}` });
    for (const w of [a, b]) await buildChampionList(db(), w, { rum, size: 1 });
    const q = { ...entryQuery([a, b]), offset: 0, limit: 1 };
    const found = await searchEntryPage(db(), q, { window: 1, minTogether: 0 });
    expect(found.path).not.toBe("champions");
    expect(found.rows[0].entry.id).toBe(best.id);
  });

  it("are built by the job for the words the statistics call common, and dropped by a full reindex", async () => {
    const t = token();
    for (let i = 0; i < 30; i++)
      await makeEntry({ title: `常见 ${t} ${i}`, content: `${t} 第 ${i} 篇`.repeat((i % 4) + 1) });
    const built = await refreshChampionLists(db(), { rum: await hasRumIndex(db()), minMatches: 1, size: 5 });
    expect(built.words).toBeGreaterThan(0);
    const q = { ...entryQuery([t]), offset: 0, limit: 20 };
    // The word may be too rare in the shared database to be among the commonest: build it here too.
    await buildChampionList(db(), t, { rum: await hasRumIndex(db()), size: 5 });
    const early = await searchEntryPage(db(), q, { window: 4 });
    expect(early.path).toBe("champions");
    const full = await searchEntryPage(db(), q, { path: "gin", window: 4, champions: false });
    expect(early.rows.map((r) => r.relevance)).toEqual(full.rows.map((r) => r.relevance));
    await reindexAllEntries(db());
    expect((await searchEntryPage(db(), q, { window: 4 })).path).not.toBe("champions");
  }, 120_000);
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
    // One and two characters: no trigram, the name_grams index (migration 0003) finds them.
    expect(await users(han.slice(1, 3))).toContain(zh.user.id);
    expect(await users(han[3])).toContain(zh.user.id);
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
