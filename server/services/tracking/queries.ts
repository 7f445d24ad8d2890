import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { trackingEvents } from "../../../db/schema/index.ts";

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;

/** One multi-row INSERT for a batch of buffered events. */
export async function insertEvents(db: Db, rows: NewTrackingEvent[]): Promise<void> {
  if (rows.length) await db.insert(trackingEvents).values(rows);
}

/**
 * Deletes up to `limit` events created before `cutoff`, oldest first; answers how many went. The
 * BRIN index on created_at finds the old block ranges at the start of the table, so a batch reads
 * little beyond what it deletes; small batches keep each transaction's locks and WAL short.
 */
export async function deleteEventsBefore(db: Db, cutoff: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${trackingEvents} where ${trackingEvents.id} in (
      select ${trackingEvents.id} from ${trackingEvents}
      where ${trackingEvents.createdAt} < ${cutoff.toISOString()}
      order by ${trackingEvents.id} limit ${limit})`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
