import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import { CATEGORY_ID, BUILT_IN_TAGS } from "../../../db/reference-data.ts";
import { tags as tagsTable, users as usersTable } from "../../../db/schema/index.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeAdmin, makeArticle, makeDraft, makeUser } from "../../../tests/support/factories.ts";
import type { Caller } from "../deps.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const FRONTEND = CATEGORY_ID.frontend;
const [TAG_A, TAG_B, TAG_C, TAG_D] = BUILT_IN_TAGS.map((t) => t.id);
const MISSING_ID = "0123456789abcdef01234567";

const api = <T = any>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth?: Auth, body?: unknown) =>
  call<T>(nugget.app, method, url, { auth, body });

const callerOf = (auth: Auth | null): Caller => ({
  userId: auth?.uid ?? null,
  sessionId: null,
  ip: "10.0.0.1",
  userAgent: "vitest",
});

async function author() {
  return (await makeUser(nugget)).auth;
}

const draft = (auth: Auth, body: Record<string, unknown> = {}) => makeDraft(nugget, auth, body);

const ARTICLE = [
  "开头一段，介绍 **React** 的状态。",
  "",
  "## 一、安装",
  "",
  "```js",
  "const answer = 42;",
  "```",
  "",
  "## 二、外部链接",
  "",
  "见 https://github.com/facebook/react/issues/123 和 [站内](/post/x)。",
  "",
  '<script>alert("x")</script>',
  "",
  "![图](https://cdn.example.com/a.png)",
].join("\n");

/** A published article of a fresh author, through the API. */
async function published(auth?: Auth, tagIds = [TAG_A]) {
  const who = auth ?? (await author());
  const made = await makeArticle(
    nugget,
    who,
    { title: "React 状态管理实践", content: ARTICLE },
    { categoryId: FRONTEND, tagIds },
  );
  return { auth: who, ...made };
}

const driftOf = async (ids: string[]) =>
  (await findCounterDrift(nugget.database.db, 100_000)).filter((d) => ids.includes(d.id));

describe("login", () => {
  it("every draft and editing call answers 401 without login", async () => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/drafts", {}],
      ["GET", "/api/drafts"],
      ["GET", `/api/drafts/${MISSING_ID}`],
      ["PUT", `/api/drafts/${MISSING_ID}`, { title: "x" }],
      ["DELETE", `/api/drafts/${MISSING_ID}`],
      ["POST", `/api/drafts/${MISSING_ID}/publish`, { categoryId: FRONTEND }],
      ["GET", `/api/posts/${MISSING_ID}/source`],
      ["PUT", `/api/posts/${MISSING_ID}`, { title: "x" }],
      ["DELETE", `/api/posts/${MISSING_ID}`],
      ["POST", "/api/markdown/preview", { content: "# x" }],
    ];
    for (const [method, url, body] of calls) {
      const r = await api(method as "GET", url, undefined, body);
      expect([r.status, r.s], `${method} ${url}`).toEqual([401, 401]);
    }
  });
});

