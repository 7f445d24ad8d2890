import { eq, inArray } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";

/*
 * The three one-row statements every service wrote for its own table, letter for letter: read a
 * row by id, read it under its row lock, insert one and answer it as written. Each service keeps
 * its named query (findPin, lockOrder, insertBooklet …) in its queries.ts, bound to its table by
 * rowsById; the statement is here.
 *
 * Drizzle cannot spell a generic table's select or returning row type; for a concrete table it is
 * exactly $inferSelect, which is what the callers got before, hence the casts.
 */

/** A table keyed by a text `id` (db/schema/columns.ts idColumn). */
type IdTable = PgTable & { id: PgColumn };

/** `SELECT * FROM t WHERE t.id = $1 LIMIT 1`: the row, or undefined. */
export async function rowById<T extends IdTable>(db: Tx, table: T, id: string) {
  const rows = await db
    .select()
    .from(table as IdTable)
    .where(eq(table.id, id))
    .limit(1);
  return rows[0] as T["$inferSelect"] | undefined;
}

/**
 * `SELECT * FROM t WHERE t.id = $1 FOR UPDATE`: the row under its lock, so the caller's transaction
 * is its one writer until it ends (or undefined when there is no such row).
 */
export async function lockRowById<T extends IdTable>(tx: Tx, table: T, id: string) {
  const rows = await tx
    .select()
    .from(table as IdTable)
    .where(eq(table.id, id))
    .for("update");
  return rows[0] as T["$inferSelect"] | undefined;
}

/**
 * `SELECT <columns> FROM t WHERE t.id IN (…)`: the rows of these ids that exist, in no order; no
 * ids asks nothing. The batch read behind every "look these up for the page" (no N+1).
 */
export async function columnsByIds<T extends IdTable, S extends SelectedFields>(
  db: Tx,
  table: T,
  columns: S,
  ids: string[],
) {
  if (!ids.length) return [];
  return db
    .select(columns)
    .from(table as IdTable)
    .where(inArray(table.id, ids));
}

/** `INSERT INTO t … RETURNING *`: the one row as written, with its defaults filled in. */
export async function insertRow<T extends PgTable>(db: Tx, table: T, values: PgInsertValue<T>) {
  const rows = (await db.insert(table).values(values).returning()) as T["$inferSelect"][];
  return rows[0];
}

/**
 * The one-row statements above bound to one table, for a queries.ts to name what it uses:
 * `export const { find: findOrder, lock: lockOrder } = rowsById(orders);`. Each service wrote the
 * same three wrappers around them, differing only in the table they passed along.
 */
export function rowsById<T extends IdTable>(table: T) {
  return {
    find: (db: Tx, id: string) => rowById(db, table, id),
    lock: (tx: Tx, id: string) => lockRowById(tx, table, id),
    insert: (db: Tx, values: PgInsertValue<T>) => insertRow(db, table, values),
  };
}
