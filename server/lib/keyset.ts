import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The one way a keyset list continues after its pointer (spec §4 pointers): rows strictly after
 * (value, id) in the list's order, as a row comparison. PostgreSQL answers `(sort, id) < (v, i)`
 * as one range of a btree on (sort, id) — scanned backward for a newest-first list — so every list
 * pages at the cost of its first page. `desc` (the default) is newest or biggest first.
 *
 * Dates go in as ISO text cast to timestamptz: the same instant on node-postgres and PGlite,
 * whatever the process's time zone.
 */
export function keysetAfter(
  sortColumn: AnyColumn,
  idColumn: AnyColumn,
  pointer: { value: Date | number | string; id: string } | null | undefined,
  order: "desc" | "asc" = "desc",
): SQL | undefined {
  if (!pointer) return undefined;
  const value =
    pointer.value instanceof Date ? sql`${pointer.value.toISOString()}::timestamptz` : sql`${pointer.value}`;
  return order === "desc"
    ? sql`(${sortColumn}, ${idColumn}) < (${value}, ${pointer.id})`
    : sql`(${sortColumn}, ${idColumn}) > (${value}, ${pointer.id})`;
}