describe("draft lifecycle", () => {
  it("creates, saves, lists, reads and deletes a draft", async () => {
    const auth = await author();
    const d = await draft(auth);
    expect(d).toMatchObject({ title: "", content: "", status: "draft", url: null, tags: [] });

    const saved = await api("PUT", `/api/drafts/${d.id}`, auth, {
      title: "  我的第一篇  ",
      content: "# 你好\n\n正文",
      tagIds: [TAG_A, TAG_B, TAG_A],
    });
    expect(saved.status, saved.m).toBe(200);
    expect(saved.d.title).toBe("我的第一篇");
    expect(saved.d.content).toBe("# 你好\n\n正文");
    expect(saved.d.tags.map((t: { id: string }) => t.id).sort()).toEqual([TAG_A, TAG_B].sort());

    // Only the fields given change.
    const partial = await api("PUT", `/api/drafts/${d.id}`, auth, { content: "改过的正文" });
    expect(partial.d).toMatchObject({ title: "我的第一篇", content: "改过的正文" });
    expect(partial.d.tags).toHaveLength(2);

    const other = await draft(auth, { title: "第二篇" });
    await api("PUT", `/api/drafts/${d.id}`, auth, { content: "再改一次，它应排到最前" });
    const list = await api("GET", "/api/drafts", auth);
    expect(list.d.total).toBe(2);
    expect(list.d.list.map((x: { id: string }) => x.id)).toEqual([d.id, other.id]);
    expect(list.d.list[0]).toMatchObject({ title: "我的第一篇", abstract: "再改一次，它应排到最前" });
    expect(list.d.list[0].content).toBeUndefined();

    const one = await api("GET", `/api/drafts/${d.id}`, auth);
    expect(one.d.content).toBe("再改一次，它应排到最前");

    const del = await api("DELETE", `/api/drafts/${d.id}`, auth);
    expect([del.status, del.d]).toEqual([200, { id: d.id }]);
    expect((await api("GET", `/api/drafts/${d.id}`, auth)).status).toBe(404);
    expect((await api("PUT", `/api/drafts/${d.id}`, auth, { title: "x" })).status).toBe(404);
    expect((await api("DELETE", `/api/drafts/${d.id}`, auth)).status).toBe(404);
    expect((await api("GET", "/api/drafts", auth)).d.total).toBe(1);
  });

  it("pages the drafts list without repeating", async () => {
    const auth = await author();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await draft(auth, { title: `草稿 ${i}` })).id);
    const p1 = await api("GET", "/api/drafts?page=1&pageSize=2", auth);
    const p2 = await api("GET", "/api/drafts?page=2&pageSize=2", auth);
    const p3 = await api("GET", "/api/drafts?page=3&pageSize=2", auth);
    expect([p1.d.canNext, p2.d.canNext, p3.d.canNext]).toEqual([true, true, false]);
    const seen = [...p1.d.list, ...p2.d.list, ...p3.d.list].map((x: { id: string }) => x.id);
    expect(new Set(seen).size).toBe(5);
    expect(seen.sort()).toEqual(ids.sort());
    const bad = await api("GET", "/api/drafts?page=0", auth);
    expect([bad.status, bad.d?.field]).toEqual([400, "page"]);
  });

  it("refuses another user's draft with 404, and answers 404 for missing or malformed ids", async () => {
    const owner = await author();
    const stranger = await author();
    const d = await draft(owner, { title: "私密草稿" });
    for (const [method, url, body] of [
      ["GET", `/api/drafts/${d.id}`],
      ["PUT", `/api/drafts/${d.id}`, { title: "偷改" }],
      ["DELETE", `/api/drafts/${d.id}`],
      ["POST", `/api/drafts/${d.id}/publish`, { categoryId: FRONTEND }],
      ["GET", `/api/posts/${d.id}/source`],
    ] as const) {
      const r = await api(method, url, stranger, body);
      expect([r.status, r.s], `${method} ${url}`).toEqual([404, 404]);
    }
    expect((await api("GET", `/api/drafts/${d.id}`, owner)).d.title).toBe("私密草稿");
    expect((await api("GET", "/api/drafts", stranger)).d.list).toEqual([]);
    expect((await api("GET", `/api/drafts/${MISSING_ID}`, owner)).status).toBe(404);
    expect((await api("GET", "/api/drafts/not-an-id", owner)).status).toBe(404);
  });

  it("validates draft fields, naming the field", async () => {
    const auth = await author();
    const d = await draft(auth);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "长".repeat(101) }, "title"],
      [{ content: "x".repeat(100_001) }, "content"],
      [{ categoryId: MISSING_ID }, "categoryId"],
      [{ tagIds: [MISSING_ID] }, "tagIds"],
      [{ tagIds: [TAG_A, TAG_B, TAG_C, TAG_D] }, "tagIds"],
      [{ tagIds: ["nope"] }, "tagIds.0"],
      [{ title: { text: "x" } }, "title"],
    ];
    for (const [body, field] of cases) {
      const r = await api("PUT", `/api/drafts/${d.id}`, auth, body);
      expect([r.status, r.s, r.d?.field], JSON.stringify(body).slice(0, 60)).toEqual([400, 400, field]);
      expect(r.m).toBeTruthy();
    }
    // A rejected save changes nothing, and creating with bad fields creates nothing.
    expect((await api("GET", `/api/drafts/${d.id}`, auth)).d.title).toBe("");
    expect((await api("POST", "/api/drafts", auth, { tagIds: [MISSING_ID] })).d.field).toBe("tagIds");
    expect((await api("GET", "/api/drafts", auth)).d.total).toBe(1);
    // 100 characters exactly is fine, counted as characters rather than UTF-16 units.
    const ok = await api("PUT", `/api/drafts/${d.id}`, auth, { title: "😀".repeat(100) });
    expect(ok.status, ok.m).toBe(200);
  });
});

