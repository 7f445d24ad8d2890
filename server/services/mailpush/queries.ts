import { and, eq, gt, inArray, isNotNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import {
  entries,
  follows,
  mailPushSettings,
  notificationBroadcasts,
  notificationReadMarks,
  notifications,
  users,
} from "../../../db/schema/index.ts";
import { notHiddenFrom } from "../blocks/index.ts";
import { publicEntry } from "../entries/index.ts";

/** A recipient of a mail push: only verified addresses of accounts in good standing get mail. */
export interface Recipient {
  userId: string;
  email: string;
  username: string;
}

/** The followee's address when their follow switch is on (default off) and the address is verified. */
export async function followMailRecipient(db: Tx, userId: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, username: users.username })
    .from(users)
    .leftJoin(mailPushSettings, eq(mailPushSettings.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        eq(users.blacklist, false),
        sql`coalesce(${mailPushSettings.follow}, false)`,
      ),
    );
  return row?.email ? { ...row, email: row.email } : undefined;
}

/** An entry a digest may list, with when its notification (or broadcast) was made. */
export interface DigestEntry {
  entryId: string;
  at: Date;
}

/** What a digest run asks of the queries below. */
export interface DigestWindow {
  since: Date;
  mailedBefore: Date;
}

const lastArticleMail = sql`coalesce(${mailPushSettings.articleMailedAt}, '-infinity'::timestamptz)`;

/**
 * The one rule of who is owed an article digest of what, over users and their mail_push_settings
 * row: the article switch on (default on), a verified address of an account in good standing, no
 * article mail after `mailedBefore`, and only what came (`at`) after `since` and their last one.
 */
function owedArticleDigest(q: DigestWindow, at: AnyColumn): SQL | undefined {
  return and(
    gt(at, q.since),
    sql`${at} > ${lastArticleMail}`,
    sql`${lastArticleMail} < ${q.mailedBefore.toISOString()}::timestamptz`,
    sql`coalesce(${mailPushSettings.article}, true)`,
    isNotNull(users.email),
    eq(users.emailVerified, true),
    eq(users.blacklist, false),
  );
}

/**
 * Users owed an article digest: unread submitEntry notifications newer than both their last
 * article mail and `since`, article switch on (default on), verified address, not mailed after
 * `mailedBefore`. Keyset by user id, `limit` a batch; `latest` newest first, at most 10.
 */
export async function articleDigestBatch(
  db: Tx,
  q: DigestWindow & { afterUserId: string; limit: number },
): Promise<(Recipient & { latest: DigestEntry[]; total: number })[]> {
  const rows = await db
    .select({
      userId: notifications.userId,
      email: users.email,
      username: users.username,
      entryIds: sql<
        string[]
      >`(array_agg(${notifications.entryId}::text order by ${notifications.createdAt} desc))[1:10]`,
      // Epoch milliseconds: both drivers read a float8[] as numbers, whatever the session's time zone.
      times: sql<number[]>`(array_agg((extract(epoch from ${notifications.createdAt}) * 1000)::float8
        order by ${notifications.createdAt} desc))[1:10]`,
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(mailPushSettings, eq(mailPushSettings.userId, notifications.userId))
    .where(
      and(
        eq(notifications.type, "submitEntry"),
        eq(notifications.checked, false),
        isNotNull(notifications.entryId),
        owedArticleDigest(q, notifications.createdAt),
        gt(notifications.userId, q.afterUserId),
      ),
    )
    .groupBy(notifications.userId, users.email, users.username)
    .orderBy(notifications.userId)
    .limit(q.limit);
  return rows.flatMap(({ entryIds, times, ...r }) =>
    r.email
      ? [
          {
            ...r,
            email: r.email,
            latest: entryIds.map((entryId, i) => ({ entryId, at: new Date(Number(times[i])) })),
          },
        ]
      : [],
  );
}

/**
 * The authors whose entries went out by broadcast (fan-out on read) after `since`: a
 * few, the very followed. Their followers have no notification rows for the digest to find.
 */
export async function broadcastersSince(db: Tx, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ authorId: notificationBroadcasts.authorId })
    .from(notificationBroadcasts)
    .where(gt(notificationBroadcasts.createdAt, since));
  return rows.map((r) => r.authorId);
}

