import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Every source file under these folders, tests left out. */
function sources(...dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/**
 * A URL pattern anchored at a path — `/^\/api\/…/`, `/^\/(post|entry)…/`, or the same built with
 * `new RegExp("^/…")` — is how the cache's rules were written before routes declared them. The
 * matcher compiles itself from the declarations; a pattern like that anywhere else would be a
 * second registry a new route could be missing from.
 */
const PATH_PATTERN = /\/\^\\\/[\w([]|new RegExp\(\s*[`"']\^\/[\w([]/;
/** Patterns of paths that are not about caching, and why. */
const ALLOWED: Record<string, string> = {
  "server/services/uploads/schema.ts": "validates an upload address a client submits",
};

describe("the page cache's rules", () => {
  it("live only in the routes' declarations: no other source file matches URLs by pattern", () => {
    const files = sources("server", "app", "shared");
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter(
      (f) => !ALLOWED[f] && PATH_PATTERN.test(fs.readFileSync(path.join(root, f), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("would see one written the old way", () => {
    expect(PATH_PATTERN.test(String.raw`const FEEDS = /^\/api\/(get_entry_by_rank)$/;`)).toBe(true);
    expect(PATH_PATTERN.test("new RegExp(`^/post/${ID}$`)")).toBe(true);
    expect(PATH_PATTERN.test(String.raw`text.replace(/^\//, "")`)).toBe(false);
  });
});