describe("publishing", () => {
  it("checks title, content and category, naming the field", async () => {
    const auth = await author();
    const d = await draft(auth);
    const publish = (body: Record<string, unknown>) => api("POST", `/api/drafts/${d.id}/publish`, auth, body);

    let r = await publish({ categoryId: FRONTEND });
    expect([r.status, r.d?.field, r.m]).toEqual([400, "title", "请输入文章标题"]);
    await api("PUT", `/api/drafts/${d.id}`, auth, { title: "   " });
    expect((await publish({ categoryId: FRONTEND })).d.field).toBe("title");

    await api("PUT", `/api/drafts/${d.id}`, auth, { title: "标题", content: " \n\t " });
    r = await publish({ categoryId: FRONTEND });
    expect([r.status, r.d?.field, r.m]).toEqual([400, "content", "请输入文章正文"]);

    await api("PUT", `/api/drafts/${d.id}`, auth, { content: "正文" });
    r = await publish({});
    expect([r.status, r.d?.field, r.m]).toEqual([400, "categoryId", "请选择文章分类"]);
    expect((await publish({ categoryId: MISSING_ID })).d.field).toBe("categoryId");
    expect((await publish({ categoryId: FRONTEND, tagIds: [MISSING_ID] })).d.field).toBe("tagIds");

    // Still a draft after every refusal.
    expect((await api("GET", `/api/drafts/${d.id}`, auth)).d.status).toBe("draft");
    expect((await publish({ categoryId: FRONTEND })).status).toBe(200);
  });

  it("publishes a draft as a column article that feeds, counters and getDetailData all see", async () => {
    const auth = await author();
    const userBefore = await userRow(auth.uid);
    const tagBefore = await tagRow(TAG_B);

    const d = await draft(auth, { title: "发布测试", content: ARTICLE, tagIds: [TAG_B] });
    const r = await api("POST", `/api/drafts/${d.id}/publish`, auth, { categoryId: FRONTEND });
    expect(r.status, r.m).toBe(200);
    const post = r.d;
    expect(post).toMatchObject({
      title: "发布测试",
      type: "post",
      originalUrl: `/post/${post.id}`,
      category: { id: FRONTEND, name: "frontend" },
      user: { id: auth.uid },
      collectionCount: 0,
      commentsCount: 0,
    });
    // Tags come from the draft when the publish call names none.
    expect(post.tags.map((t: { id: string }) => t.id)).toEqual([TAG_B]);
    expect(post.abstract.startsWith("开头一段，介绍 React 的状态。 一、安装 二、外部链接")).toBe(true);
    expect(post.abstract).not.toContain("answer");
    expect(post.id).not.toBe(d.id);

    // The draft is gone; the article is not a draft.
    expect((await api("GET", `/api/drafts/${d.id}`, auth)).status).toBe(404);
    expect((await api("GET", `/api/drafts/${post.id}`, auth)).status).toBe(404);
    expect((await api("POST", `/api/drafts/${d.id}/publish`, auth, { categoryId: FRONTEND })).status).toBe(
      404,
    );

    // Feeds: created at publish time, so it is among the newest whatever else the database holds.
    expect(await inNewestFeed(post.id)).toBe(true);
    expect(await inNewestFeed(post.id, "frontend")).toBe(true);
    expect(await inNewestFeed(post.id, "backend")).toBe(false);

    // Counters follow in the same transaction, and a recount agrees.
    expect((await userRow(auth.uid)).postedPostsCount).toBe(userBefore.postedPostsCount + 1);
    expect((await userRow(auth.uid)).postedEntriesCount).toBe(userBefore.postedEntriesCount + 1);
    expect((await tagRow(TAG_B)).entriesCount).toBe(tagBefore.entriesCount + 1);
    expect(await driftOf([auth.uid, post.id, d.id, TAG_B])).toEqual([]);
  });

  it("a double publish racing an autosave publishes once and never answers 500", async () => {
    const auth = await author();
    const d = await draft(auth, { title: "并发", content: "正文" });
    const replies = await Promise.all([
      api("POST", `/api/drafts/${d.id}/publish`, auth, { categoryId: FRONTEND }),
      api("PUT", `/api/drafts/${d.id}`, auth, { content: "自动保存" }),
      api("POST", `/api/drafts/${d.id}/publish`, auth, { categoryId: FRONTEND }),
    ]);
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect([replies[0], replies[2]].filter((r) => r.status === 200)).toHaveLength(1);
    expect((await userRow(auth.uid)).postedPostsCount).toBe(1);
    expect(await driftOf([auth.uid])).toEqual([]);
  });

  it("serves the article through getDetailData with sanitized HTML", async () => {
    const { post } = await published();
    for (const type of ["entry", "entryView"]) {
      const r = await api("GET", `/api/getDetailData?type=${type}&postId=${post.id}`);
      expect(r.status, r.m).toBe(200);
      const html: string = r.d.html;
      expect(html).toContain('<h2 id="heading-0">一、安装</h2>');
      expect(html).toContain('<h2 id="heading-1">二、外部链接</h2>');
      expect(html).toContain('<code class="hljs language-js"><span class="hljs-keyword">const</span>');
      expect(html).toContain(
        '<a href="https://github.com/facebook/react/issues/123" target="_blank" rel="nofollow noopener noreferrer">https://github.com/facebook/re…</a>',
      );
      expect(html).toContain('<a href="/post/x">站内</a>');
      expect(html).toContain('loading="lazy"');
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain("&lt;script&gt;");
      expect(r.d.toc).toEqual([
        { level: 2, text: "一、安装", id: "heading-0" },
        { level: 2, text: "二、外部链接", id: "heading-1" },
      ]);
      expect(r.d).toMatchObject({ id: post.id, title: "React 状态管理实践", liked: false });
      expect(r.d.user.username).toBeTruthy();
    }
  });

  it("getDetailData answers 404 for drafts, deleted, missing and malformed ids, 400 for a bad type", async () => {
    const auth = await author();
    const d = await draft(auth, { title: "草稿", content: "内容" });
    for (const postId of [d.id, MISSING_ID, "abc"]) {
      const r = await api("GET", `/api/getDetailData?type=entry&postId=${postId}`, auth);
      expect([r.status, r.s], postId).toEqual([404, 404]);
    }
    const r = await api("GET", `/api/getDetailData?type=other&postId=${MISSING_ID}`);
    expect([r.status, r.d?.field]).toEqual([400, "type"]);
    expect((await api("GET", "/api/getDetailData?type=entry")).d.field).toBe("postId");
  });
});

