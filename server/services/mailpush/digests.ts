import type { Caller, Deps } from "../deps.ts";
import type { EntryService } from "../entries/index.ts";
import {
  articleDigestBatch,
  broadcastDigestEntries,
  broadcastersSince,
  entryTitles,
  followersAmong,
  followMailRecipient,
  markMailed,
  usernameOf,
  weeklyDigestBatch,
  type DigestEntry,
  type DigestWindow,
  type Recipient,
} from "./queries.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Users a batch: one query finds them, one upsert marks them, then their mails go out. */
const BATCH = 500;
/** Mails in flight at once, so a slow SMTP server is not opened hundreds of connections. */
const PARALLEL = 5;
/** Entries a digest lists. */
const DIGEST_ENTRIES = 10;

const NOBODY: Caller = { userId: null, sessionId: null, ip: "127.0.0.1", userAgent: "mail-digest" };

export interface DigestRun {
  mailed: number;
  failed: number;
}

/**
 * How far a batch made of several keyset walks (each the next `size` ids in order, or fewer when
 * none are left) covers users: up to the smallest last id of a walk that came back full, past which
 * that walk may have more; null when none came back full (every walk is done).
 */
export function coveredUpTo(walks: string[][], size: number): string | null {
  let upTo: string | null = null;
  for (const ids of walks) {
    if (ids.length < size) continue;
    const last = ids[ids.length - 1];
    if (upTo === null || last < upTo) upTo = last;
  }
  return upTo;
}

/**
 * The mails behind the three switches of the spec's Mail status (mail push settings):
 * - follow (default off): "X 关注了你", once per follower — only when the follow also made the
 *   notification, which is once ever per pair, so follow/unfollow toggling cannot flood a mailbox;
 * - article (default on): at most one digest a day of new entries by people one follows, made from
 *   the unread submitEntry notifications and a very followed author's unread broadcasts (read ones
 *   were already seen on the site);
 * - week (default on): the week's hottest entries, once a week.
 * Only verified addresses get mail. Runs are driven by schedule.ts; tests call them directly.
 */
