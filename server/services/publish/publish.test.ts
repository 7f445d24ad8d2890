import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import { BUILT_IN_TAGS, CATEGORIES } from "../../../db/reference-data.ts";
import { tags, users } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { insertEntry } from "../entries/write.ts";
import { PUBLISH_ATTEMPTS } from "./routes.ts";
import { PUBLISH_QUOTA } from "./schema.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const uniqueUrl = () => `https://example.com/posts/${randomBytes(6).toString("hex")}`;
const [T1, T2, T3, T4, T5, T6] = BUILT_IN_TAGS.map((t) => t.id);
const FRONTEND = CATEGORIES.find((c) => c.name === "frontend")!;
const BACKEND = CATEGORIES.find((c) => c.name === "backend")!;

/** Every entry, user and tag a test touched: drift is checked on these rows only (the database is shared). */
const touched = new Set<string>();

async function user(role?: "editor" | "admin") {
  const u = await registerByEmail(nugget);
  touched.add(u.auth.uid);
  if (role) await db().update(users).set({ role }).where(eq(users.id, u.auth.uid));
  return u;
}

const post = (path: string, auth: Auth | undefined, body: Record<string, unknown>, form = false) =>
  call(nugget.app, "POST", path, { auth, body, form, ip: uniqueIp() });
const get = (path: string, auth?: Auth) => call(nugget.app, "GET", path, { auth, ip: uniqueIp() });

const shareBody = (over: Record<string, unknown> = {}) => ({
  originalUrl: uniqueUrl(),
  title: "一篇值得分享的文章",
  category: "frontend",
  tags: `${T1}|${T2}`,
  content: "  推荐  阅读\n这篇 ",
  extra: "0|1|0|0",
  ...over,
});

async function publish(auth: Auth, over: Record<string, unknown> = {}) {
  const r = await post("/api/entryPublish", auth, shareBody(over));
  expect([r.status, r.s, r.m]).toEqual([200, 1, "success"]);
  touched.add(r.d.entryId);
  return r.d.entryId as string;
}