describe("editing a published article", () => {
  it("lets the author change title, content, category and tags, keeping counters exact", async () => {
    const { auth, post } = await published(undefined, [TAG_A, TAG_B]);
    const before = { a: await tagRow(TAG_A), b: await tagRow(TAG_B), c: await tagRow(TAG_C) };

    const source = await api("GET", `/api/posts/${post.id}/source`, auth);
    expect(source.d).toMatchObject({
      id: post.id,
      status: "published",
      url: `/post/${post.id}`,
      content: ARTICLE,
    });

    const r = await api("PUT", `/api/posts/${post.id}`, auth, {
      title: "改过的标题",
      content: "# 新的开头\n\n新的正文",
      categoryId: CATEGORY_ID.backend,
      tagIds: [TAG_B, TAG_C],
    });
    expect(r.status, r.m).toBe(200);
    expect(r.d).toMatchObject({
      title: "改过的标题",
      abstract: "新的开头 新的正文",
      category: { name: "backend" },
    });
    expect(r.d.html).toBe('<h1 id="heading-0">新的开头</h1>\n<p>新的正文</p>\n');
    expect((await api("GET", `/api/getDetailData?type=entry&postId=${post.id}`)).d.html).toBe(r.d.html);

    expect((await tagRow(TAG_A)).entriesCount).toBe(before.a.entriesCount - 1);
    expect((await tagRow(TAG_B)).entriesCount).toBe(before.b.entriesCount);
    expect((await tagRow(TAG_C)).entriesCount).toBe(before.c.entriesCount + 1);
    expect(await driftOf([auth.uid, post.id, TAG_A, TAG_B, TAG_C])).toEqual([]);
  });

  it("keeps the publishing rules and refuses other users with 403", async () => {
    const { auth, post } = await published();
    const stranger = await author();
    for (const [body, field] of [
      [{ title: "" }, "title"],
      [{ title: "长".repeat(101) }, "title"],
      [{ content: "  " }, "content"],
      [{ categoryId: MISSING_ID }, "categoryId"],
    ] as const) {
      const r = await api("PUT", `/api/posts/${post.id}`, auth, body);
      expect([r.status, r.d?.field]).toEqual([400, field]);
    }
    const r = await api("PUT", `/api/posts/${post.id}`, stranger, { title: "偷改" });
    expect([r.status, r.s]).toEqual([403, 403]);
    expect((await api("GET", `/api/posts/${post.id}/source`, stranger)).status).toBe(403);
    expect((await api("PUT", `/api/posts/${MISSING_ID}`, auth, { title: "x" })).status).toBe(404);
    // A draft is not edited through the article call.
    const d = await draft(auth, { title: "草稿" });
    expect((await api("PUT", `/api/posts/${d.id}`, auth, { title: "x" })).status).toBe(404);
    expect((await api("GET", `/api/getDetailData?type=entry&postId=${post.id}`)).d.title).toBe(
      "React 状态管理实践",
    );
  });
});

