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

/** The mail-digests job's cron (server/lib/queue.ts): on the hour, China Standard Time. */
export const MAIL_DIGESTS_CRON = "0 * * * *";

/** The mail-digests job: the hour's article digest, and the weekly one when it is due. */
export async function runMailDigests(digests: MailDigests, now = new Date()) {
  const article = await digests.runArticleDigest(now);
  const week = weeklyDue(now) ? await digests.runWeeklyDigest(now) : null;
  return { article, week };
}