async function postedCount(uid: string) {
  const [row] = await db().select({ n: users.postedEntriesCount }).from(users).where(eq(users.id, uid));
  return row.n;
}
async function tagCounts(ids: string[]) {
  const rows = await db()
    .select({ id: tags.id, n: tags.entriesCount })
    .from(tags)
    .where(inArray(tags.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}
async function noDriftOnTouchedRows() {
  for (const t of BUILT_IN_TAGS) touched.add(t.id);
  const drift = (await findCounterDrift(db(), 100_000)).filter((d) => touched.has(d.id));
  expect(drift).toEqual([]);
}

describe("POST /api/entryPublish", () => {
  it("needs a login", async () => {
    const r = await post("/api/entryPublish", undefined, shareBody());
    expect([r.status, r.s]).toEqual([401, 401]);
  });

  it("publishes a share from a form, and getEntry shows it to anyone", async () => {
    const u = await user();
    const body = shareBody({ originalUrl: "HTTPS://Example.COM/share/" + randomBytes(4).toString("hex") });
    const r = await post("/api/entryPublish", u.auth, body, true);
    expect([r.status, r.s]).toEqual([200, 1]);
    expect(r.d.entryId).toMatch(/^[0-9a-f]{24}$/);
    touched.add(r.d.entryId);

    const e = await get(`/api/getEntry?entryId=${r.d.entryId}`);
    expect([e.status, e.s]).toEqual([200, 1]);
    expect(e.d).toMatchObject({
      id: r.d.entryId,
      title: "一篇值得分享的文章",
      type: "article",
      originalUrl: body.originalUrl.replace("HTTPS://Example.COM", "https://example.com"),
      content: "推荐  阅读\n这篇",
      abstract: "推荐 阅读 这篇",
      category: { id: FRONTEND.id, name: "frontend" },
      user: { id: u.auth.uid },
      hot: 0,
      vote: false,
      original: true,
      gfw: false,
      english: false,
      extra: "0|1|0|0",
      collectionCount: 0,
      liked: false,
    });
    expect(e.d.tags.map((t: { id: string }) => t.id).sort()).toEqual([T1, T2].sort());
  });

  it("takes JSON too, a category id instead of its name, and no tags, flags or content", async () => {
    const u = await user();
    const r = await post("/api/entryPublish", u.auth, {
      originalUrl: uniqueUrl(),
      title: "JSON",
      category: BACKEND.id,
    });
    expect(r.s).toBe(1);
    touched.add(r.d.entryId);
    const e = await get(`/api/getEntry?entryId=${r.d.entryId}`);
    expect(e.d).toMatchObject({ category: { name: "backend" }, tags: [], extra: "0|0|0|0", content: "" });
  });

  it("moves the author's and the tags' counters with the row, and back on delete", async () => {
    const u = await user();
    const before = await tagCounts([T1, T2]);
    const id = await publish(u.auth);
    expect(await postedCount(u.auth.uid)).toBe(1);
    expect(await tagCounts([T1, T2])).toEqual({ [T1]: before[T1] + 1, [T2]: before[T2] + 1 });
    await noDriftOnTouchedRows();

    const del = await get(`/api/entryDel?entryId=${id}`, u.auth);
    expect([del.status, del.s, del.d]).toEqual([200, 1, { entryId: id }]);
    expect(await postedCount(u.auth.uid)).toBe(0);
    expect(await tagCounts([T1, T2])).toEqual(before);
    await noDriftOnTouchedRows();
  });

  it("rejects bad fields with 400 naming the field, and writes nothing", async () => {
    const u = await user();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: undefined }, "title"],
      [{ title: "长".repeat(101) }, "title"],
      [{ originalUrl: "" }, "originalUrl"],
      [{ originalUrl: undefined }, "originalUrl"],
      [{ originalUrl: "ftp://example.com/a" }, "originalUrl"],
      [{ originalUrl: "javascript:alert(1)" }, "originalUrl"],
      [{ originalUrl: "not a url" }, "originalUrl"],
      [{ originalUrl: `https://example.com/${"a".repeat(2100)}` }, "originalUrl"],
      [{ type: "post" }, "type"],
      [{ type: "vote" }, "type"],
      [{ type: "nonsense" }, "type"],
      [{ category: "no-such-category" }, "category"],
      [{ category: "000000000000000000000000" }, "category"],
      [{ category: "" }, "category"],
      [{ category: undefined }, "category"],
      [{ tags: "not-an-id" }, "tags"],
      [{ tags: `${T1}|ffffffffffffffffffffffff` }, "tags"],
      [{ tags: [T1, T2, T3, T4, T5, T6].join("|") }, "tags"],
      [{ extra: "0|1|0" }, "extra"],
      [{ extra: "0|2|0|0" }, "extra"],
      [{ extra: "0|1|0|0|1" }, "extra"],
      [{ extra: "yes" }, "extra"],
      [{ content: "字".repeat(1001) }, "content"],
      [{ screenshot: "data:image/png;base64,AAAA" }, "screenshot"],
    ];
    for (const [over, field] of cases) {
      const r = await post("/api/entryPublish", u.auth, shareBody(over));
      expect([r.status, r.s, r.d?.field], JSON.stringify(over).slice(0, 80)).toEqual([400, 400, field]);
      expect(r.m).toBeTruthy();
    }
    expect(await postedCount(u.auth.uid)).toBe(0);
  });

  it("accepts the limits exactly, duplicate tag ids once, and type others without a URL", async () => {
    const u = await user();
    const id = await publish(u.auth, {
      title: "长".repeat(100),
      content: "字".repeat(1000),
      tags: [T1, T2, T3, T4, T5, T1].join("|"),
      screenshot: "https://img.example.com/cover.png",
    });
    const e = await get(`/api/getEntry?entryId=${id}`);
    expect(e.d.tags).toHaveLength(5);
    expect(e.d.screenshot).toBe("https://img.example.com/cover.png");
    const other = await publish(u.auth, { type: "others", originalUrl: "" });
    expect((await get(`/api/getEntry?entryId=${other}`)).d).toMatchObject({
      type: "others",
      originalUrl: "",
    });
    await noDriftOnTouchedRows();
  });

  it("answers 409 when the same user shares the same URL again; others may", async () => {
    const a = await user();
    const b = await user();
    const url = uniqueUrl();
    const first = await publish(a.auth, { originalUrl: url });
    const again = await post("/api/entryPublish", a.auth, shareBody({ originalUrl: url }));
    expect([again.status, again.s, again.d?.field]).toEqual([409, 409, "originalUrl"]);
    expect(again.m).toBe("你已经分享过这个链接");
    // The same URL written differently is the same URL.
    const shouty = await post(
      "/api/entryPublish",
      a.auth,
      shareBody({ originalUrl: url.replace("https://example.com", "HTTPS://EXAMPLE.com:443") }),
    );
    expect(shouty.status).toBe(409);
    await publish(b.auth, { originalUrl: url });
    // After deleting, sharing it again is fine.
    expect((await get(`/api/entryDel?entryId=${first}`, a.auth)).s).toBe(1);
    await publish(a.auth, { originalUrl: url });
  });

  it("limits what one user publishes (counting successes only) and how often they try", async () => {
    const a = await user();
    const b = await user();
    // Rejected attempts do not use up the quota.
    expect((await post("/api/entryPublish", a.auth, shareBody({ title: "" }))).status).toBe(400);
    for (let i = 0; i < PUBLISH_QUOTA.max; i++) await publish(a.auth);
    const limited = await post("/api/entryPublish", a.auth, shareBody());
    expect([limited.status, limited.s]).toEqual([429, 429]);
    expect(limited.m).toContain("发布太频繁");
    await publish(b.auth);
    expect(await postedCount(a.auth.uid)).toBe(PUBLISH_QUOTA.max);
    // Raw attempts: the route limit, whatever they carry.
    const c = await user();
    let status = 0;
    for (let i = 0; i <= PUBLISH_ATTEMPTS.max && status !== 429; i++) {
      status = (await post("/api/entryPublish", c.auth, shareBody({ category: "nope" }))).status;
    }
    expect(status).toBe(429);
    expect((await post("/api/entryPublish", b.auth, shareBody({ category: "nope" }))).status).toBe(400);
  });
});