describe("deleting a published article", () => {
  it("lets its author or an admin delete it, counters let go in the same transaction; editors and other users get 403", async () => {
    const reader = (await makeUser(nugget)).auth;
    for (const deleter of ["author", "admin"] as const) {
      const { auth, post } = await published(undefined, [TAG_A]);
      // Someone likes it: the author's likes-received counter must let go of it too.
      expect((await api("PUT", `/api/user/like/entry/${post.id}`, reader)).s).toBe(1);
      const tagBefore = (await tagRow(TAG_A)).entriesCount;
      expect((await userRow(auth.uid)).postedPostsCount).toBe(1);

      for (const other of [(await makeUser(nugget, { role: "editor" })).auth, reader]) {
        const refused = await api("DELETE", `/api/posts/${post.id}`, other);
        expect([refused.status, refused.s]).toEqual([403, 403]);
      }
      const by = deleter === "author" ? auth : (await makeAdmin(nugget)).auth;
      const r = await api("DELETE", `/api/posts/${post.id}`, by);
      expect([r.status, r.s, r.d]).toEqual([200, 1, { id: post.id, deleted: true }]);

      expect((await api("GET", `/api/getDetailData?type=entry&postId=${post.id}`)).status).toBe(404);
      expect((await api("DELETE", `/api/posts/${post.id}`, by)).status).toBe(404);
      const after = await userRow(auth.uid);
      expect([after.postedPostsCount, after.totalCollectionsCount]).toEqual([0, 0]);
      expect((await tagRow(TAG_A)).entriesCount).toBe(tagBefore - 1);
      expect(await driftOf([auth.uid, post.id, TAG_A])).toEqual([]);
    }
  });

  it("answers 404 for a draft (deleted through /api/drafts), a missing or a malformed id", async () => {
    const auth = await author();
    const admin = (await makeAdmin(nugget)).auth;
    const d = await draft(auth, { title: "草稿" });
    for (const id of [d.id, MISSING_ID, "not-an-id"]) {
      expect((await api("DELETE", `/api/posts/${id}`, admin)).status, id).toBe(404);
    }
  });
});

describe("preview", () => {
  it("renders with the article renderer", async () => {
    const auth = await author();
    const r = await api("POST", "/api/markdown/preview", auth, {
      content: "## 标题\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
    });
    expect(r.status, r.m).toBe(200);
    expect(r.d.html).toContain('<h2 id="heading-0">标题</h2>');
    expect(r.d.html).not.toMatch(/href="javascript|<img/);
    expect(r.d.toc).toEqual([{ level: 2, text: "标题", id: "heading-0" }]);
    const long = await api("POST", "/api/markdown/preview", auth, { content: "x".repeat(100_001) });
    expect([long.status, long.d?.field]).toEqual([400, "content"]);
  });
});

describe("in-process calls (page loaders)", () => {
  it("answers the same rules without HTTP", async () => {
    const { auth, post } = await published();
    const posts = nugget.services.posts;
    expect((await posts.detail(post.id, callerOf(null))).id).toBe(post.id);
    expect((await posts.editable(post.id, callerOf(auth))).status).toBe("published");
    await expect(posts.editable(post.id, callerOf(null))).rejects.toMatchObject({ code: 401 });
    await expect(posts.detail(MISSING_ID, callerOf(null))).rejects.toMatchObject({ code: 404 });
  });
});

/** Walks the newest feed (a few pages) looking for an entry. */
async function inNewestFeed(id: string, category?: string) {
  let pointer: string | undefined;
  for (let page = 0; page < 5; page++) {
    const feed = await nugget.services.entries.feed({ sort: "newest", category, pointer }, callerOf(null));
    if (feed.list.some((e) => e.id === id)) return true;
    if (!feed.canNext || !feed.pointer) return false;
    pointer = feed.pointer;
  }
  return false;
}

async function userRow(id: string) {
  const [row] = await nugget.database.db.select().from(usersTable).where(eq(usersTable.id, id));
  return row;
}

async function tagRow(id: string) {
  const [row] = await nugget.database.db.select().from(tagsTable).where(eq(tagsTable.id, id));
  return row;
}
