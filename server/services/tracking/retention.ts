import type { Db } from "../../../db/client.ts";
import { dropPartitionsBefore } from "../../../db/partitions.ts";

const DAY = 86_400_000;

/**
 * Drops the months of tracking events whose every row is older than `days` days (tracking_events is
 * partitioned by month, db/partitions.ts): no DELETE scans, no dead rows to vacuum. Events live
 * between `days` and `days` plus a month. Answers the partitions dropped.
 */
export async function dropExpiredEvents(db: Db, days: number, now = new Date()): Promise<string[]> {
  return dropPartitionsBefore(db, "tracking_events", new Date(now.getTime() - days * DAY));
}

/** The tracking-retention job's cron (server/lib/queue.ts): daily at 04:30 China Standard Time. */
export const TRACKING_RETENTION_CRON = "30 4 * * *";