describe("POST /api/entryUpdate", () => {
  it("lets the author change fields and tags; counters follow", async () => {
    const u = await user();
    const id = await publish(u.auth, { tags: `${T1}|${T2}` });
    const before = await tagCounts([T1, T2, T3]);
    const url = uniqueUrl();
    const r = await post("/api/entryUpdate", u.auth, {
      entryId: id,
      title: "改过的标题",
      tags: `${T2}|${T3}`,
      category: "backend",
      extra: "0|0|0|1",
      originalUrl: url,
    });
    expect([r.status, r.s]).toEqual([200, 1]);
    expect(r.d).toMatchObject({ id, title: "改过的标题", originalUrl: url, english: true, original: false });
    expect(r.d.category.name).toBe("backend");
    expect(await tagCounts([T1, T2, T3])).toEqual({
      [T1]: before[T1] - 1,
      [T2]: before[T2],
      [T3]: before[T3] + 1,
    });
    // Untouched fields stay.
    const e = await get(`/api/getEntry?entryId=${id}`);
    expect(e.d.content).toBe("推荐  阅读\n这篇");
    await noDriftOnTouchedRows();
  });

  it("checks fields as publish does", async () => {
    const u = await user();
    const id = await publish(u.auth);
    for (const [over, field] of [
      [{ title: "长".repeat(101) }, "title"],
      [{ title: "" }, "title"],
      [{ category: "nope" }, "category"],
      [{ extra: "1|1" }, "extra"],
      [{ tags: "ffffffffffffffffffffffff" }, "tags"],
      [{ originalUrl: "" }, "originalUrl"],
      [{ entryId: "xyz" }, "entryId"],
      [{ entryId: undefined }, "entryId"],
    ] as [Record<string, unknown>, string][]) {
      const r = await post("/api/entryUpdate", u.auth, { entryId: id, ...over });
      expect([r.status, r.s, r.d?.field], JSON.stringify(over)).toEqual([400, 400, field]);
    }
    const nothing = await post("/api/entryUpdate", u.auth, { entryId: id });
    expect([nothing.status, nothing.d?.field]).toEqual([400, "entryId"]);
    const dup = await publish(u.auth);
    const dupUrl = (await get(`/api/getEntry?entryId=${dup}`)).d.originalUrl;
    const clash = await post("/api/entryUpdate", u.auth, { entryId: id, originalUrl: dupUrl });
    expect([clash.status, clash.d?.field]).toEqual([409, "originalUrl"]);
  });

  it("answers 401, 403 for a foreign entry, 404 for a missing or deleted one", async () => {
    const owner = await user();
    const other = await user();
    const id = await publish(owner.auth);
    expect((await post("/api/entryUpdate", undefined, { entryId: id, title: "x" })).status).toBe(401);
    const foreign = await post("/api/entryUpdate", other.auth, { entryId: id, title: "抢来的" });
    expect([foreign.status, foreign.s]).toEqual([403, 403]);
    const missing = await post("/api/entryUpdate", owner.auth, { entryId: newId(), title: "x" });
    expect([missing.status, missing.s]).toEqual([404, 404]);
    await get(`/api/entryDel?entryId=${id}`, owner.auth);
    const deleted = await post("/api/entryUpdate", owner.auth, { entryId: id, title: "x" });
    expect(deleted.status).toBe(404);
    expect((await get(`/api/getEntry?entryId=${id}`)).status).toBe(404);
  });

  it("lets only editors and admins set hot; an admin may edit anyone's entry", async () => {
    const owner = await user();
    const editor = await user("editor");
    const admin = await user("admin");
    const id = await publish(owner.auth);
    const self = await post("/api/entryUpdate", owner.auth, { entryId: id, hot: "1" });
    expect([self.status, self.s]).toEqual([403, 403]);
    const rec = await post("/api/entryUpdate", editor.auth, { entryId: id, hot: 1 });
    expect([rec.s, rec.d.hot]).toEqual([1, 1]);
    // An editor recommends; editing someone's words is not theirs to do.
    const edit = await post("/api/entryUpdate", editor.auth, { entryId: id, title: "编辑改的" });
    expect(edit.status).toBe(403);
    const bad = await post("/api/entryUpdate", editor.auth, { entryId: id, hot: "2" });
    expect([bad.status, bad.d?.field]).toEqual([400, "hot"]);
    const un = await post("/api/entryUpdate", admin.auth, { entryId: id, hot: "0", title: "管理员改的" });
    expect(un.d).toMatchObject({ hot: 0, title: "管理员改的" });
  });

  it("lets only admins set the campaign tag (spec §6), at publish or on anyone's share; others get 403", async () => {
    const owner = await user();
    const editor = await user("editor");
    const admin = await user("admin");
    // At publish: an admin's own share carries it; anyone else's attempt is refused and writes nothing.
    const mine = await publish(admin.auth, { campaignTag: "  2026 征文  " });
    expect((await get(`/api/getEntry?entryId=${mine}`)).d.campaignTag).toBe("2026 征文");
    const before = await postedCount(owner.auth.uid);
    for (const who of [owner, editor]) {
      const r = await post("/api/entryPublish", who.auth, shareBody({ campaignTag: "征文" }));
      expect([r.status, r.s, r.d?.field]).toEqual([403, 403, "campaignTag"]);
    }
    expect(await postedCount(owner.auth.uid)).toBe(before);

    // On someone's share: an admin marks it and takes it off; the author and an editor may not.
    const id = await publish(owner.auth);
    expect((await get(`/api/getEntry?entryId=${id}`)).d.campaignTag).toBe("");
    for (const who of [owner, editor]) {
      const r = await post("/api/entryUpdate", who.auth, { entryId: id, campaignTag: "征文" });
      expect([r.status, r.s, r.d?.field]).toEqual([403, 403, "campaignTag"]);
    }
    const marked = await post("/api/entryUpdate", admin.auth, { entryId: id, campaignTag: "开源_活动-1" });
    expect([marked.s, marked.d.campaignTag, marked.d.title]).toEqual([
      1,
      "开源_活动-1",
      "一篇值得分享的文章",
    ]);
    const off = await post("/api/entryUpdate", admin.auth, { entryId: id, campaignTag: "" });
    expect(off.d.campaignTag).toBe("");

    // Validated like every field: 400 naming it.
    for (const bad of ["长".repeat(21), "征文|热门", "<b>征文</b>"]) {
      const r = await post("/api/entryUpdate", admin.auth, { entryId: id, campaignTag: bad });
      expect([r.status, r.s, r.d?.field], bad).toEqual([400, 400, "campaignTag"]);
    }
    const tooLong = await post("/api/entryPublish", admin.auth, shareBody({ campaignTag: "x".repeat(201) }));
    expect([tooLong.status, tooLong.d?.field]).toEqual([400, "campaignTag"]);
    expect(
      (await post("/api/entryUpdate", admin.auth, { entryId: id, campaignTag: "长".repeat(20) })).d
        .campaignTag,
    ).toBe("长".repeat(20));
    await noDriftOnTouchedRows();
  });

  it("leaves column articles and votes to their own editors", async () => {
    const u = await user();
    const postRow = await nugget.database.db.transaction((tx) =>
      insertEntry(
        tx,
        { userId: u.auth.uid, categoryId: FRONTEND.id, type: "post", title: "专栏", originalUrl: "/post/x" },
        [],
      ),
    );
    touched.add(postRow.id);
    const r = await post("/api/entryUpdate", u.auth, { entryId: postRow.id, title: "改" });
    expect([r.status, r.d?.field]).toEqual([400, "entryId"]);
    // Campaign tags mark shares only.
    const admin = await user("admin");
    const tagged = await post("/api/entryUpdate", admin.auth, { entryId: postRow.id, campaignTag: "征文" });
    expect([tagged.status, tagged.d?.field]).toEqual([400, "campaignTag"]);
    await noDriftOnTouchedRows();
  });
});

