import type { Kv } from "../../lib/kv.ts";
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
 * hour in the shared store (Redis when REDIS_URL) lets exactly one of them do each hour's work.
 */
export function startMailDigests(
  digests: MailDigests,
  kv: Kv,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  everyMs = HOUR,
): () => void {
  let running = false;
  async function tick() {
    if (running) return;
    const now = new Date();
    const slot = Math.floor(now.getTime() / everyMs);
    if ((await kv.incr(`jobs:mail-digests:${slot}`, Math.ceil((everyMs * 2) / 1000))) !== 1) return;
    running = true;
    try {
      const article = await digests.runArticleDigest(now);
      const week = weeklyDue(now) ? await digests.runWeeklyDigest(now) : null;
      log.info({ article, week }, "mail digests sent");
    } catch (err) {
      log.error({ err }, "mail digests failed");
    } finally {
      running = false;
    }
  }
  // The first run waits a minute so a restart loop cannot turn into a mail loop.
  const first = setTimeout(() => void tick(), 60_000);
  const timer = setInterval(() => void tick(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
