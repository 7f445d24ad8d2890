import { and, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";

/*
 * A link row (follow, subscription, set follower, set entry, like) is added and removed the same
 * way everywhere: the statement answers whether *this* call changed it, so a counter moves by
 * exactly the rows that changed even when two toggles race. `key` is any column of the table: the
 * RETURNING only needs something to count.
 */

/** Adds the link row; true only when this call inserted it (adding twice is a no-op). */
export async function insertLink<T extends PgTable>(
  tx: Tx,
  table: T,
  values: PgInsertValue<T>,
  key: PgColumn,
): Promise<boolean> {
  const rows = await tx.insert(table).values(values).onConflictDoNothing().returning({ key });
  return rows.length === 1;
}

/** Removes the link row that `where` names; true only when this call deleted it. */
export async function deleteLink(
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
  key: PgColumn,
): Promise<boolean> {
  const rows = await tx.delete(table).where(where).returning({ key });
  return rows.length === 1;
}

/**
 * Which of `ids` stand in `target` among the rows `where` picks — the sets a user follows, the tags
 * they subscribe to, the pins they like — in one query for a whole list, so a page marks its items
 * without a query per item. An empty list answers at once, without a query.
 */
export async function idsAmong(
  db: Tx,
  table: PgTable,
  where: SQL | undefined,
  target: PgColumn,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: target })
    .from(table)
    .where(and(where, inArray(target, ids)));
  return new Set(rows.map((r) => r.id as string));
}
