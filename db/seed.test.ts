import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase } from "./client.ts";
import { findCounterDrift, repairCounters } from "./counters.ts";
import { heatIndexes } from "./heat.ts";
import { BUILT_IN_TAGS, CATEGORIES, ensureReferenceData } from "./reference-data.ts";
import { seed, seedIfEmpty, type SeedOptions } from "./seed/seed.ts";
import { scratchDatabases } from "../tests/support/scratch-database.ts";

// Runs on a throwaway PGlite, or on PostgreSQL when DATABASE_URL is set. The shared PostgreSQL
// test database holds other files' rows (and seeding needs unique demo accounts), so on
// PostgreSQL every database here is a scratch one created next to it and dropped afterwards.

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const SMALL: SeedOptions = { users: 25, entries: 200, seed: 7, now: new Date("2026-06-01T00:00:00Z") };

const opened: Database[] = [];
const scratch = DATABASE_URL ? scratchDatabases(DATABASE_URL) : undefined;

/** A new empty, migrated database. */
async function freshDatabase(): Promise<Database> {
  const database = await openDatabase(
    scratch
      ? { databaseUrl: await scratch.create("nugget_seed_test"), dataDir: "unused" }
      : { dataDir: ":memory:" },
  );
  opened.push(database);
  return database;
}

afterAll(async () => {
  for (const d of opened) await d.close();
  await scratch?.dropAll();
});

function rows(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** One md5 per table over every row's text, in a fixed order: equal digests mean equal data. */
async function digest(db: Db): Promise<Record<string, string>> {
  const tables = rows(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => String(r.tablename));
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [r] = rows(
      await db.execute(
        sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '')
          as d from "${table}" t`),
      ),
    );
    out[table] = String(r.d);
  }
  return out;
}

describe("seed", () => {
  let first: Database;

  it("gives the same rows for the same seed", async () => {
    first = await freshDatabase();
    const second = await freshDatabase();
    const summary = await seed(first.db, SMALL);
    await seed(second.db, SMALL);
    expect(summary.entries).toBe(200);
    const a = await digest(first.db);
    const b = await digest(second.db);
    expect(a.entries).not.toMatch(/^0:/);
    expect(a.comments).not.toMatch(/^0:/);
    expect(b).toEqual(a);
  }, 60_000);

  it("leaves every counter equal to its recount", async () => {
    expect(await findCounterDrift(first.db)).toEqual([]);
  });

  it("finds a broken counter and repairs it", async () => {
    const db = first.db;
    const [entry] = rows(
      await db.execute(sql`select id from entries where collection_count > 0 order by id limit 1`),
    );
    await db.execute(sql`update entries set collection_count = collection_count + 5 where id = ${entry.id}`);
    await db.execute(sql`update users set followers_count = 999 where email = 'demo@nugget.dev'`);
    await db.execute(sql`update comments set sub_comment_count = sub_comment_count + 1
      where id = (select id from comments order by id limit 1)`);
    const drift = await findCounterDrift(db);
    // The heat numbers are derived from collection_count, so they disagree with the broken value too.
    expect(drift.map((d) => d.counter).sort()).toEqual([
      "comments.sub_comment_count",
      "entries.collection_count",
      "entries.hot_index",
      "entries.rank_index",
      "users.followers_count",
    ]);
    expect(drift.find((d) => d.counter === "entries.collection_count")?.id).toBe(entry.id);
    // Repairing the count makes the heat numbers agree again without rewriting them.
    expect(await repairCounters(db)).toBe(3);
    expect(await findCounterDrift(db)).toEqual([]);
  });

  it("has the demo and admin accounts", async () => {
    const accounts = rows(
      await first.db.execute(sql`select email, mobile_phone_number, username, role, is_xiaoce_author,
        has_wallet_access from users where email in ('demo@nugget.dev', 'admin@nugget.dev') order by email`),
    );
    expect(accounts).toEqual([
      {
        email: "admin@nugget.dev",
        mobile_phone_number: null,
        username: "掘金管理员",
        role: "admin",
        is_xiaoce_author: false,
        has_wallet_access: false,
      },
      {
        email: "demo@nugget.dev",
        mobile_phone_number: "13800000000",
        username: "掘金演示",
        role: "user",
        is_xiaoce_author: true,
        has_wallet_access: true,
      },
    ]);
  });

  it("keeps reference data idempotent and seeds an empty database only", async () => {
    await ensureReferenceData(first.db);
    await ensureReferenceData(first.db);
    const [c] = rows(await first.db.execute(sql`select count(*)::int as n from categories`));
    expect(c.n).toBe(CATEGORIES.length);
    const builtIn = rows(
      await first.db.execute(sql`select id from tags where id in ${BUILT_IN_TAGS.map((t) => t.id)}`),
    );
    expect(builtIn).toHaveLength(30);
    expect(await seedIfEmpty(first.db)).toBe(false);
  });
});

describe("heatIndexes", () => {
  const at = new Date("2026-01-01T00:00:00Z");
  it("grows with engagement and with recency", () => {
    const quiet = heatIndexes({ likes: 0, comments: 0, views: 0, createdAt: at });
    const busy = heatIndexes({ likes: 10, comments: 5, views: 200, createdAt: at });
    expect(busy.hotIndex).toBe(10 + 2 * 5 + 200 / 10);
    expect(busy.rankIndex).toBeGreaterThan(quiet.rankIndex);
    const newer = heatIndexes({
      likes: 0,
      comments: 0,
      views: 0,
      createdAt: new Date(at.getTime() + 3_600_000),
    });
    expect(newer.rankIndex).toBeGreaterThan(quiet.rankIndex);
    // Ten times the engagement is worth 12.5 hours of freshness.
    const tenfold = heatIndexes({ likes: 0, comments: 3, views: 0, createdAt: at });
    const later = heatIndexes({
      likes: 0,
      comments: 0,
      views: 0,
      createdAt: new Date(at.getTime() + 45_000_000),
    });
    expect(tenfold.rankIndex).toBeCloseTo(later.rankIndex, 9);
  });
});
