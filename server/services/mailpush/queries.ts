import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { entries, mailPushSettings, notifications, users } from "../../../db/schema/index.ts";

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

/**
 * Users owed an article digest: unread submitEntry notifications newer than both their last
 * article mail and `since`, article switch on (default on), verified address, not mailed after
 * `mailedBefore`. Keyset by user id, `limit` a batch; entryIds newest first, at most 10.
 */
export async function articleDigestBatch(
  db: Tx,
  q: { since: Date; mailedBefore: Date; afterUserId: string; limit: number },
): Promise<(Recipient & { entryIds: string[]; total: number })[]> {
  const lastMailed = sql`coalesce(${mailPushSettings.articleMailedAt}, '-infinity'::timestamptz)`;
  const rows = await db
    .select({
      userId: notifications.userId,
      email: users.email,
      username: users.username,
      entryIds: sql<
        string[]
      >`(array_agg(${notifications.entryId}::text order by ${notifications.createdAt} desc))[1:10]`,
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
        gt(notifications.createdAt, q.since),
        sql`${notifications.createdAt} > ${lastMailed}`,
        sql`${lastMailed} < ${q.mailedBefore.toISOString()}::timestamptz`,
        sql`coalesce(${mailPushSettings.article}, true)`,
        isNotNull(users.email),
        eq(users.emailVerified, true),
        eq(users.blacklist, false),
        gt(notifications.userId, q.afterUserId),
      ),
    )
    .groupBy(notifications.userId, users.email, users.username)
    .orderBy(notifications.userId)
    .limit(q.limit);
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
    .where(and(inArray(entries.id, ids), eq(entries.status, "published"), sql`${entries.deletedAt} is null`));
}

export async function usernameOf(db: Tx, userId: string) {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row;
}
