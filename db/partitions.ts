import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

// Tables partitioned by month of created_at: history that grows with reading, not with
// writing, aged out a whole month at a time. PostgreSQL's declarative partitioning on the server and
// on PGlite alike; the job runner makes next months' partitions ahead of time (no pg_partman, which
// PGlite does not have) and drops months past their retention.
//
// A partition is named `<table>_<yyyy>_<mm>` and covers that month in UTC. The first one, made by
// the migration that partitioned the table, holds everything before a month (`<table>_before_…`).

/** The tables partitioned this way. */
export const MONTHLY_TABLES = ["tracking_events", "notifications"] as const;
export type MonthlyTable = (typeof MONTHLY_TABLES)[number];

/** The monthly-partitions job's cron: daily at 04:15 China Standard Time (ahead of the retention). */
export const MONTHLY_PARTITIONS_CRON = "15 4 * * *";

/** Months made ahead of the current one, so a write never finds its month missing. */
const MONTHS_AHEAD = 2;

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const monthName = (table: string, d: Date) =>
  `${table}_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

export interface Partition {
  name: string;
  /** Exclusive upper bound; every row in it is older. */
  until: Date;
}

/** The table's partitions, oldest first, with their upper bounds. */
export async function listPartitions(db: Db, table: MonthlyTable | string): Promise<Partition[]> {
  // The bound is read back as a timestamptz by PostgreSQL itself, whatever the session's time zone
  // and date style made of its text: FOR VALUES FROM (…) TO ('2027-01-01 00:00:00+00').
  const result = await db.execute(sql`
    select c.relname as name,
      (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz as until
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`);
  const rows = (result as unknown as { rows: { name: string; until: Date | string | null }[] }).rows;
  const parts: Partition[] = rows
    .filter((r) => r.until !== null)
    .map((r) => ({ name: r.name, until: new Date(r.until!) }));
  return parts.sort((a, b) => a.until.getTime() - b.until.getTime());
}

/**
 * Makes the partitions from the month after the last one up to MONTHS_AHEAD after `now`'s; answers
 * the names made. Safe to run on every instance at once: a partition another made first is skipped.
 */
export async function ensureMonthlyPartitions(
  db: Db,
  table: MonthlyTable | string,
  now = new Date(),
): Promise<string[]> {
  const parts = await listPartitions(db, table);
  if (!parts.length) return []; // not partitioned (yet): nothing to do
  const last = parts[parts.length - 1]!.until;
  const made: string[] = [];
  for (let from = last; from < monthStart(now, MONTHS_AHEAD + 1); from = monthStart(from, 1)) {
    const name = monthName(table, from);
    const to = monthStart(from, 1);
    try {
      await db.execute(
        sql.raw(
          `create table if not exists "${name}" partition of "${table}" ` +
            `for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
    } catch (err) {
      // Another instance made it (42P07) or an overlapping one (42P17) since our read: done.
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code !== "42P07" && code !== "42P17") throw err;
      continue;
    }
    made.push(name);
  }
  return made;
}

/** Drops every partition whose rows are all older than `cutoff`; answers the names dropped. */
export async function dropPartitionsBefore(
  db: Db,
  table: MonthlyTable | string,
  cutoff: Date,
): Promise<string[]> {
  const parts = await listPartitions(db, table);
  const dropped: string[] = [];
  // The newest partition stays whatever its age, so the table always has somewhere to write.
  for (const p of parts.slice(0, -1)) {
    if (p.until > cutoff) break;
    await db.execute(sql.raw(`drop table if exists "${p.name}"`));
    dropped.push(p.name);
  }
  return dropped;
}

/** Next months' partitions of every monthly table (at start, after migrating; and daily). */
export async function ensureAllMonthlyPartitions(db: Db, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  for (const table of MONTHLY_TABLES) made.push(...(await ensureMonthlyPartitions(db, table, now)));
  return made;
}
