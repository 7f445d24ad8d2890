import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { bookletKit } from "../../../tests/support/booklets.ts";
import { call, openApiPaths } from "../../../tests/support/client.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const { get, post, put, touched, register, author, makeBooklet, drift, bookletRow, userRow } = bookletKit(
  () => nugget,
);

describe("booklet authoring", () => {
  it("lets booklet authors write and publish; others get 401/403, bad fields 400 naming the field", async () => {
    const a = await author();
    const plain = await register();
    expect((await post("/api/booklets", { title: "x" })).status).toBe(401);
    expect((await post("/api/booklets", { title: "x" }, plain.auth)).status).toBe(403);
    const noTitle = await post("/api/booklets", { title: "   " }, a.auth);
    expect([noTitle.status, noTitle.d.field]).toEqual([400, "title"]);
    const badCat = await post("/api/booklets", { title: "好书", category: "cooking" }, a.auth);
    expect([badCat.status, badCat.d.field]).toEqual([400, "category"]);
    const badPrice = await post("/api/booklets", { title: "好书", price: -1 }, a.auth);
    expect([badPrice.status, badPrice.d.field]).toEqual([400, "price"]);
    const badCover = await post("/api/booklets", { title: "好书", cover: "javascript:alert(1)" }, a.auth);
    expect([badCover.status, badCover.d.field]).toEqual([400, "cover"]);

    const draft = await post("/api/booklets", { title: "草稿小册", price: 990 }, a.auth);
    expect(draft.d).toMatchObject({ title: "草稿小册", price: 990, isDraft: true, isAuthor: true });
    touched.add(draft.d.id);
    // A draft is the author's alone.
    expect((await get(`/api/booklets/get?bookletId=${draft.d.id}`, plain.auth)).status).toBe(404);
    expect((await get(`/api/booklets/get?bookletId=${draft.d.id}`, a.auth)).s).toBe(1);
    // Publishing needs a section.
    const empty = await put("/api/booklets/isDraft", { bookletId: draft.d.id, isDraft: false }, a.auth);
    expect([empty.status, empty.d.field]).toEqual([400, "isDraft"]);
    expect((await post(`/api/booklets/${draft.d.id}/sections`, { title: "一" }, plain.auth)).status).toBe(
      404,
    );
    expect((await put(`/api/booklets/${draft.d.id}`, { title: "改" }, plain.auth)).status).toBe(404);

    const { id } = await makeBooklet(a.auth);
    expect((await userRow(a.user.id)).bookletCount).toBe(1);
    expect((await put(`/api/booklets/${id}`, { title: "别人改" }, plain.auth)).status).toBe(403);
    const edited = await put(`/api/booklets/${id}`, { summary: "新的简介" }, a.auth);
    expect(edited.d.summary).toBe("新的简介");
    expect(await drift()).toEqual([]);
  });

  it("hot is for admins; free sections for admins and the author", async () => {
    const a = await author();
    const admin = await register({ role: "admin" });
    const other = await register();
    const { id, sections } = await makeBooklet(a.auth);
    expect((await put("/api/booklets/isHot", { bookletId: id, isHot: true }, a.auth)).status).toBe(403);
    expect((await put("/api/booklets/isHot", { bookletId: id, isHot: true })).status).toBe(401);
    expect(
      (await put("/api/booklets/isHot", { bookletId: "0".repeat(24), isHot: true }, admin.auth)).status,
    ).toBe(404);
    const bad = await put("/api/booklets/isHot", { bookletId: "nope", isHot: true }, admin.auth);
    expect([bad.status, bad.d.field]).toEqual([400, "bookletId"]);
    expect((await put("/api/booklets/isHot", { bookletId: id, isHot: true }, admin.auth)).d.isHot).toBe(true);
    const hot = await get("/api/booklets/getHot?limit=50");
    expect(hot.d.map((b: { id: string }) => b.id)).toContain(id);

    expect(
      (await put("/api/booklets/isFreeSection", { sectionId: sections[2], isFree: true }, other.auth)).status,
    ).toBe(403);
    expect(
      (await put("/api/booklets/isFreeSection", { sectionId: sections[2], isFree: true }, admin.auth)).d
        .isFree,
    ).toBe(true);
    expect(
      (await put("/api/booklets/isFreeSection", { sectionId: sections[1], isFree: true }, a.auth)).d.isFree,
    ).toBe(true);
    const list = await get(`/api/booklets/getListSection?bookletId=${id}`);
    expect(list.d.map((s: { isFree: boolean }) => s.isFree)).toEqual([true, true, true]);
  });

  it("takes §7's GET forms; a cookie-authenticated GET that changes a flag needs the CSRF header", async () => {
    const a = await author();
    const admin = await register({ role: "admin" });
    const { id, sections } = await makeBooklet(a.auth, { free: 1 });
    // With the API token, as a client written against §7 sends them.
    expect((await get(`/api/booklets/isHot?bookletId=${id}&isHot=true`, admin.auth)).d.isHot).toBe(true);
    expect((await get(`/api/booklets/isHot?bookletId=${id}&isHot=true`, a.auth)).status).toBe(403);
    const free = await get(`/api/booklets/isFreeSection?sectionId=${sections[1]}&isFree=true`, a.auth);
    expect(free.d.isFree).toBe(true);
    const badId = await get(`/api/booklets/isHot?bookletId=nope&isHot=true`, admin.auth);
    expect([badId.status, badId.d.field]).toEqual([400, "bookletId"]);

    // With the session cookie: another site's link carries the cookie, not the CSRF header.
    const csrf = "csrf-token-of-this-browser-0002";
    const cookie = `nugget_session=${admin.auth.token}; nugget_csrf=${csrf}`;
    const url = `/api/booklets/isHot?bookletId=${id}&isHot=false`;
    const forged = await call(nugget.app, "GET", url, { headers: { cookie } });
    expect([forged.status, forged.s]).toEqual([403, 403]);
    expect((await bookletRow(id)).isHot).toBe(true);
    const fromOurPage = await call(nugget.app, "GET", url, { headers: { cookie, "x-csrf-token": csrf } });
    expect([fromOurPage.s, fromOurPage.d.isHot]).toEqual([1, false]);

    // The view counters change nothing anyone owns: open to all, as their POST forms are.
    const before = (await bookletRow(id)).viewCount;
    expect((await get(`/api/booklets/viewCountDetail?bookletId=${id}`)).d.viewCount).toBe(before + 1);
    const read = await get(`/api/booklets/viewCountContent?sectionId=${sections[0]}`);
    expect([read.s, typeof read.d.viewCount]).toEqual([1, "number"]);
    expect((await get(`/api/booklets/viewCountContent?sectionId=${"0".repeat(24)}`)).status).toBe(404);
  });
});

