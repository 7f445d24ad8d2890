import type { Db } from "../../../db/client.ts";
import type { Kv } from "../../lib/kv.ts";
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
export function startTrackingRetention(
  db: Db,
  kv: Kv,
  days: number,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): () => void {
  let running = false;
  async function tick() {
    if (running) return;
    const day = Math.floor(Date.now() / DAY);
    if ((await kv.incr(`jobs:tracking-retention:${day}`, (2 * DAY) / 1000)) !== 1) return;
    running = true;
    try {
      const deleted = await deleteExpiredEvents(db, days);
      log.info({ deleted, days }, "tracking retention");
    } catch (err) {
      log.error({ err }, "tracking retention failed");
    } finally {
      running = false;
    }
  }
  // Not at start-up: a restart loop should not repeat the work, and tests never wait for it.
  const first = setTimeout(() => void tick(), 5 * 60_000);
  const timer = setInterval(() => void tick(), HOUR);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