/**
 * The next `limit` followers of any of `authorIds` by user id after `afterUserId`: the follows
 * primary key (follower_id, followee_id) walked in order, so a day's batches together read it once.
 */
export async function followersAmong(
  db: Tx,
  authorIds: string[],
  afterUserId: string,
  limit: number,
): Promise<string[]> {
  if (!authorIds.length) return [];
  const rows = await db
    .selectDistinct({ id: follows.followerId })
    .from(follows)
    .where(and(gt(follows.followerId, afterUserId), inArray(follows.followeeId, authorIds)))
    .orderBy(follows.followerId)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The unread broadcasts of `authorIds` each of `userIds` is owed in a digest, under the same rules
 * as articleDigestBatch's notifications (switch, verified address, last mail, `since`), and as the
 * notification page reads them: published after the follow and after the reader's read mark, still
 * live, not from someone the reader muted or blocked. Newest first.
 */
export async function broadcastDigestEntries(
  db: Tx,
  userIds: string[],
  authorIds: string[],
  q: DigestWindow,
): Promise<(Recipient & DigestEntry)[]> {
  if (!userIds.length || !authorIds.length) return [];
  const rows = await db
    .select({
      userId: follows.followerId,
      email: users.email,
      username: users.username,
      entryId: notificationBroadcasts.entryId,
      at: notificationBroadcasts.createdAt,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .leftJoin(mailPushSettings, eq(mailPushSettings.userId, follows.followerId))
    .leftJoin(notificationReadMarks, eq(notificationReadMarks.userId, follows.followerId))
    .innerJoin(
      notificationBroadcasts,
      and(
        eq(notificationBroadcasts.authorId, follows.followeeId),
        gt(notificationBroadcasts.createdAt, follows.createdAt),
      ),
    )
    .innerJoin(entries, eq(entries.id, notificationBroadcasts.entryId))
    .where(
      and(
        inArray(follows.followerId, userIds),
        inArray(follows.followeeId, authorIds),
        publicEntry(),
        sql`${notificationBroadcasts.createdAt} > coalesce(${notificationReadMarks.readAt}, '-infinity'::timestamptz)`,
        owedArticleDigest(q, notificationBroadcasts.createdAt),
        notHiddenFrom(follows.followerId, follows.followeeId),
      ),
    )
    .orderBy(follows.followerId, sql`${notificationBroadcasts.createdAt} desc`);
  return rows.flatMap((r) => (r.email ? [{ ...r, email: r.email }] : []));
}

/** Users owed the weekly digest: week switch on (default on), verified, not mailed since `mailedBefore`. */
export async function weeklyDigestBatch(
  db: Tx,
  q: { mailedBefore: Date; afterUserId: string; limit: number },
): Promise<Recipient[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, username: users.username })
    .from(users)
    .leftJoin(mailPushSettings, eq(mailPushSettings.userId, users.id))
    .where(
      and(
        gt(users.id, q.afterUserId),
        eq(users.emailVerified, true),
        eq(users.blacklist, false),
        sql`${users.email} is not null`,
        sql`coalesce(${mailPushSettings.week}, true)`,
        sql`coalesce(${mailPushSettings.weekMailedAt}, '-infinity'::timestamptz) < ${q.mailedBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(users.id)
    .limit(q.limit);
  return rows.flatMap((r) => (r.email ? [{ ...r, email: r.email }] : []));
}

/**
 * Records that a digest went out to these users (one upsert for the batch). Written before the
 * mails are sent: a crash mid-batch loses a digest rather than sending it twice.
 */
export async function markMailed(db: Tx, kind: "article" | "week", userIds: string[], at: Date) {
  if (!userIds.length) return;
  const column = kind === "article" ? "articleMailedAt" : "weekMailedAt";
  await db
    .insert(mailPushSettings)
    .values(userIds.map((userId) => ({ userId, [column]: at })))
    .onConflictDoUpdate({
      target: mailPushSettings.userId,
      set: {
        [column]: kind === "article" ? sql`excluded.article_mailed_at` : sql`excluded.week_mailed_at`,
      },
    });
}

export function entryTitles(db: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: entries.id, title: entries.title, type: entries.type, originalUrl: entries.originalUrl })
    .from(entries)
    .where(and(inArray(entries.id, ids), publicEntry()));
}

export async function usernameOf(db: Tx, userId: string) {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row;
}
