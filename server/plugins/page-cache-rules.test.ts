import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { ruleReader } from "./page-cache-rules.ts";

const root = path.resolve(import.meta.dirname, "../..");
const ID = "0123456789abcdef01234567";

/**
 * Each cached page and the files whose code reads its URL's query (the route's loader and
 * component, and the helpers they read it through).
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

describe("page cache keys (issue 29, M1)", () => {
  const rules = ruleReader(loadConfig({}).pageCache, () => []);

  it("keep every query parameter a cached page's code reads, so no page renders without one it reads", () => {
    for (const [page, files] of PAGES) {
      const names = files.flatMap(paramsRead);
      const url = `${page}?${names.map((n) => `${n}=1`).join("&")}`;
      const target = rules.read("GET", url);
      expect(target, page).not.toBeNull();
      const kept = new URLSearchParams(target!.key.split("?")[1] ?? "");
      for (const name of names) expect(kept.has(name), `${page} reads ?${name}`).toBe(true);
    }
  });

  it("drop what no route reads, and keep a .data request's _routes", () => {
    expect(rules.read("GET", "/zhuanlan?k=1&utm_source=x")!.key).toBe("/zhuanlan");
    expect(rules.read("GET", "/zhuanlan?sort=hottest&k=1")!.key).toBe("/zhuanlan?sort=hottest");
    expect(rules.read("GET", "/explore/all.data?_routes=routes%2Fexplore&k=2")!.key).toBe(
      "/explore/all.data?_routes=routes%2Fexplore",
    );
    expect(rules.read("POST", "/zhuanlan?k=1")).toBeNull();
  });
});
