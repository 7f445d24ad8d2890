import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./client.ts";
import { pgliteTemplate } from "../tests/support/pglite-template.ts";
import { dropPartitionsBefore, ensureMonthlyPartitions, listPartitions } from "./partitions.ts";

// Monthly partitions on a table of the test's own (the real monthly tables are shared with other
// test files on CI's PostgreSQL database, and dropping their months would take those files' rows):
// made the way migration 0006 made tracking_events' — a first partition of everything before a month.
let database: Database;
const table = `parts_test_${randomBytes(4).toString("hex")}`;
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m - 1, d));
const rows = async () =>
  (
    (await database.db.execute(sql.raw(`select tag from "${table}" order by tag`))) as unknown as {
      rows: { tag: string }[];
    }
  ).rows.map((r) => r.tag);
const insert = (tag: string, at: Date) =>
  database.db.execute(
    sql.raw(`insert into "${table}" (tag, created_at) values ('${tag}', '${at.toISOString()}')`),
  );

beforeAll(async () => {
  database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: ":memory:",
    template: pgliteTemplate(),
  });
  await database.db.execute(
    sql.raw(`create table "${table}" (tag text not null, created_at timestamptz not null default now())
      partition by range (created_at)`),
  );
  await database.db.execute(
    sql.raw(`create table "${table}_before_2026_03" partition of "${table}"
      for values from (minvalue) to ('2026-03-01T00:00:00Z')`),
  );
});
afterAll(async () => {
  await database.db.execute(sql.raw(`drop table if exists "${table}"`));
  await database.close();
});

describe("monthly partitions", () => {
  it("makes the months up to two after now's, once, even when asked twice at the same time", async () => {
    const now = utc(2026, 4, 17);
    const [a, b] = await Promise.all([
      ensureMonthlyPartitions(database.db, table, now),
      ensureMonthlyPartitions(database.db, table, now),
    ]);
    expect([...new Set([...a, ...b])].sort()).toEqual(
      ["2026_03", "2026_04", "2026_05", "2026_06"].map((m) => `${table}_${m}`),
    );
    const parts = await listPartitions(database.db, table);
    expect(parts.map((p) => [p.name, p.until.toISOString()])).toEqual([
      [`${table}_before_2026_03`, "2026-03-01T00:00:00.000Z"],
      [`${table}_2026_03`, "2026-04-01T00:00:00.000Z"],
      [`${table}_2026_04`, "2026-05-01T00:00:00.000Z"],
      [`${table}_2026_05`, "2026-06-01T00:00:00.000Z"],
      [`${table}_2026_06`, "2026-07-01T00:00:00.000Z"],
    ]);
    // Nothing more to make in the same month; a month later, one more.
    expect(await ensureMonthlyPartitions(database.db, table, utc(2026, 4, 30))).toEqual([]);
    expect(await ensureMonthlyPartitions(database.db, table, utc(2026, 5, 2))).toEqual([`${table}_2026_07`]);
  });

  it("drops only months whose every row is older than the cutoff, and never the newest", async () => {
    await insert("a-2025-12", utc(2025, 12, 20));
    await insert("b-2026-02-28", new Date(utc(2026, 3).getTime() - 1));
    await insert("c-2026-03-01", utc(2026, 3, 1));
    await insert("d-2026-04-30", utc(2026, 4, 30));
    await insert("e-2026-05-01", utc(2026, 5, 1));
    // A cutoff inside April: the first partition and March go; April holds rows newer than the cutoff.
    expect(await dropPartitionsBefore(database.db, table, utc(2026, 4, 15))).toEqual([
      `${table}_before_2026_03`,
      `${table}_2026_03`,
    ]);
    expect(await rows()).toEqual(["d-2026-04-30", "e-2026-05-01"]);
    // Far in the future: every month but the newest goes, so writes still have somewhere to land.
    const dropped = await dropPartitionsBefore(database.db, table, utc(2030, 1));
    expect(dropped).toEqual(["2026_04", "2026_05", "2026_06"].map((m) => `${table}_${m}`));
    expect((await listPartitions(database.db, table)).map((p) => p.name)).toEqual([`${table}_2026_07`]);
    expect(await rows()).toEqual([]);
  });

  it("finds nothing to do on a table that is not partitioned", async () => {
    expect(await ensureMonthlyPartitions(database.db, "users", utc(2026, 4))).toEqual([]);
    expect(await dropPartitionsBefore(database.db, "users", utc(2030, 1))).toEqual([]);
  });
});
