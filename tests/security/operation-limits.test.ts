import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import { OPERATION_LIMITS } from "../../server/lib/operation-limits.ts";
import { BUILD_DIR, uniqueEmail, uniqueIp, uniqueUsername, useTestApp } from "../support/app.ts";
import { call, registerByEmail } from "../support/client.ts";
import { makeEntry } from "../support/factories.ts";

let nugget: NuggetApp;
// Pages need the build (npm test makes it before the tests).
useTestApp((n) => (nugget = n), {}, BUILD_DIR);

const get = (url: string, ip: string) =>
  nugget.app.inject({ method: "GET", url, remoteAddress: ip, headers: { accept: "text/html" } });

// Issue 10, finding 5: /api/search answered 429 from its 61st call a minute, but /search pages,
// their .data requests and tag searches went on answering 200: loaders called the service without
// the route's limit. The allowance is now the service's, shared by every door.
describe("one search allowance for the API, pages and tag searches", () => {
  it("answers 429 with Retry-After on every door once the allowance is spent", async () => {
    const ip = uniqueIp();
    const max = OPERATION_LIMITS.search.max;
    const doors = [
      "/api/search?query=前端",
      "/search?query=前端",
      "/search.data?query=后端",
      "/api/tag/type/hot/search/前/page/1/pageSize/10",
      "/subscribe/all?query=前",
    ].map(encodeURI);
    for (let i = 0; i < max; i++) {
      const res = await get(doors[i % doors.length], ip);
      expect([doors[i % doors.length], res.statusCode]).toEqual([doors[i % doors.length], 200]);
    }
    for (const url of doors) {
      const res = await get(url, ip);
      expect([url, res.statusCode]).toEqual([url, 429]);
      // (A .data request carries the status only: React Router sends no thrown headers with it.)
      if (!url.includes(".data")) expect([url, Number(res.headers["retry-after"]) > 0]).toEqual([url, true]);
    }
    const page = await get(encodeURI("/search?query=前端"), ip);
    expect(page.body).toContain("搜索太频繁");
    // Another address still searches; so do pages that do not search.
    expect((await get(encodeURI("/api/search?query=前端"), uniqueIp())).statusCode).toBe(200);
    expect((await get("/subscribe/all", ip)).statusCode).toBe(200);
  });
});

// Issue 10, finding 6: no limit on guessing the current password, on captchas, drafts or new
// collection sets; like and follow limits counted PUT and DELETE apart (120 each a minute).
describe("allowances per operation, whichever route or method", () => {
  it("counts likes and unlikes (PUT and DELETE) as one allowance", async () => {
    const { auth } = await registerByEmail(nugget);
    const author = await registerByEmail(nugget);
    const entry = await makeEntry(nugget.database.db, author.user.id);
    const max = OPERATION_LIMITS.toggle.max;
    for (let i = 0; i < max; i++) {
      const r = await call(nugget.app, i % 2 ? "DELETE" : "PUT", `/api/user/like/entry/${entry.id}`, {
        auth,
      });
      expect(r.status).toBe(200);
    }
    const over = await call(nugget.app, "DELETE", `/api/user/like/entry/${entry.id}`, { auth });
    expect([over.status, Number(over.headers["retry-after"]) > 0]).toEqual([429, true]);
    // Following draws from the same allowance.
    expect(
      (await call(nugget.app, "POST", "/api/follow", { auth, body: { ids: author.user.id } })).status,
    ).toBe(429);
  });

  it("stops guessing the current password after 10 tries", async () => {
    const u = await registerByEmail(nugget);
    const change = (old_password: string) =>
      call(nugget.app, "POST", "/api/v1/changePassword", {
        auth: u.auth,
        body: { old_password, new_password: "new-password-1" },
      });
    for (let i = 0; i < OPERATION_LIMITS.password.max; i++)
      expect((await change(`guess-${i}`)).status).toBe(400);
    expect((await change(u.password)).status).toBe(429);
  });

  it("limits captchas per address, new drafts and new collection sets per account", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < OPERATION_LIMITS.captcha.max; i++) {
      expect((await call(nugget.app, "GET", "/api/v1/getRandCode", { ip })).status).toBe(200);
    }
    expect((await call(nugget.app, "GET", "/api/v1/getRandCode", { ip })).status).toBe(429);
    expect((await call(nugget.app, "GET", "/api/v1/getRandCode", { ip: uniqueIp() })).status).toBe(200);

    const { auth } = await registerByEmail(nugget);
    for (let i = 0; i < OPERATION_LIMITS.draft.max; i++) {
      expect(
        (await call(nugget.app, "POST", "/api/drafts", { auth, body: { title: `草稿 ${i}` } })).status,
      ).toBe(200);
    }
    expect(
      (await call(nugget.app, "POST", "/api/drafts", { auth, body: { title: "再来一篇" } })).status,
    ).toBe(429);
    for (let i = 0; i < OPERATION_LIMITS.collection.max; i++) {
      expect(
        (await call(nugget.app, "POST", "/api/collectionset", { auth, body: { title: `收藏集 ${i}` } }))
          .status,
      ).toBe(200);
    }
    expect(
      (await call(nugget.app, "POST", "/api/collectionset", { auth, body: { title: "再来一个" } })).status,
    ).toBe(429);
  });

  it("counts only accounts actually made from one address, so failed sign-ups cost nothing", async () => {
    const ip = uniqueIp();
    const taken = await registerByEmail(nugget);
    const register = (username: string) =>
      call(nugget.app, "POST", "/api/v1/createUser", {
        ip,
        body: { username, email: uniqueEmail(), password: "secret123" },
      });
    // Mistakes first: a taken name, five times. They do not count.
    for (let i = 0; i < 5; i++) expect((await register(taken.username)).s).toBe(10013);
    for (let i = 0; i < OPERATION_LIMITS.register.max; i++) {
      const r = await register(uniqueUsername());
      expect([i, r.s]).toEqual([i, 1]);
    }
    const over = await register(uniqueUsername());
    expect([over.status, Number(over.headers["retry-after"]) > 0]).toEqual([429, true]);
    expect((await register(taken.username)).status).toBe(429);
  });
});
