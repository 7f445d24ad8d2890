import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { makeBareUser, makeRepo as makeRepoOf } from "../../../tests/support/factories.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import { repos, showcaseRepos, showcases, type RepoLanguage } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { presentLanguageList } from "./present.ts";
import { fromGitHub, githubSource, importRepos, jsonSource, languageListFrom } from "./source.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (url: string, body: unknown, auth?: Auth) => call(nugget.app, "POST", url, { body, auth });
const del = (url: string, auth?: Auth) => call(nugget.app, "DELETE", url, { auth });
const hex = (n = 4) => randomBytes(n).toString("hex");

/** A language no other test or seed uses: assertions on it are exact whatever the database holds. */
const uniqueLanguage = () => `Lang${hex()}`;

const makeRepo = (fields: Partial<typeof repos.$inferInsert> = {}) => makeRepoOf(db(), fields);
/** Translators only need to exist. */
const makeUser = () => makeBareUser(db());

async function driftOf(id: string) {
  return (await findCounterDrift(db(), 100_000)).filter(
    (d) => d.id === id && d.counter === "repos.comments_count",
  );
}

describe("get_trending", () => {
  it("lists one language by the window's stars, each window in its own order", async () => {
    const lang = uniqueLanguage();
    const a = await makeRepo({ language: lang, dailyStars: 30, weeklyStars: 10, monthlyStars: 200 });
    const b = await makeRepo({ language: lang, dailyStars: 20, weeklyStars: 300, monthlyStars: 100 });
    const c = await makeRepo({ language: lang, dailyStars: 10, weeklyStars: 200, monthlyStars: 300 });
    const order = async (since: string) => {
      const r = await get(`/api/get_trending?lang=${lang}&since=${since}`);
      expect(r.status).toBe(200);
      expect(r.s).toBe(1);
      expect(r.d.since).toBe(since);
      expect(r.d.lang).toBe(lang);
      return r.d.list.map((x: { id: string; periodStars: number }) => [x.id, x.periodStars]);
    };
    expect(await order("daily")).toEqual([
      [a.id, 30],
      [b.id, 20],
      [c.id, 10],
    ]);
    expect(await order("weekly")).toEqual([
      [b.id, 300],
      [c.id, 200],
      [a.id, 10],
    ]);
    expect(await order("monthly")).toEqual([
      [c.id, 300],
      [a.id, 200],
      [b.id, 100],
    ]);
  });

  it("defaults to daily and all languages, sorted by stars then newest", async () => {
    await makeRepo({ language: uniqueLanguage(), dailyStars: 7 });
    const r = await get("/api/get_trending?limit=100");
    expect(r.s).toBe(1);
    expect(r.d.since).toBe("daily");
    expect(r.d.lang).toBe("all");
    const list: { id: string; periodStars: number; dailyStars: number; readme?: string }[] = r.d.list;
    expect(list.length).toBeGreaterThan(0);
    for (let i = 1; i < list.length; i++) {
      const [p, q] = [list[i - 1], list[i]];
      expect(p.periodStars > q.periodStars || (p.periodStars === q.periodStars && p.id > q.id)).toBe(true);
    }
    expect(list.every((x) => x.periodStars === x.dailyStars && x.readme === undefined)).toBe(true);
    // "all" spelled out and an empty lang are the default too.
    expect((await get("/api/get_trending?lang=all&since=daily&limit=100")).d.list).toEqual(list);
    expect((await get("/api/get_trending?lang=&since=&limit=100")).d.list).toEqual(list);
  });

  it("matches the language case-insensitively and answers the stored spelling", async () => {
    const lang = uniqueLanguage();
    const a = await makeRepo({ language: lang, dailyStars: 1 });
    const r = await get(`/api/get_trending?lang=${lang.toLowerCase()}`);
    expect(r.d.lang).toBe(lang);
    expect(r.d.list.map((x: { id: string }) => x.id)).toEqual([a.id]);
    // Spec §7's own parameter name, which wins over lang.
    const spec = await get(`/api/get_trending?language=${lang.toLowerCase()}&lang=all`);
    expect([spec.d.lang, spec.d.list.map((x: { id: string }) => x.id)]).toEqual([lang, [a.id]]);
    expect((await get("/api/get_trending?language=NoSuchLanguage")).status).toBe(404);
  });

  it("limits the list", async () => {
    const lang = uniqueLanguage();
    for (let i = 0; i < 4; i++) await makeRepo({ language: lang, dailyStars: i });
    expect((await get(`/api/get_trending?lang=${lang}&limit=2`)).d.list).toHaveLength(2);
    const bad = await get(`/api/get_trending?lang=${lang}&limit=0`);
    expect([bad.status, bad.s, bad.d.field]).toEqual([400, 400, "limit"]);
  });

  it("is not found for a since other than daily, weekly, monthly (spec §8)", async () => {
    for (const since of ["yearly", "DAILY", "1"]) {
      const r = await get(`/api/get_trending?since=${since}`);
      expect([r.status, r.s, r.d]).toEqual([404, 404, null]);
      expect(r.m).toBe("没有这个时间范围的趋势榜");
    }
  });

  it("is not found for an unknown language (spec §8)", async () => {
    const r = await get(`/api/get_trending?lang=${uniqueLanguage()}`);
    expect([r.status, r.s, r.d]).toEqual([404, 404, null]);
    expect(r.m).toBe("没有这种语言的趋势榜");
  });

  it("lists the known languages with their repo counts", async () => {
    const lang = uniqueLanguage();
    await makeRepo({ language: lang, colour: "#123456" });
    await makeRepo({ language: lang, colour: "#123456" });
    const r = await get("/api/get_trending_languages");
    expect(r.s).toBe(1);
    expect(r.d).toContainEqual({ title: lang, colour: "#123456", repoCount: 2 });
    expect(r.d.some((l: { title: string }) => l.title === "")).toBe(false);
    for (let i = 1; i < r.d.length; i++)
      expect(r.d[i - 1].repoCount).toBeGreaterThanOrEqual(r.d[i].repoCount);
  });
});

