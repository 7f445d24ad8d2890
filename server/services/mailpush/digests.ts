import type { Caller, Deps } from "../deps.ts";
import type { EntryService } from "../entries/index.ts";
import {
  articleDigestBatch,
  entryTitles,
  followMailRecipient,
  markMailed,
  usernameOf,
  weeklyDigestBatch,
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
 * The mails behind the three switches of the spec's Mail status (mail push settings):
 * - follow (default off): "X 关注了你", once per follower — only when the follow also made the
 *   notification, which is once ever per pair, so follow/unfollow toggling cannot flood a mailbox;
 * - article (default on): at most one digest a day of new entries by people one follows, made from
 *   the unread submitEntry notifications (read ones were already seen on the site);
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
   * so a crash loses a digest rather than doubling it), then sends its mails.
   */
  async function inBatches<R extends Recipient>(
    kind: "article" | "week",
    now: Date,
    next: (afterUserId: string) => Promise<R[]>,
    mailsFor: (batch: R[]) => Promise<{ to: string; subject: string; text: string }[]>,
  ): Promise<DigestRun> {
    const total: DigestRun = { mailed: 0, failed: 0 };
    for (let after = ""; ;) {
      const batch = await next(after);
      if (!batch.length) return total;
      after = batch[batch.length - 1].userId;
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
    runArticleDigest(now = new Date()): Promise<DigestRun> {
      return inBatches(
        "article",
        now,
        (after) =>
          articleDigestBatch(db, {
            since: new Date(now.getTime() - DAY),
            mailedBefore: new Date(now.getTime() - DAY + HOUR),
            afterUserId: after,
            limit: BATCH,
          }),
        async (batch) => {
          const ids = [...new Set(batch.flatMap((r) => r.entryIds))];
          const titles = new Map((await entryTitles(db, ids)).map((e) => [e.id, e]));
          return batch.flatMap((r) => {
            const list = r.entryIds.flatMap((id) => {
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
        (after) =>
          weeklyDigestBatch(db, {
            mailedBefore: new Date(now.getTime() - 6 * DAY),
            afterUserId: after,
            limit: BATCH,
          }),
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
