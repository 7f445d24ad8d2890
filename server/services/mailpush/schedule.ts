import type { Kv } from "../../lib/kv.ts";
import { startJob, type JobLog } from "../../lib/jobs.ts";
import type { MailDigests } from "./digests.ts";

const HOUR = 3_600_000;
/** The weekly digest goes out on Monday from 09:00 China Standard Time (UTC+8, no daylight saving). */
const CST_OFFSET = 8 * HOUR;
const WEEKLY_DAY = 1;
const WEEKLY_HOUR = 9;

/** Is `now` inside the weekly digest's window? (Users mailed in the last 6 days are skipped anyway.) */
export function weeklyDue(now: Date): boolean {
  const cst = new Date(now.getTime() + CST_OFFSET);
  return cst.getUTCDay() === WEEKLY_DAY && cst.getUTCHours() >= WEEKLY_HOUR;
}

/**
 * Runs the digests every hour (MAIL_DIGESTS=1). Several app instances may run this: the key of the
 * hour in the shared store (Redis when REDIS_URL) lets exactly one of them do each hour's work. The
 * first run waits a minute so a restart loop cannot turn into a mail loop.
 */
export function startMailDigests(digests: MailDigests, kv: Kv, log: JobLog, everyMs = HOUR): () => void {
  return startJob({
    name: "mail-digests",
    kv,
    everyMs,
    slotMs: everyMs,
    firstDelayMs: 60_000,
    log,
    async run(now) {
      const article = await digests.runArticleDigest(now);
      const week = weeklyDue(now) ? await digests.runWeeklyDigest(now) : null;
      return { article, week };
    },
  });
}