describe("entryDel", () => {
  it("answers 401, 400 for a bad id, 404 for a missing one and 403 for a foreign one", async () => {
    const owner = await user();
    const other = await user();
    const id = await publish(owner.auth);
    expect((await get(`/api/entryDel?entryId=${id}`)).status).toBe(401);
    const bad = await get(`/api/entryDel?entryId=123`, owner.auth);
    expect([bad.status, bad.d?.field]).toEqual([400, "entryId"]);
    expect((await get(`/api/entryDel?entryId=${"z".repeat(24)}`, owner.auth)).status).toBe(400);
    expect((await get(`/api/entryDel?entryId=${newId()}`, owner.auth)).status).toBe(404);
    expect((await get(`/api/entryDel?entryId=${id}`, other.auth)).status).toBe(403);
    expect((await post("/api/entryDel", owner.auth, { entryId: id })).s).toBe(1);
    expect((await get(`/api/entryDel?entryId=${id}`, owner.auth)).status).toBe(404);
    expect(await postedCount(owner.auth.uid)).toBe(0);
  });

  it("lets an admin delete anyone's entry", async () => {
    const owner = await user();
    const admin = await user("admin");
    const id = await publish(owner.auth);
    expect((await get(`/api/entryDel?entryId=${id}`, admin.auth)).s).toBe(1);
    expect(await postedCount(owner.auth.uid)).toBe(0);
    await noDriftOnTouchedRows();
  });

  it("wants the CSRF header on a cookie-authenticated GET", async () => {
    const owner = await user();
    const id = await publish(owner.auth);
    const cookie = `nugget_session=${owner.auth.token}; nugget_csrf=abcdefghijklmnopqrstuvwxyz`;
    const bare = await call(nugget.app, "GET", `/api/entryDel?entryId=${id}`, { headers: { cookie } });
    expect([bare.status, bare.s]).toEqual([403, 403]);
    const noCsrfCookie = await call(nugget.app, "GET", `/api/entryDel?entryId=${id}`, {
      headers: { cookie: `nugget_session=${owner.auth.token}` },
    });
    expect(noCsrfCookie.status).toBe(403);
    const withHeader = await call(nugget.app, "GET", `/api/entryDel?entryId=${id}`, {
      headers: { cookie, "x-csrf-token": "abcdefghijklmnopqrstuvwxyz" },
    });
    expect(withHeader.s).toBe(1);
  });
});

