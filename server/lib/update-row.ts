import { eq } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";

/** A table with a text `id` key and an `updatedAt` stamp (db/schema/columns.ts idColumn, updatedAt). */
type StampedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Changes one row by id and stamps its updatedAt, answering the row as written (undefined when no
 * such id). Many services' "update X" were this statement letter for letter; the stamp goes here so
 * a caller cannot forget it: `UPDATE t SET …, updated_at = $n WHERE t.id = $m RETURNING *`.
 */
export async function updateStamped<T extends StampedTable>(
  db: Tx,
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<T["$inferSelect"] | undefined> {
  // Drizzle cannot spell `.returning()`'s row type for a generic table; for a concrete one it is
  // exactly $inferSelect, which is what the callers got before.
  const rows = (await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning()) as T["$inferSelect"][];
  return rows[0];
}

/**
 * updateStamped of a row the caller found (or locked) in this transaction first, so it is there:
 * answers it as written, without the undefined.
 */
export async function updateFound<T extends StampedTable>(
  tx: Tx,
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<T["$inferSelect"]> {
  return (await updateStamped(tx, table, id, values)) as T["$inferSelect"];
}