describe("get_repo_detail and repo by id", () => {
  it("presents the repo of spec §3 with readme, languages and five translators", async () => {
    const translators = [];
    for (let i = 0; i < 7; i++) translators.push(await makeUser());
    const languageList: RepoLanguage[] = [
      { title: "CSS", lineCount: 50, colour: "#563d7c", proportion: 0.05 },
      { title: "Go", lineCount: 7000, colour: "#00ADD8", proportion: 70 },
      { title: "Shell", lineCount: 100, colour: "#89e051", proportion: 0.1 },
      { title: "HTML", lineCount: 2985, colour: "#e34c26", proportion: 29.85 },
    ];
    const pushed = new Date("2026-01-02T03:04:05.000Z");
    // Stored as given and answered as stored.
    const asStored = {
      description: "The Go programming language",
      language: "Go",
      colour: "#00ADD8",
      watchCount: 3,
      starCount: 125000,
      forkCount: 17000,
      translatorIdList: translators,
      translation: { title: "Go", description: "Go 编程语言。" },
      license: { name: "BSD-3-Clause", url: "https://choosealicense.com/licenses/bsd-3-clause/" },
    };
    const repo = await makeRepo({
      name: `golang${hex()}/go`,
      readme: "# Go\n\n**快**而且简单。<script>alert(1)</script>\n\n[link](javascript:alert(1))",
      languageList,
      commitedAt: pushed,
      ...asStored,
    });
    const r = await get(`/api/get_repo_detail?id=${repo.id}`);
    expect(r.status).toBe(200);
    const d = r.d;
    expect(d).toMatchObject({
      id: repo.id,
      originalId: repo.originalId,
      url: repo.url,
      name: repo.name,
      ...asStored,
      user: repo.owner,
      commitedAt: pushed.toISOString(),
      commentsCount: 0,
    });
    expect(d.languageList.map((l: RepoLanguage) => l.title)).toEqual(["Go", "HTML", "Shell"]);
    expect(d.translators.map((u: { id: string }) => u.id)).toEqual(translators.slice(0, 5));
    expect(d.translators[0]).toHaveProperty("username");
    expect(d.readme).toContain("<script>");
    expect(d.readmeHtml).toContain("<strong>快</strong>");
    expect(d.readmeHtml).not.toContain("<script");
    expect(d.readmeHtml).not.toContain('href="javascript');

    const byId = await get(`/api/repo/${repo.id}`);
    expect(byId.s).toBe(1);
    const { readmeHtml: _html, ...withoutHtml } = d;
    expect(byId.d).toEqual(withoutHtml);
  });

  it("skips translators who no longer exist and shows a repo without licence or push time", async () => {
    const kept = await makeUser();
    const repo = await makeRepo({ translatorIdList: [newId(), kept], license: null, commitedAt: null });
    const r = await get(`/api/get_repo_detail?id=${repo.id}`);
    expect(r.d.translators.map((u: { id: string }) => u.id)).toEqual([kept]);
    expect(r.d).toMatchObject({ license: null, commitedAt: null, translation: null, readmeHtml: "" });
  });

  it("answers 404 for an unknown id and 400 naming id for a malformed one", async () => {
    for (const url of [`/api/get_repo_detail?id=${newId()}`, `/api/repo/${newId()}`]) {
      const r = await get(url);
      expect([r.status, r.s, r.m]).toEqual([404, 404, "开源库不存在"]);
    }
    for (const url of ["/api/get_repo_detail?id=nope", "/api/repo/nope", "/api/get_repo_detail"]) {
      const r = await get(url);
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, "id"]);
    }
  });
});

