import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Page purges come from the writers of the rows pages show (server/lib/page-purge.ts, ADR 011), not
 * from service methods by hand: a new path that deletes or hides goes through a writer and cannot
 * forget to purge. This reads the source (not the tests: they reset their caches with `purge`) and
 * fails on a purge call anywhere else.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["server", "app", "db", "shared", "scripts", "bench"];

/** Where `pagesChanged(tx, scopes)` may be called: the writers, each with why it purges. */
const WRITERS: Record<string, string> = {
  "server/services/entries/write.ts":
    "the one place entries are written: one that becomes public or stops being so (published, hidden, deleted) purges every page, an edit of a public one its own pages",
  "server/services/pins/queries.ts":
    "softDeletePin and setPinHidden, the only writes of a pin's deletedAt and hiddenAt",
  "server/services/comments/queries.ts":
    "softDeleteComment (its target's pages and the thread pages) and setCommentHidden (every page)",
  "server/services/collections/queries.ts": "deleteSet, the only delete of a collection set",
  "server/services/users/queries.ts": "eraseUser: an erased account's name and avatar leave every page",
  "server/lib/page-purge.ts": "the purger itself: pagesChanged's definition",
};

/** Where a page cache's (or its store's) `.purge(…)` may be called. */
const CACHE_PURGERS: Record<string, string> = {
  "server/lib/page-purge.ts": "the purger: a writer's purge, once its transaction commits",
  "server/lib/page-cache.ts":
    "the cache and its stores: PageCache.purge passes it on, and a purge owed after an outage",
};

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|bench)\.tsx?$/.test(f) && !f.includes("node_modules"))
    .map((f) => path.join(dir, f).split(path.sep).join("/"));
}

interface Call {
  file: string;
  line: number;
  text: string;
}

/** The calls of a file, by the AST: comments and strings that name a purge are not calls. */
function callsIn(file: string, text: string, isPurge: (callee: ts.Expression) => boolean): Call[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Call[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isPurge(node.expression)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, text: node.getText(source).split("\n")[0] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const named = (callee: ts.Expression, ...names: string[]) =>
  ts.isIdentifier(callee) && names.includes(callee.text);
const method = (callee: ts.Expression, name: string) =>
  (ts.isPropertyAccessExpression(callee) || ts.isPropertyAccessChain(callee)) && callee.name.text === name;

/** Calls of the writers' purge (and of the old `purgePages` by any name it is reached through). */
const writerPurge = (callee: ts.Expression) =>
  named(callee, "pagesChanged", "purgePages") ||
  method(callee, "pagesChanged") ||
  method(callee, "purgePages");
/** `x.purge(…)`, `x?.purge(…)`, `x!.purge(…)`: the page cache's own purge, or its store's. */
const cachePurge = (callee: ts.Expression) => method(callee, "purge");

/** Every source file's text, read once for all the checks. */
const sources = new Map(
  SOURCE_DIRS.flatMap(sourceFiles).map((f) => [f, fs.readFileSync(path.join(ROOT, f), "utf8")]),
);

/** The calls `isPurge` matches in every source file whose path `allowed` does not name. */
function strayCalls(isPurge: (callee: ts.Expression) => boolean, allowed: Record<string, string>): Call[] {
  return [...sources]
    .filter(([file, text]) => !(file in allowed) && /purge|pagesChanged/i.test(text))
    .flatMap(([file, text]) => callsIn(file, text, isPurge));
}

describe("page purges come from the writers (ADR 011)", () => {
  it("calls pagesChanged only in the writers of the rows pages show", () => {
    expect(strayCalls(writerPurge, WRITERS)).toEqual([]);
  });

  it("calls a page cache's purge only in the purger and the cache itself", () => {
    expect(strayCalls(cachePurge, CACHE_PURGERS)).toEqual([]);
  });

  it("names only files that exist and still purge, so the lists cannot go stale", () => {
    for (const [list, isPurge] of [
      [WRITERS, writerPurge],
      [CACHE_PURGERS, cachePurge],
    ] as const) {
      for (const file of Object.keys(list)) {
        const text = fs.readFileSync(path.join(ROOT, file), "utf8");
        const calls = callsIn(file, text, isPurge);
        // The purger defines pagesChanged rather than calling it.
        const defines = file === "server/lib/page-purge.ts" && /export function pagesChanged\(/.test(text);
        expect(calls.length > 0 || defines, file).toBe(true);
      }
    }
  });

  it("catches a stray purge in a service method, by any of its spellings", () => {
    const stray = [
      `export async function remove(tx: Tx) { await pagesChanged(tx, [ALL_PAGES]); }`,
      `async function remove() { await deps.purgePages(["*"]); }`,
      `async function remove() { await deps.pageCache?.purge(["*"]); }`,
      `async function remove() { await nugget.pageCache!.purge(["*"]); }`,
    ];
    const found = stray.map(
      (text) => callsIn("stray.ts", text, writerPurge).length + callsIn("stray.ts", text, cachePurge).length,
    );
    expect(found).toEqual([1, 1, 1, 1]);
    // Words in comments and strings are not calls.
    const quiet = `// await pagesChanged(tx, scopes)\nconst doc = "pageCache.purge(keys)";`;
    expect(
      callsIn("quiet.ts", quiet, writerPurge).length + callsIn("quiet.ts", quiet, cachePurge).length,
    ).toBe(0);
  });
});