describe("getEntry and get_entry_by_url", () => {
  it("getEntry: 400 for a bad id, 404 for a missing one", async () => {
    const bad = await get("/api/getEntry?entryId=nope");
    expect([bad.status, bad.s, bad.d?.field]).toEqual([400, 400, "entryId"]);
    expect((await get("/api/getEntry")).status).toBe(400);
    expect((await get(`/api/getEntry?entryId=${newId()}`)).status).toBe(404);
  });

  it("finds the first share of a URL, comparing URLs normalized; null when none", async () => {
    const a = await user();
    const b = await user();
    const url = uniqueUrl();
    const first = await publish(a.auth, { originalUrl: url });
    await publish(b.auth, { originalUrl: url });
    const r = await get(
      `/api/get_entry_by_url?url=${encodeURIComponent(url.replace("https://example.com", "https://EXAMPLE.com"))}`,
    );
    expect([r.status, r.s, r.d?.id]).toEqual([200, 1, first]);
    const none = await get(`/api/get_entry_by_url?url=${encodeURIComponent(uniqueUrl())}`);
    expect([none.s, none.d]).toEqual([1, null]);
    expect((await get(`/api/get_entry_by_url?url=`)).d?.field).toBe("url");
  });
});

describe("the viewer's published list", () => {
  it("pages newest first by keyset, never repeating or skipping while new entries arrive", async () => {
    const u = await user();
    const other = await user();
    await publish(other.auth);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish(u.auth, { title: `第 ${i} 篇`, tags: `${T1}|${T4}` }));
    const gone = await publish(u.auth);
    await get(`/api/entryDel?entryId=${gone}`, u.auth);
    const caller = { userId: u.auth.uid, sessionId: null, ip: "10.0.0.1", userAgent: "" };
    const service = nugget.services.publish;

    const seen: string[] = [];
    let page = await service.mine({ limit: 2 }, caller);
    seen.push(...page.list.map((e) => e.id));
    // A new entry arrives between pages: it belongs above the pointer, not in the next page.
    const late = await publish(u.auth);
    while (page.canNext) {
      page = await service.mine({ limit: 2, before: page.pointer! }, caller);
      seen.push(...page.list.map((e) => e.id));
    }
    expect(seen).toEqual([...ids].reverse());
    const fresh = await service.mine({}, caller);
    expect(fresh.list.map((e) => e.id)).toEqual([late, ...[...ids].reverse()]);
    expect(fresh.list[1].tags.map((t) => t.id).sort()).toEqual([T1, T4].sort());
    expect(fresh.list[1].user.id).toBe(u.auth.uid);
    await expect(service.mine({ before: "garbage" }, caller)).rejects.toMatchObject({
      code: 400,
      field: "before",
    });
    await expect(service.mine({}, { ...caller, userId: null })).rejects.toMatchObject({ code: 401 });
  });
});

describe("counters after all of the above", () => {
  it("findCounterDrift reports nothing for the rows these tests wrote", async () => {
    await noDriftOnTouchedRows();
  });
});
