import type { Db } from "../../../db/client.ts";
import { deleteEventsBefore } from "./queries.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Rows deleted per statement: short transactions, so beacons keep being written meanwhile. */
export const RETENTION_BATCH = 5000;

/** Deletes every tracking event older than `days` days, batch after batch; answers the count. */
export async function deleteExpiredEvents(
  db: Db,
  days: number,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY);
  let total = 0;
  for (;;) {
    const deleted = await deleteEventsBefore(db, cutoff, batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The tracking-retention job's cron (server/lib/queue.ts): daily at 04:30 China Standard Time. */
export const TRACKING_RETENTION_CRON = "30 4 * * *";
