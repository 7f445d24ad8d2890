import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { route } from "../server/lib/route.ts";
import { ok } from "../server/plugins/envelope.ts";
import { BUILD_DIR, built, testApp, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { call, registerByEmail } from "./support/client.ts";

const root = path.resolve(import.meta.dirname, "..");
const ID = "0123456789abcdef01234567";

/**
 * The page cache is compiled from what routes declare (server/plugins/page-cache-rules.ts): these
 * hold every route to declaring, no declared route to asking for a login, and no signed-in
 * reader's answer to ever reach anyone else through a declaration.
 */
describe.skipIf(!built)("page cache declarations", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), withPageCache(), BUILD_DIR);
  const target = (url: string) => nugget.cacheTarget("GET", url);

  it("every GET route of the API and the feeds, and every page, says whether it is cached", () => {
    const undeclared = nugget
      .cacheDeclarations()
      .filter(
        ({ url }) => !/^\/(documentation|api\/docs|api\/openapi|healthz|readyz|metrics|dev\/)/.test(url),
      )
      .filter(
        ({ url }) => url.startsWith("/api/") || /^\/(feeds|sitemap|robots)/.test(url) || !url.includes("."),
      )
      .filter(({ declared }) => declared === undefined)
      .map(({ url }) => url);
    // A new public list must choose: `cache: { life }` to be cached, `cache: false` never.
    expect(undeclared).toEqual([]);
  });

  it("no declared route or page asks a visitor to sign in (a private list declares nothing)", async () => {
    const declared = nugget
      .cacheDeclarations()
      .filter((d) => d.declared)
      .map(({ url }) =>
        url
          .split("/")
          .map((part) => (part.startsWith(":") ? (/id$/i.test(part) ? ID : "1") : part))
          .join("/")
          .replace(/\/\*$/, "")
          .replace(/\?$/, ""),
      );
    expect(declared.length).toBeGreaterThan(40);
    // Lists that name whose they are in the query (without one, the caller's own: 401 for a visitor).
    const query: Record<string, string> = { "/api/getUserCollectionSet": `?targetUserId=${ID}` };
    const refused: string[] = [];
    for (const url of declared) {
      const res = await nugget.app.inject({
        method: "GET",
        url: url + (query[url] ?? ""),
        remoteAddress: uniqueIp(),
      });
      if (res.statusCode === 401 || res.statusCode === 403) refused.push(`${url} ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
  });

  it("never caches private pages or calls that count, issue or read the caller's own state", () => {
    const privatePath = fc.constantFrom(
      "/user/settings",
      "/user/settings/profile",
      "/user/wallet",
      "/user/invitation",
      "/timeline",
      "/notification",
      "/notification/system",
      "/editor/drafts",
      "/new-entry",
      "/admin/withdrawals",
      "/admin/banners",
      "/admin/notices",
      "/api/getEntryView",
      "/api/v1/getRandCode",
      "/api/v1/getUserInfo",
      "/api/getUserNotificationNum",
      "/api/notifications/stream",
      "/api/collector",
      "/api/oauth/github/start",
      "/api/get_entry_by_self",
      "/api/isInMyCollectionSet",
      "/api/wallet/getAmount",
      "/api/drafts",
      "/api/getUserCollectionSet/1",
    );
    fc.assert(
      fc.property(privatePath, fc.constantFrom("", ".data", "/"), fc.webQueryParameters(), (p, suffix, q) => {
        expect(target(`${p}${suffix}${q ? `?${q}` : ""}`)).toBeNull();
      }),
    );
  });

  it("caches public pages and lists with the scopes their routes declare", () => {
    expect(target("/explore/all")?.rule.scopes).toEqual(["*"]);
    expect(target("/explore/all.data?_routes=routes%2Fexplore")?.rule.ttl).toBe(30);
    expect(target("/_root.data")).not.toBeNull();
    expect(target(`/post/${ID}`)?.rule.scopes).toEqual(["*", `entry:${ID}`]);
    expect(target(`/entry/${ID}/detail/abc`)?.rule.scopes).toEqual(["*", `entry:${ID}`, "comments"]);
    expect(target(`/user/${ID}/posts`)?.rule.scopes).toEqual(["*", `user:${ID}`]);
    expect(target(`/api/comments/entry/${ID}?pageSize=20`)?.rule.scopes).toEqual(["*", `entry:${ID}`]);
    expect(target(`/api/comments/entry/${ID}/comment/${ID}`)?.rule.scopes).toEqual([
      "*",
      `entry:${ID}`,
      "comments",
    ]);
    expect(target(`/api/comments/${ID}`)?.rule.scopes).toEqual(["*", `pin:${ID}`]);
    expect(target("/api/search?query=x")?.rule.ttl).toBe(10);
    expect(target("/search?query=x")?.rule.ttl).toBe(60);
    // A fixed path wins over a parameter, as in Fastify's router: the wallet is not a profile.
    expect(target("/user/wallet")).toBeNull();
    expect(target("/api/get_entry_by_timeline")?.overlay).not.toBeNull();
    expect(target("/feeds/newest.xml")).not.toBeNull();
  });

  it("keeps only the query parameters a route reads: a page's declared list, an API route's schema", () => {
    expect(target("/zhuanlan?k=1&utm_source=x")!.key).toBe("/zhuanlan");
    expect(target("/zhuanlan?sort=hottest&k=1")!.key).toBe("/zhuanlan?sort=hottest");
    expect(target("/explore/all.data?_routes=routes%2Fexplore&k=2")!.key).toBe(
      "/explore/all.data?_routes=routes%2Fexplore",
    );
    expect(target("/api/get_entry_by_timeline?limit=5&k=1")!.key).toBe("/api/get_entry_by_timeline?limit=5");
    expect(nugget.cacheTarget("POST", "/zhuanlan?k=1")).toBeNull();
  });

  /**
   * Each cached page and the files whose code reads its URL's query (the route's loader and
   * component, and the helpers they read it through): the page's declaration must name them all.
   */
  const PAGES: [string, string[]][] = [
    ["/", ["app/routes/home/welcome.tsx", "app/lib/feed.server.ts"]],
    ["/welcome/frontend", ["app/routes/home/welcome.tsx", "app/lib/feed.server.ts"]],
    ["/explore/all", ["app/routes/explore/explore.tsx", "app/lib/feed.server.ts"]],
    ["/zhuanlan/all", ["app/routes/column/column-index.tsx"]],
    ["/tag/React", ["app/routes/tag/tag.tsx"]],
    ["/pins", ["app/routes/pin/pins.tsx"]],
    ["/books/all", ["app/routes/books/books-index.tsx"]],
    ["/repos", ["app/routes/repo/repo-index.tsx"]],
    ["/collections", ["app/routes/collection/collection-index.tsx"]],
    ["/subscribe/all", ["app/routes/subscribe/all.tsx"]],
    ["/search", ["app/routes/search/search.tsx", "app/components/shell/header.tsx"]],
    ["/about", ["app/routes/misc/about.tsx"]],
    ["/app", ["app/routes/misc/app-download.tsx"]],
    [`/post/${ID}`, ["app/routes/column/post.tsx"]],
    [`/entry/${ID}`, ["app/routes/entry/entry-public.tsx"]],
    [`/entry/${ID}/detail`, ["app/routes/entry/entry-detail.tsx"]],
    [`/pin/${ID}`, ["app/routes/pin/pin-detail.tsx"]],
    [`/repo/${ID}`, ["app/routes/repo/repo-detail.tsx"]],
    [`/book/${ID}`, ["app/routes/books/book-info.tsx"]],
    [`/book/${ID}/section/${ID}`, ["app/routes/books/book-section.tsx"]],
    [`/collection/${ID}`, ["app/routes/collection/collection-detail.tsx"]],
    [`/user/${ID}/posts`, ["app/routes/user/user-profile.tsx"]],
  ];

  /** The query parameters a file reads by name: `searchParams.get("x")`, `.has("x")`, `pointerParam(…, "x")`. */
  function paramsRead(file: string): string[] {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const names = new Set<string>();
    for (const m of text.matchAll(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g)) names.add(m[1]);
    for (const m of text.matchAll(/pointerParam\([^)]*,\s*"([^"]+)"\s*\)/g)) names.add(m[1]);
    if (/pointerParam\(/.test(text)) names.add("pointer");
    // A parameter read through a variable (`get(name)`) cannot be checked here: name it above.
    expect(text, `${file} reads a query parameter by a name this test cannot see`).not.toMatch(
      /searchParams\.(?:get|getAll|has)\(\s*[a-zA-Z_]/,
    );
    return [...names];
  }

  it("keep every query parameter a cached page's code reads, so no page renders without one it reads", () => {
    for (const [page, files] of PAGES) {
      const names = files.flatMap(paramsRead);
      const found = target(`${page}?${names.map((n) => `${n}=1`).join("&")}`);
      expect(found, page).not.toBeNull();
      const kept = new URLSearchParams(found!.key.split("?")[1] ?? "");
      for (const name of names) expect(kept.has(name), `${page} reads ?${name}`).toBe(true);
    }
  });
});

describe.skipIf(!built)("a private list declared cacheable by mistake", () => {
  it("is still never served from the cache to anyone but a visitor, and a visitor never sees a reader's", async () => {
    const nugget = await testApp(withPageCache(), BUILD_DIR);
    try {
      // "My bookmarks", declared as if it were public: it answers the reader's own id.
      nugget.app.get("/api/test/my-bookmarks", route({ cache: { life: "api" } }), async (req) =>
        ok({ owner: req.caller.userId ?? null }),
      );
      const a = await registerByEmail(nugget);
      const b = await registerByEmail(nugget);
      const url = "/api/test/my-bookmarks";
      const asA = await call(nugget.app, "GET", url, { auth: a.auth, ip: uniqueIp() });
      expect(asA.d.owner).toBe(a.auth.uid);
      expect(asA.headers["cache-control"]).toBe("private, no-cache");
      for (let i = 0; i < 2; i++) {
        const visitor = await call(nugget.app, "GET", url, { ip: uniqueIp() });
        expect(visitor.d.owner).toBeNull();
        const asB = await call(nugget.app, "GET", url, { auth: b.auth, ip: uniqueIp() });
        expect(asB.d.owner).toBe(b.auth.uid);
      }
      // The visitor's answer was stored; A's never was.
      expect((await call(nugget.app, "GET", url, { ip: uniqueIp() })).headers["x-cache"]).toBe("hit");
    } finally {
      await nugget.app.close();
      await nugget.database.close();
    }
  });
});
