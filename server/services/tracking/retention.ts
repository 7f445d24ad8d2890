import type { Db } from "../../../db/client.ts";
import type { Kv } from "../../lib/kv.ts";
import { startJob, type JobLog } from "../../lib/jobs.ts";
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

/**
 * Tracking retention (ADR 009): once a day, events older than TRACKING_RETENTION_DAYS go. Checked
 * hourly; the day's key in the shared store (Redis when REDIS_URL) lets one app instance do it.
 */
export function startTrackingRetention(db: Db, kv: Kv, days: number, log: JobLog): () => void {
  return startJob({
    name: "tracking-retention",
    kv,
    everyMs: HOUR,
    slotMs: DAY,
    firstDelayMs: 5 * 60_000,
    log,
    run: async () => ({ deleted: await deleteExpiredEvents(db, days), days }),
  });
}