describe("languageList", () => {
  const language = fc.record({
    title: fc.string({ minLength: 1, maxLength: 12 }),
    lineCount: fc.nat(1_000_000),
    colour: fc.constant("#cccccc"),
    proportion: fc.oneof(
      fc.double({ min: 0, max: 100, noNaN: true }),
      fc.constantFrom(0, 0.05, 0.099, 0.1, 0.1000001, 50),
    ),
  });

  it("drops entries below 0.1% and sorts the rest by proportion, descending (property)", () => {
    fc.assert(
      fc.property(fc.array(language, { maxLength: 20 }), (list) => {
        const shown = presentLanguageList(list);
        expect(shown.every((l) => l.proportion >= 0.1)).toBe(true);
        expect(shown).toHaveLength(list.filter((l) => l.proportion >= 0.1).length);
        for (let i = 1; i < shown.length; i++) {
          expect(shown[i - 1].proportion).toBeGreaterThanOrEqual(shown[i].proportion);
        }
        // Stable whatever the stored order: presenting a shuffled copy gives the same list.
        expect(presentLanguageList([...list].reverse())).toEqual(shown);
      }),
    );
  });

  it("computes proportions from code sizes: kept ≥ 0.1, descending, summing to about 100 (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.nat(10_000_000), { maxKeys: 15 }),
        (sizes) => {
          const list = languageListFrom(sizes);
          const total = Object.values(sizes).reduce((a, b) => a + b, 0);
          expect(list.every((l) => l.proportion >= 0.1 && l.proportion <= 100)).toBe(true);
          for (let i = 1; i < list.length; i++) {
            expect(list[i - 1].proportion).toBeGreaterThanOrEqual(list[i].proportion);
          }
          if (total > 0) {
            const sum = list.reduce((a, l) => a + l.proportion, 0);
            // Rounding to one decimal and dropping tiny entries moves the sum a little, never far.
            expect(sum).toBeGreaterThan(100 - 0.1 * Object.keys(sizes).length - 0.05 * list.length - 1e-9);
            expect(sum).toBeLessThan(100 + 0.05 * list.length + 1e-9);
          } else {
            expect(list).toEqual([]);
          }
        },
      ),
    );
  });
});