describe("booklet reading", () => {
  it("answers info, sections with free marks, and section content only to those who may read it", async () => {
    const a = await author();
    const reader = await register();
    const admin = await register({ role: "admin" });
    const { id, sections } = await makeBooklet(a.auth, { sections: 3, free: 1 });

    const info = await get(`/api/booklets/get?bookletId=${id}`, reader.auth);
    expect(info.d).toMatchObject({
      id,
      price: 1990,
      sectionsCount: 3,
      bought: false,
      canRead: false,
      isDraft: false,
    });
    expect(info.d.user).toMatchObject({ id: a.user.id, username: a.username });
    expect(info.d.category).toMatchObject({ name: "frontend" });
    expect((await get(`/api/booklets/get?bookletId=${"0".repeat(24)}`)).status).toBe(404);
    const badId = await get(`/api/booklets/get?bookletId=xyz`);
    expect([badId.status, badId.d.field]).toEqual([400, "bookletId"]);

    const list = await get(`/api/booklets/getListSection?bookletId=${id}`, reader.auth);
    expect(list.d.map((s: { isFree: boolean; readable: boolean }) => [s.isFree, s.readable])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(list.d[0].content).toBeUndefined();

    const free = await get(`/api/booklets/getSection?sectionId=${sections[0]}`);
    expect(free.s).toBe(1);
    expect(free.d.html).toContain("<strong>0</strong>");
    expect(free.d.html).not.toContain("<script");
    expect((await get(`/api/booklets/getSection?sectionId=${sections[1]}`)).status).toBe(401);
    const locked = await get(`/api/booklets/getSection?sectionId=${sections[1]}`, reader.auth);
    expect([locked.status, locked.m]).toEqual([403, "购买后阅读"]);
    expect((await get(`/api/booklets/getSection?sectionId=${sections[1]}`, a.auth)).s).toBe(1);
    expect((await get(`/api/booklets/getSection?sectionId=${sections[1]}`, admin.auth)).s).toBe(1);
    expect((await get(`/api/booklets/getSection?sectionId=${"0".repeat(24)}`)).status).toBe(404);

    expect((await post("/api/booklets/viewCountDetail", { bookletId: id })).d).toEqual({ viewCount: 1 });
    expect((await post("/api/booklets/viewCountContent", { sectionId: sections[0] })).d).toEqual({
      viewCount: 1,
    });
    expect((await post("/api/booklets/viewCountDetail", { bookletId: "0".repeat(24) })).status).toBe(404);
  });

  it("lists by category and sort with a keyset pointer that neither repeats nor skips", async () => {
    const a = await author();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await makeBooklet(a.auth, { sections: 1, category: "ai" })).id);
    const seen: string[] = [];
    let pointer: string | null = null;
    for (let page = 0; page < 10; page++) {
      const url: string = `/api/booklets/getList?category=ai&userId=${a.user.id}&limit=2${pointer ? `&pointer=${pointer}` : ""}`;
      const r = await get(url);
      expect(r.s).toBe(1);
      seen.push(...r.d.list.map((b: { id: string }) => b.id));
      if (page === 0) made.push((await makeBooklet(a.auth, { sections: 1, category: "ai" })).id); // arrives meanwhile
      pointer = r.d.cursor;
      if (!r.d.hasMore) break;
    }
    expect(seen).toEqual(made.slice(0, 5).reverse());
    const hottest = await get(`/api/booklets/getList?sort=hottest&userId=${a.user.id}`);
    expect(hottest.d.list).toHaveLength(6);
    const badSort = await get("/api/booklets/getList?sort=weird");
    expect([badSort.status, badSort.d.field]).toEqual([400, "sort"]);
    const badCat = await get("/api/booklets/getList?category=cooking");
    expect([badCat.status, badCat.d.field]).toEqual([400, "category"]);
    const badPointer = await get("/api/booklets/getList?pointer=zzz");
    expect([badPointer.status, badPointer.d.field]).toEqual([400, "pointer"]);
    // Buy counts are whole numbers: a fraction or one past int4 is a bad pointer, not a failed query.
    for (const pointer of ["1.5", "99999999999", `2.5_${"a".repeat(24)}`]) {
      const r = await get(`/api/booklets/getList?sort=hottest&pointer=${pointer}`);
      expect([r.status, r.d.field], pointer).toEqual([400, "pointer"]);
    }
    expect((await get("/api/booklets/getList?sort=hottest&pointer=0")).status).toBe(200);
  });
});

