import type { Db } from "../../../db/client.ts";
import { trackingEvents } from "../../../db/schema/index.ts";

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;

/** One multi-row INSERT for a batch of buffered events. */
export async function insertEvents(db: Db, rows: NewTrackingEvent[]): Promise<void> {
  if (rows.length) await db.insert(trackingEvents).values(rows);
}