describe("get_showcases", () => {
  it("answers the first 5 by order with langCount, repoCount and a preview", async () => {
    const lang = uniqueLanguage();
    const members = [
      await makeRepo({ language: lang }),
      await makeRepo({ language: uniqueLanguage() }),
      await makeRepo({ language: lang }),
    ];
    // Orders far below the seed's (0…) so these are the first ones in any database.
    const base = -1_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = newId();
      ids.push(id);
      await db()
        .insert(showcases)
        .values({
          id,
          title: `精选${i}`,
          description: "测试精选集",
          order: base + i,
          repoCount: i === 0 ? 3 : 0,
          langCount: i === 0 ? 2 : 0,
        });
    }
    await db()
      .insert(showcaseRepos)
      .values(members.map((m, i) => ({ showcaseId: ids[0], repoId: m.id, order: 2 - i })));
    const r = await get("/api/get_showcases");
    expect(r.s).toBe(1);
    expect(r.d.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 5));
    expect(r.d[0]).toMatchObject({ title: "精选0", description: "测试精选集", langCount: 2, repoCount: 3 });
    expect(r.d[0].repos.map((x: { id: string }) => x.id)).toEqual(members.map((m) => m.id).reverse());
    expect(r.d[1].repos).toEqual([]);
    const drift = (await findCounterDrift(db(), 100_000)).filter((d) => ids.includes(d.id));
    expect(drift).toEqual([]);
    await db()
      .delete(showcases)
      .where(eq(showcases.order, base + 5));
    for (const id of ids) await db().delete(showcases).where(eq(showcases.id, id));
  });
});

describe("repo comments", () => {
  it("posts, replies, lists and deletes through the comment service; commentsCount follows the rows", async () => {
    const repo = await makeRepo({ language: uniqueLanguage() });
    const alice = await registerByEmail(nugget);
    const bob = await registerByEmail(nugget);

    const first = await post(
      "/api/comment",
      { targetType: "repo", targetId: repo.id, content: " 好库！ " },
      alice.auth,
    );
    expect(first.s).toBe(1);
    const rootId = first.d.commentId;
    const reply = await post(
      "/api/comment",
      { targetType: "repo", targetId: repo.id, content: "同意", firstComment: rootId, respComment: rootId },
      bob.auth,
    );
    expect(reply.s).toBe(1);
    await post("/api/comment", { targetType: "repo", targetId: repo.id, content: "第二条" }, bob.auth);

    const list = await get(`/api/comments/repo/${repo.id}`);
    expect(list.s).toBe(1);
    expect(list.d.count).toBe(3);
    expect(list.d.comments.map((c: { content: string }) => c.content)).toEqual(["第二条", "好库！"]);
    const root = list.d.comments[1];
    expect(root.user.id).toBe(alice.user.id);
    expect(root.topSubCommentList.map((c: { id: string }) => c.id)).toEqual([reply.d.commentId]);

    const replies = await get(`/api/comments/repo/${repo.id}/comment/${rootId}`);
    expect(replies.d.comments.map((c: { content: string }) => c.content)).toEqual(["同意"]);

    expect((await get(`/api/get_repo_detail?id=${repo.id}`)).d.commentsCount).toBe(3);
    expect(await driftOf(repo.id)).toEqual([]);

    expect((await del(`/api/comment/${reply.d.commentId}`, bob.auth)).s).toBe(1);
    expect((await get(`/api/repo/${repo.id}`)).d.commentsCount).toBe(2);
    expect((await get(`/api/comments/repo/${repo.id}`)).d.count).toBe(2);
    expect(await driftOf(repo.id)).toEqual([]);
  });

  it("rejects comments on an unknown repo, by visitors, and lists of an unknown repo", async () => {
    const alice = await registerByEmail(nugget);
    const missing = await post(
      "/api/comment",
      { targetType: "repo", targetId: newId(), content: "x" },
      alice.auth,
    );
    expect([missing.status, missing.s]).toEqual([404, 404]);
    const repo = await makeRepo();
    const visitor = await post("/api/comment", { targetType: "repo", targetId: repo.id, content: "x" });
    expect([visitor.status, visitor.s]).toEqual([401, 401]);
    expect((await get(`/api/comments/repo/${newId()}`)).s).toBe(404);
    const bad = await get("/api/comments/repo/nope");
    expect([bad.status, bad.d.field]).toEqual([400, "repoId"]);
    expect(await driftOf(repo.id)).toEqual([]);
  });
});

