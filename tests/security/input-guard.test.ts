import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import { useTestApp } from "../support/app.ts";
import { call, registerByEmail, postRaw } from "../support/client.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

// Issue 10, finding 4: a NUL byte reached PostgreSQL (which refuses 0x00 in text) and answered 500
// on these calls, some anonymous. Finding 9: TRACE / answered 500.
describe("NUL bytes and unknown methods", () => {
  it("answers 400 naming the field for a NUL in the query, on API calls and pages", async () => {
    for (const url of [
      "/api/search?query=a%00b",
      "/api/tag/type/all/search/a%00b/page/0/pageSize/20",
      "/api/search?query=ok&type=all%00",
    ]) {
      const res = await nugget.app.inject({ method: "GET", url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().s).toBe(400);
      expect(res.json().d.field).toMatch(/^(query|type|path)$/);
    }
    for (const url of ["/search?query=a%00b", "/search.data?query=a%00b", "/post/abc%00def"]) {
      const res = await nugget.app.inject({ method: "GET", url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.body).toContain("空字符");
    }
  });

  it("answers 400 naming the field for a NUL anywhere in a JSON or form body", async () => {
    const { auth } = await registerByEmail(nugget);
    const cases: [string, string, object, string][] = [
      ["POST", "/api/comment", { entryId: "0".repeat(24), content: "评论\u0000" }, "content"],
      ["POST", "/api/drafts", { title: "草稿\u0000", content: "x" }, "title"],
      ["POST", "/api/pins", { content: "沸点\u0000" }, "content"],
      ["POST", "/api/collectionset", { title: "收藏集\u0000" }, "title"],
      ["POST", "/api/entryPublish", { title: "标题\u0000", originalUrl: "https://example.com/" }, "title"],
      ["POST", "/api/v1/updateUserInfo", { field: "selfDescription", value: "介绍\u0000" }, "value"],
      ["POST", "/api/drafts", { tags: ["ok", "ta\u0000g"] }, "tags.1"],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(nugget.app, method as "POST", url, { auth, body });
      expect([url, res.status, res.s, res.d?.field]).toEqual([url, 400, 400, field]);
      expect(res.m).toContain("空字符");
    }
    const form = await postRaw(
      nugget.app,
      "/api/auth/type/email",
      "application/x-www-form-urlencoded",
      "email=a%00b%40example.com&password=x",
    );
    expect(form.statusCode).toBe(400);
    expect(form.json().d.field).toBe("email");
  });

  // Found by the fuzz test (seed 251452586): "1e309" passed Ajv as Infinity, skipping maximum,
  // and PostgreSQL refused it as a LIMIT.
  it("answers 400 naming the field for numbers past float8 (1e309, Infinity)", async () => {
    for (const url of [
      "/api/booklets/getHot?limit=1e309",
      "/api/booklets/getHot?limit=Infinity",
      "/api/booklets/getHot?limit=-1e309",
    ]) {
      const res = await call(nugget.app, "GET", url);
      expect([url, res.status, res.s, res.d?.field]).toEqual([url, 400, 400, "limit"]);
    }
    // JSON.parse reads 1e309 as Infinity too.
    const { auth } = await registerByEmail(nugget);
    const res = await nugget.app.inject({
      method: "POST",
      url: "/api/booklets",
      headers: { "content-type": "application/json", uid: auth.uid, client: auth.client, token: auth.token },
      payload: '{"title": "小册", "price": 1e309}',
    });
    expect([res.statusCode, res.json().d?.field]).toEqual([400, "price"]);
  });

  it("answers 405 with Allow for methods the site does not route", async () => {
    // light-my-request's types name only the usual methods; these are the ones the site leaves out.
    const unrouted = (method: string, url: string) => nugget.app.inject({ method: method as "GET", url });
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await unrouted(method, "/");
      expect([method, res.statusCode]).toEqual([method, 405]);
      expect(res.headers.allow).toContain("GET");
    }
    const api = await unrouted("TRACE", "/api/search?query=x");
    expect(api.statusCode).toBe(405);
    expect(api.json().s).toBe(405);
  });

  it("still serves ordinary requests, including a literal %2500 in a search", async () => {
    const res = await nugget.app.inject({ method: "GET", url: "/api/search?query=%2500" });
    expect(res.statusCode).toBe(200);
  });

  it("refuses changes made by another site's page, such as a cross-site login form ", async () => {
    const { email, password } = await registerByEmail(nugget);
    const login = (headers: Record<string, string>) =>
      nugget.app.inject({
        method: "POST",
        url: "/api/auth/type/email",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "nugget.test", ...headers },
        payload: new URLSearchParams({ email, password }).toString(),
        remoteAddress: "10.9.8.7",
      });
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of foreign) {
      const res = await login(headers);
      expect([JSON.stringify(headers), res.statusCode]).toEqual([JSON.stringify(headers), 403]);
      expect(res.cookies).toHaveLength(0);
    }
    // Our own pages (same origin) and API clients (no browser headers) log in.
    expect((await login({ origin: "http://nugget.test", "sec-fetch-site": "same-origin" })).statusCode).toBe(
      200,
    );
    expect((await login({})).statusCode).toBe(200);
  });
});
