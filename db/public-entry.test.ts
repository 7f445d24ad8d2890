import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, inArray, not, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { openDatabase, type Database } from "./client.ts";
import { ensureReferenceData } from "./reference-data.ts";
import { entries } from "./schema/index.ts";
import { isPublicEntry, publicEntry, publicEntrySql } from "./public-entry.ts";
import { pgliteTemplate } from "../tests/support/pglite-template.ts";
import { makeBareUser, makeEntry } from "../tests/support/factories.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOME = "db/public-entry.ts";

/** Every source file of server/ and db/, tests and migrations aside, as [path from the root, text]. */
function sources(): [string, string][] {
  const found: [string, string][] = [];
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${d.name}`;
      if (d.isDirectory()) {
        if (file !== "db/migrations") walk(file);
      } else if (/\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)) {
        found.push([file, fs.readFileSync(path.join(ROOT, file), "utf8")]);
      }
    }
  };
  walk("server");
  walk("db");
  return found;
}

/** Ways of asking "is it published?" other than through publicEntry / isPublicEntry (across lines too). */
const SPELLINGS = [
  // JavaScript and SQL comparisons: status === "published", e.status = 'published', <> 'published'
  /(?:[=!]=?=?|<>)\s*["']published["']/g,
  /["']published["']\s*(?:[=!]==?|<>|=(?![=>]))/g,
  // Drizzle: eq(entries.status, "published"), inArray(entries.status, ["published", …])
  /\b(?:eq|ne|inArray|notInArray)\(\s*[\w.]+\s*,\s*\[?\s*["']published["']/g,
  // SQL lists: status in ('published', …)
  /\bin\s*\(\s*'published'/gi,
];

/**
 * Places that ask about the status on purpose without meaning "public", each with why. A match is
 * one of these when its lines hold `text`; an entry nothing matches any more fails the test too.
 */
const DELIBERATE = [
  {
    file: "db/schema/content.ts",
    text: "in ('published', 'draft', 'hidden')",
    why: "the check constraint lists the states; it asks nothing",
  },
  {
    file: "server/services/posts/queries.ts",
    text: 'inArray(entries.status, ["published", "hidden"])',
    why: "an article page shows one hidden pending review to its author and staff (posts.ts detail)",
  },
  {
    file: "server/services/posts/present.ts",
    text: 'e.status === "published" ? e.originalUrl : null',
    why: "the editor's own article: its address once published, none for a draft",
  },
];

describe("one spelling of a public entry", () => {
  it("is the only place server/ and db/ ask whether an entry is published", () => {
    const used = new Set<(typeof DELIBERATE)[number]>();
    const strays: string[] = [];
    for (const [file, text] of sources()) {
      if (file === HOME) continue;
      for (const match of SPELLINGS.flatMap((re) => [...text.matchAll(re)])) {
        // The lines the match spans, whole.
        const from = text.lastIndexOf("\n", match.index) + 1;
        const to = text.indexOf("\n", match.index + match[0].length);
        const lines = text.slice(from, to === -1 ? undefined : to);
        const allowed = DELIBERATE.find((d) => d.file === file && lines.includes(d.text));
        if (allowed) used.add(allowed);
        else strays.push(`${file}:${text.slice(0, from).split("\n").length}: ${lines.trim()}`);
      }
    }
    expect(
      strays,
      "ask publicEntry() / isPublicEntry() from entries' face (db/public-entry.ts) instead",
    ).toEqual([]);
    expect(DELIBERATE.filter((d) => !used.has(d)).map((d) => `${d.file}: ${d.text}`)).toEqual([]);
  });

  it("is reached through entries' face, but where the layers put a module below entries", () => {
    // Below entries: db/counters.ts (db/ imports no service) and the search index (entries call it).
    const below = /^(?:db\/counters\.ts|server\/services\/(?:entries|search-index)\/)/;
    const past = sources()
      .filter(([file, text]) => file !== HOME && /from\s+"[./]*(?:db\/)?public-entry\.ts"/.test(text))
      .map(([file]) => file)
      .filter((file) => !below.test(file));
    expect(past).toEqual([]);
  });

  it("keeps the form the queries had: status first, then deleted_at, one parenthesised condition", () => {
    // Snake-case columns, as openDatabase configures Drizzle.
    const dialect = new PgDialect({ casing: "snake_case" });
    expect(dialect.sqlToQuery(publicEntry())).toEqual({
      sql: `("entries"."status" = 'published' and "entries"."deleted_at" is null)`,
      params: [],
    });
    expect(dialect.sqlToQuery(publicEntry("e")).sql).toBe(
      `(e.status = 'published' and e.deleted_at is null)`,
    );
    expect(publicEntrySql()).toBe(`(status = 'published' and deleted_at is null)`);
    expect(() => publicEntrySql("e; drop table entries")).toThrow();
  });
});

describe("the twins agree", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: ":memory:",
      template: pgliteTemplate(),
    });
    await ensureReferenceData(database.db);
  });
  afterAll(() => database.close());

  it("on published, draft and hidden entries, deleted or not", async () => {
    const { db } = database;
    const userId = await makeBareUser(db);
    const deleted = new Date();
    const made = [];
    for (const status of ["published", "draft", "hidden"]) {
      for (const deletedAt of [null, deleted]) made.push(await makeEntry(db, userId, { status, deletedAt }));
    }
    const ids = made.map((e) => e.id);
    const rows = await db
      .select({ id: entries.id, status: entries.status, deletedAt: entries.deletedAt })
      .from(entries)
      .where(inArray(entries.id, ids));
    const byJs = rows
      .filter(isPublicEntry)
      .map((r) => r.id)
      .sort();
    expect(byJs).toHaveLength(1);

    const idsOf = (found: { id: string }[]) => found.map((r) => r.id).sort();
    const listed = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows;
    const drizzle = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(inArray(entries.id, ids), publicEntry()));
    const aliased = await db.execute(
      sql`select e.id from ${entries} e where e.id in (${listed}) and ${publicEntry("e")}`,
    );
    const raw = await db.execute(
      sql`select id from ${entries} where id in (${listed}) and ${sql.raw(publicEntrySql())}`,
    );
    const others = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(inArray(entries.id, ids), not(publicEntry())));
    expect(idsOf(drizzle)).toEqual(byJs);
    expect(idsOf(rowsOf(aliased))).toEqual(byJs);
    expect(idsOf(rowsOf(raw))).toEqual(byJs);
    // One condition, parenthesised: `not` takes the whole of it.
    expect(idsOf(others)).toEqual(ids.filter((id) => !byJs.includes(id)).sort());
  });
});
