import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import { OPERATION_LIMITS } from "../../server/lib/operation-limits.ts";
import { testApp, uniqueIp } from "../support/app.ts";
import { BUILD_DIR } from "../support/browser.ts";

let nugget: NuggetApp;
// Pages need the build (npm test makes it before the tests).
beforeAll(async () => {
  nugget = await testApp({}, BUILD_DIR);
});
afterAll(async () => {
  await nugget?.app.close();
  await nugget?.database.close();
});

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