export function createMailDigests(deps: Deps, entries: EntryService) {
  const { db, mailer, config } = deps;
  const site = config.siteName;
  // /entry/{id} sends column articles on to /post/… and votes to their detail page (spec §2).
  const link = (e: { id: string }) => `${config.publicUrl}/entry/${e.id}`;
  const footer = `\n\n——\n不想再收到这类邮件？在 ${config.publicUrl}/user/settings/mail 关闭。`;

  async function sendAll(mails: { to: string; subject: string; text: string }[]): Promise<DigestRun> {
    let mailed = 0;
    let failed = 0;
    for (let i = 0; i < mails.length; i += PARALLEL) {
      const results = await Promise.allSettled(mails.slice(i, i + PARALLEL).map((m) => mailer.send(m)));
      for (const r of results) {
        if (r.status === "fulfilled") mailed++;
        else failed++;
      }
    }
    return { mailed, failed };
  }

  /**
   * Walks the users owed a digest by id, a batch at a time: marks the batch mailed (before sending,
   * so a crash loses a digest rather than doubling it), then sends its mails. `next` answers a
   * batch and the id it covered users up to (null: none are left after it).
   */
  async function inBatches<R extends Recipient>(
    kind: "article" | "week",
    now: Date,
    next: (afterUserId: string) => Promise<{ batch: R[]; upTo: string | null }>,
    mailsFor: (batch: R[]) => Promise<{ to: string; subject: string; text: string }[]>,
  ): Promise<DigestRun> {
    const total: DigestRun = { mailed: 0, failed: 0 };
    for (let after: string | null = ""; after !== null;) {
      const { batch, upTo }: { batch: R[]; upTo: string | null } = await next(after);
      after = upTo;
      if (!batch.length) continue;
      await markMailed(
        db,
        kind,
        batch.map((r) => r.userId),
        now,
      );
      const run = await sendAll(await mailsFor(batch));
      total.mailed += run.mailed;
      total.failed += run.failed;
    }
    return total;
  }

  /** A keyset batch of one query: it covered users up to its last one, or all when it came back empty. */
  const byLast = <R extends Recipient>(batch: R[]) => ({
    batch,
    upTo: batch.length ? batch[batch.length - 1].userId : null,
  });

  type ArticleRecipient = Recipient & { latest: DigestEntry[]; total: number };

  /**
   * The article digests owed to users after `after`: those with unread submitEntry notifications,
   * merged with the followers of authors announced by broadcast (fan-out on read), who
   * have no rows for the first query to find. Two keyset walks by user id; the batch covers users up
   * to the smaller last id of a walk that came back full (past it that walk may have more).
   */
  async function articleBatch(after: string, window: DigestWindow, broadcasters: string[]) {
    const [notified, followers] = await Promise.all([
      articleDigestBatch(db, { ...window, afterUserId: after, limit: BATCH }),
      followersAmong(db, broadcasters, after, BATCH),
    ]);
    const upTo = coveredUpTo([notified.map((r) => r.userId), followers], BATCH);
    const within = (id: string) => upTo === null || id <= upTo;
    const heard = await broadcastDigestEntries(db, followers.filter(within), broadcasters, window);
    const owed = new Map<string, ArticleRecipient>();
    for (const r of notified) if (within(r.userId)) owed.set(r.userId, { ...r, latest: [...r.latest] });
    for (const { entryId, at, ...who } of heard) {
      let r = owed.get(who.userId);
      if (!r) owed.set(who.userId, (r = { ...who, latest: [], total: 0 }));
      if (r.latest.some((e) => e.entryId === entryId)) continue;
      r.latest.push({ entryId, at });
      r.total++;
    }
    const batch = [...owed.values()].sort((a, b) => (a.userId < b.userId ? -1 : 1));
    for (const r of batch) {
      r.latest = r.latest.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, DIGEST_ENTRIES);
    }
    // upTo null: neither walk came back full, so nobody is left after this batch.
    return { batch, upTo };
  }

  return {
    /** After a follow committed and notified `followeeId`: mail them if they asked for it. */
    async followed(followerId: string, followeeId: string): Promise<boolean> {
      const to = await followMailRecipient(db, followeeId);
      if (!to) return false;
      const follower = await usernameOf(db, followerId);
      if (!follower) return false;
      await mailer.send({
        to: to.email,
        subject: `${follower.username} 关注了你 - ${site}`,
        text: `${to.username}，你好：\n\n${follower.username} 在${site}关注了你。\n看看 TA 的主页：${config.publicUrl}/user/${followerId}${footer}`,
      });
      return true;
    },

    /** One digest per user owed one (see articleDigestBatch); `now` is injectable for tests. */
    async runArticleDigest(now = new Date()): Promise<DigestRun> {
      const window: DigestWindow = {
        since: new Date(now.getTime() - DAY),
        mailedBefore: new Date(now.getTime() - DAY + HOUR),
      };
      const broadcasters = await broadcastersSince(db, window.since);
      return inBatches(
        "article",
        now,
        (after) => articleBatch(after, window, broadcasters),
        async (batch) => {
          const ids = [...new Set(batch.flatMap((r) => r.latest.map((e) => e.entryId)))];
          const titles = new Map((await entryTitles(db, ids)).map((e) => [e.id, e]));
          return batch.flatMap((r) => {
            const list = r.latest.flatMap(({ entryId: id }) => {
              const e = titles.get(id);
              return e ? [`· ${e.title}\n  ${link(e)}`] : [];
            });
            if (!list.length) return [];
            const more = r.total > list.length ? `\n…还有 ${r.total - list.length} 篇，去通知页看看。` : "";
            return [
              {
                to: r.email,
                subject: `你关注的作者发布了 ${r.total} 篇新内容 - ${site}`,
                text: `${r.username}，你好：\n\n你关注的作者最近发布了：\n\n${list.join("\n")}${more}${footer}`,
              },
            ];
          });
        },
      );
    },

    /** The week's hottest entries to everyone owed a weekly mail (none in the last 6 days). */
    async runWeeklyDigest(now = new Date()): Promise<DigestRun> {
      const hot = await entries.feed({ sort: "weeklyHottest", limit: DIGEST_ENTRIES }, NOBODY);
      if (!hot.list.length) return { mailed: 0, failed: 0 };
      const body = hot.list.map((e, i) => `${i + 1}. ${e.title}\n   ${link(e)}`).join("\n");
      return inBatches(
        "week",
        now,
        async (after) =>
          byLast(
            await weeklyDigestBatch(db, {
              mailedBefore: new Date(now.getTime() - 6 * DAY),
              afterUserId: after,
              limit: BATCH,
            }),
          ),
        async (batch) =>
          batch.map((r) => ({
            to: r.email,
            subject: `本周热门 - ${site}`,
            text: `${r.username}，你好：\n\n这是${site}本周最受欢迎的内容：\n\n${body}${footer}`,
          })),
      );
    },
  };
}

export type MailDigests = ReturnType<typeof createMailDigests>;