describe("importing repos", () => {
  const imported = (name: string, stars: number) => ({
    originalId: `json-${name}`,
    url: `https://github.com/${name}`,
    name,
    description: "Imported",
    language: "Rust",
    watchCount: 1,
    starCount: stars,
    forkCount: 2,
    dailyStars: 5,
    languages: { Rust: 9_000, Shell: 990, Makefile: 5 },
    owner: { username: name.split("/")[0], avatar: "", url: `https://github.com/${name.split("/")[0]}` },
    commitedAt: "2026-03-01T00:00:00.000Z",
  });

  it("upserts by originalId: one row, counts refreshed, comments and translation kept", async () => {
    const name = `imp${hex()}/tool`;
    const [first] = await importRepos(db(), jsonSource([imported(name, 10)]));
    await db()
      .update(repos)
      .set({ translation: { title: "工具", description: "译文" } })
      .where(eq(repos.id, first.id));
    const alice = await registerByEmail(nugget);
    await post("/api/comment", { targetType: "repo", targetId: first.id, content: "赞" }, alice.auth);
    const [again] = await importRepos(db(), jsonSource([imported(name, 99)]));
    expect(again.id).toBe(first.id);
    const d = (await get(`/api/repo/${first.id}`)).d;
    expect(d).toMatchObject({ starCount: 99, commentsCount: 1, colour: "#dea584" });
    expect(d.translation).toEqual({ title: "工具", description: "译文" });
    expect(d.languageList.map((l: RepoLanguage) => [l.title, l.proportion])).toEqual([
      ["Rust", 90],
      ["Shell", 9.9],
    ]);
    expect(await driftOf(first.id)).toEqual([]);
  });

  it("rejects a malformed file naming the path", async () => {
    await expect(importRepos(db(), jsonSource([{ ...imported("a/b", 1), starCount: -1 }]))).rejects.toThrow(
      /\/0\/starCount/,
    );
  });

  it("maps GitHub's REST answers (stub fetch) to our fields", async () => {
    const now = new Date("2026-05-01T00:00:00Z");
    const day = 86_400_000;
    const responses: Record<string, unknown> = {
      "/repos/octo/hello": {
        id: 42,
        html_url: "https://github.com/octo/hello",
        full_name: "octo/hello",
        description: null,
        language: "TypeScript",
        stargazers_count: 3,
        forks_count: 1,
        subscribers_count: 2,
        pushed_at: "2026-04-30T12:00:00Z",
        license: { spdx_id: "MIT", name: "MIT License" },
        owner: {
          login: "octo",
          avatar_url: "https://avatars.example/octo",
          html_url: "https://github.com/octo",
        },
      },
      "/repos/octo/hello/languages": { TypeScript: 800, CSS: 200 },
      "/repos/octo/hello/readme": "# Hello",
      "/repos/octo/hello/stargazers?per_page=100&page=1": [
        { starred_at: new Date(now.getTime() - 40 * day).toISOString() },
        { starred_at: new Date(now.getTime() - 3 * day).toISOString() },
        { starred_at: new Date(now.getTime() - day / 2).toISOString() },
      ],
    };
    const fetchImpl = (async (url: string) => {
      const body = responses[url.replace("https://api.github.com", "")];
      if (body === undefined) return new Response("", { status: 404 });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    const [repo] = await githubSource({ names: ["octo/hello"], fetchImpl, now: () => now }).fetchRepos();
    expect(repo).toEqual(
      fromGitHub(responses["/repos/octo/hello"] as never, {
        languages: { TypeScript: 800, CSS: 200 },
        readme: "# Hello",
        stars: { daily: 1, weekly: 2, monthly: 2 },
      }),
    );
    expect(repo).toMatchObject({
      originalId: "42",
      name: "octo/hello",
      description: "",
      watchCount: 2,
      starCount: 3,
      dailyStars: 1,
      weeklyStars: 2,
      monthlyStars: 2,
      license: { name: "MIT", url: "https://choosealicense.com/licenses/mit/" },
      owner: { username: "octo", avatar: "https://avatars.example/octo", url: "https://github.com/octo" },
    });
  });
});