describe("booklet comments", () => {
  it("comments on a published booklet through the one comment model, counted on the booklet", async () => {
    const a = await author();
    const reader = await register();
    const { id } = await makeBooklet(a.auth);
    const c = await post(
      "/api/comment",
      { content: "写得好", targetId: id, targetType: "booklet" },
      reader.auth,
    );
    expect(c.s).toBe(1);
    touched.add(c.d.commentId);
    const list = await get(`/api/comments/booklet/${id}`);
    expect(list.d.count).toBe(1);
    expect(list.d.comments[0]).toMatchObject({ content: "写得好", targetType: "booklet" });
    expect((await bookletRow(id)).commentsCount).toBe(1);
    expect(await drift()).toEqual([]);
  });
});

describe("OpenAPI", () => {
  it("documents every booklet and wallet route", async () => {
    const paths = Object.keys(await openApiPaths(nugget.app));
    for (const p of [
      "/api/booklets/get",
      "/api/booklets/getSection",
      "/api/booklets/getListSection",
      "/api/booklets/getList",
      "/api/booklets/userBuyList",
      "/api/booklets/getListBuy",
      "/api/booklets/getHot",
      "/api/booklets/isHot",
      "/api/booklets/isFreeSection",
      "/api/booklets/viewCountDetail",
      "/api/booklets/viewCountContent",
      "/api/wallet/haveWalletAccessRight",
      "/api/wallet/getAmount",
      "/api/wallet/getBill",
      "/api/wallet/checkApplyRules",
      "/api/wallet/apply",
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
