import { and, count, desc, eq, inArray, isNull, notExists, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../../db/client.ts";
import {
  comments,
  entries,
  follows,
  notificationBroadcasters,
  notificationBroadcasts,
  notificationReadMarks,
  notifications,
  pins,
  systemNotificationReads,
  systemNotifications,
  users,
} from "../../../db/schema/index.ts";
import { notHiddenFrom } from "../blocks/index.ts";
import { publicEntry } from "../entries/index.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { columnsByIds } from "../../lib/row-by-id.ts";

/** Rows strictly after the pointer in (createdAt desc, id desc) order. */
const after = (t: { createdAt: PgColumn; id: PgColumn }, p: Pointer<Date>) =>
  keysetAfter(t.createdAt, t.id, p);

/**
 * Issue 13: a notification whose latest actor the recipient muted or blocked is neither listed
 * nor counted (one anti-join on user_blocks' primary key). Notifications from them are not written
 * after the mute (notify.ts); this hides the ones written before, and submitEntry fan-outs.
 */
const notFromHidden = notHiddenFrom(
  notifications.userId,
  sql`${notifications.actorIds}[cardinality(${notifications.actorIds})]`,
)!;

/** The same, in the raw SQL below over notifications aliased n. */
const notFromHiddenSql = notHiddenFrom(sql`n.user_id`, sql`n.actor_ids[cardinality(n.actor_ids)]`)!;

/** A follower f who muted or blocked the broadcaster a hears nothing of them. */
const followerHearsBroadcaster = notHiddenFrom(sql`f.follower_id`, sql`a.user_id`)!;

/**
 * The broadcasts (fan-out on read) the user has not read: entries of the broadcasters they follow,
 * published after they followed and after their read mark, still live. A scalar subquery over the
 * user id expression `user`; each broadcaster followed is one walk of its newest broadcasts.
 */
function unreadBroadcasts(user: SQL): SQL {
  return sql`(select count(*) from ${notificationBroadcasters} a
      join ${follows} f on f.followee_id = a.user_id and f.follower_id = ${user}
        and ${followerHearsBroadcaster}
      join ${notificationBroadcasts} x on x.author_id = a.user_id and x.created_at > f.created_at
        and x.created_at > coalesce((select m.read_at from ${notificationReadMarks} m where m.user_id = ${user}),
                                    '-infinity'::timestamptz)
      join ${entries} e on e.id = x.entry_id and ${publicEntry("e")})`;
}

/**
 * The recipient's unread notifications: unchecked rows (the partial notifications_unread_idx) and
 * unread broadcasts, in one statement.
 */
export async function countUnreadUser(db: Tx, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select ((select count(*) from ${notifications} n where n.user_id = ${userId} and not n.checked
               and ${notFromHiddenSql})
            + ${unreadBroadcasts(sql`${userId}`)})::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** A broadcast as a page shows it: the follower's submitEntry notification of a broadcaster's entry. */
export interface BroadcastRow {
  entryId: string;
  authorId: string;
  createdAt: Date;
  /** Published no later than the reader's read mark. */
  checked: boolean;
}

/**
 * One page of the broadcasts the user hears of, newest first by (createdAt, entryId), after the
 * pointer: each followed broadcaster's newest live broadcasts after the follow (at most `limit` each,
 * notification_broadcasts_author_created_idx), merged.
 */
export async function broadcastPage(
  db: Tx,
  userId: string,
  pointer: Pointer<Date> | null,
  limit: number,
): Promise<BroadcastRow[]> {
  const before = pointer
    ? pointer.id
      ? sql`and (x.created_at, x.entry_id) < (${pointer.value.toISOString()}::timestamptz, ${pointer.id})`
      : sql`and x.created_at < ${pointer.value.toISOString()}::timestamptz`
    : sql``;
  const result = await db.execute(sql`
    select b.entry_id as "entryId", b.author_id as "authorId", b.created_at as "createdAt",
           b.created_at <= coalesce(m.read_at, '-infinity'::timestamptz) as checked
      from ${notificationBroadcasters} a
      join ${follows} f on f.followee_id = a.user_id and f.follower_id = ${userId}
        and ${followerHearsBroadcaster}
      cross join lateral (
        select x.entry_id, x.author_id, x.created_at from ${notificationBroadcasts} x
          join ${entries} e on e.id = x.entry_id and ${publicEntry("e")}
         where x.author_id = a.user_id and x.created_at > f.created_at ${before}
         order by x.created_at desc, x.entry_id desc limit ${limit}) b
      left join ${notificationReadMarks} m on m.user_id = ${userId}
     order by b.created_at desc, b.entry_id desc limit ${limit}`);
  return (result as unknown as { rows: BroadcastRow[] }).rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
  }));
}

/** Whether the user has unread broadcasts (reading all then moves their mark). */
export async function hasUnreadBroadcasts(db: Tx, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${unreadBroadcasts(sql`${userId}`)}::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
}

/** Moves the user's read mark to now: every broadcast so far counts as read. */
export async function markBroadcastsRead(db: Tx, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(notificationReadMarks)
    .values({ userId, readAt: now })
    .onConflictDoUpdate({ target: notificationReadMarks.userId, set: { readAt: now } });
}

/**
 * Announces the entry by one broadcast row (fan-out on read), making the author a broadcaster if
 * they were not; idempotent, so the job may run it again. The broadcast's time is the entry's.
 */
export async function insertBroadcast(db: Tx, n: { authorId: string; entryId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(notificationBroadcasters).values({ userId: n.authorId }).onConflictDoNothing();
    await tx.execute(sql`
      insert into ${notificationBroadcasts} (entry_id, author_id, created_at)
      select e.id, e.user_id, e.created_at from ${entries} e where e.id = ${n.entryId}
      on conflict do nothing`);
  });
}

/** System notifications the user has no read row for. */
export async function countUnreadSystem(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(systemNotifications)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(systemNotificationReads)
          .where(
            and(
              eq(systemNotificationReads.userId, userId),
              eq(systemNotificationReads.systemNotificationId, systemNotifications.id),
            ),
          ),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface UserUnreadCounts {
  userId: string;
  user: number;
  system: number;
}

/**
 * countUnreadUser and countUnreadSystem for many users in one statement (the live streams recount
 * everyone with an open stream after a system notification). A user's unread system count is all
 * system notifications less their read rows: each read row names an existing notification (the
 * foreign key cascades) once (the primary key), so it equals the not-exists count.
 */
export async function countUnreadMany(db: Tx, userIds: string[]): Promise<UserUnreadCounts[]> {
  if (!userIds.length) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select u.id as "userId",
           ((select count(*) from ${notifications} n where n.user_id = u.id and not n.checked
               and ${notFromHiddenSql})
             + ${unreadBroadcasts(sql`u.id`)})::int as "user",
           ((select count(*) from ${systemNotifications})
             - (select count(*) from ${systemNotificationReads} r where r.user_id = u.id))::int as "system"
      from unnest(array[${ids}]::char(24)[]) as u(id)`);
  return (result as unknown as { rows: UserUnreadCounts[] }).rows;
}

/** Marks every notification of the user checked; answers how many changed. */
export async function checkAllUser(db: Tx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ checked: true, updatedAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.checked, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Inserts the missing read rows: every system notification becomes read for the user. */
export async function checkAllSystem(db: Tx, userId: string): Promise<void> {
  await db
    .insert(systemNotificationReads)
    .select(
      db
        .select({
          userId: sql<string>`${userId}::char(24)`.as("user_id"),
          systemNotificationId: systemNotifications.id,
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(systemNotifications),
    )
    .onConflictDoNothing();
}

export type NotificationRow = typeof notifications.$inferSelect;

/** One page of the user's notifications, newest first (notifications_user_created_idx). */
export function userNotificationPage(db: Tx, userId: string, pointer: Pointer<Date> | null, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        notFromHidden,
        pointer ? after(notifications, pointer) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** One page of system notifications, newest first, with the user's read flag. */
export function systemNotificationPage(db: Tx, userId: string, pointer: Pointer<Date> | null, limit: number) {
  return db
    .select({
      id: systemNotifications.id,
      message: systemNotifications.message,
      createdAt: systemNotifications.createdAt,
      readAt: systemNotificationReads.createdAt,
    })
    .from(systemNotifications)
    .leftJoin(
      systemNotificationReads,
      and(
        eq(systemNotificationReads.systemNotificationId, systemNotifications.id),
        eq(systemNotificationReads.userId, userId),
      ),
    )
    .where(pointer ? after(systemNotifications, pointer) : undefined)
    .orderBy(desc(systemNotifications.createdAt), desc(systemNotifications.id))
    .limit(limit);
}

export function entriesByIds(db: Tx, ids: string[]) {
  return columnsByIds(db, entries, { id: entries.id, title: entries.title, type: entries.type }, ids);
}

export function pinsByIds(db: Tx, ids: string[]) {
  return columnsByIds(db, pins, { id: pins.id, content: pins.content, deletedAt: pins.deletedAt }, ids);
}

export function commentsByIds(db: Tx, ids: string[]) {
  const { id, content, firstCommentId, deletedAt } = comments;
  return columnsByIds(db, comments, { id, content, firstCommentId, deletedAt }, ids);
}

export function actorsByIds(db: Tx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Does the recipient already hold a notification of this type from this actor (about this entry)? */
export async function hasNotificationFrom(
  db: Tx,
  q: { userId: string; type: string; actorId: string; entryId: string | null; pinId: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, q.userId),
        eq(notifications.type, q.type),
        q.entryId ? eq(notifications.entryId, q.entryId) : undefined,
        q.pinId ? eq(notifications.pinId, q.pinId) : undefined,
        sql`${q.actorId}::char(24) = any(${notifications.actorIds})`,
      ),
    )
    .limit(1);
  return !!row;
}

/** Names a folded like notification keeps; actorCount still counts everyone. */
export const FOLDED_ACTORS_KEPT = 20;

/**
 * Adds a like to the recipient's unread like notification on the same entry or pin, moving it to
 * the top (createdAt = now). The liked row is locked by the caller, so two likes of one target
 * cannot both miss and insert. Answers false when there is no such notification.
 */
export async function foldIntoUnreadLike(
  db: Tx,
  q: { userId: string; actorId: string; entryId: string | null; pinId: string | null },
): Promise<boolean> {
  const target = q.entryId ? eq(notifications.entryId, q.entryId) : eq(notifications.pinId, q.pinId!);
  const rows = await db
    .update(notifications)
    .set({
      // Newest last; only the latest FOLDED_ACTORS_KEPT names stay.
      actorIds: sql`(${notifications.actorIds} || ${q.actorId}::char(24))[greatest(1, cardinality(${notifications.actorIds}) + 2 - ${FOLDED_ACTORS_KEPT}):]`,
      actorCount: sql`${notifications.actorCount} + 1`,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(notifications.userId, q.userId),
        eq(notifications.type, "like"),
        target,
        isNull(notifications.commentId),
        eq(notifications.checked, false),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Where a fan-out stopped: the last follower told, in the followers' (followedAt, id) order. */
export interface FanOutMark {
  at: string;
  followerId: string;
  /** The followers this batch told (not those told before a crash): their unread counts changed. */
  told: string[];
}

/**
 * One batch of a new entry's submitEntry notifications: the next `limit` followers of the author
 * after `after`, oldest follow first (follows_followee_created_idx), in one statement. A follower
 * already told of this entry is skipped (notifications_submit_once_idx), so a batch run again after
 * a crash tells nobody twice (its rows take the entry's createdAt, which the unique index holds
 * because notifications is partitioned by it). Ids keep the ObjectId layout (seconds first, so they sort by time)
 * with random tails made in SQL. Answers the batch's last follower, null past the end.
 */
export async function insertFollowerFanOutBatch(
  db: Tx,
  n: { authorId: string; entryId: string; secondsHex: string; after: FanOutMark | null; limit: number },
): Promise<FanOutMark | null> {
  const after = n.after
    ? sql`and (${follows.createdAt}, ${follows.followerId}) > (${n.after.at}::timestamptz, ${n.after.followerId})`
    : sql``;
  const result = await db.execute(sql`
    with batch as (
      select ${follows.followerId} as follower_id, ${follows.createdAt} as followed_at
        from ${follows}
       where ${follows.followeeId} = ${n.authorId} and ${follows.followerId} <> ${n.authorId} ${after}
       order by ${follows.createdAt}, ${follows.followerId}
       limit ${n.limit}
    ), told as (
      insert into ${notifications} (id, user_id, type, actor_ids, entry_id, content, created_at, updated_at)
      select ${n.secondsHex} || substr(md5(gen_random_uuid()::text || b.follower_id), 1, 16),
             b.follower_id, 'submitEntry', array[${n.authorId}]::char(24)[], ${n.entryId}, '',
             e.created_at, e.created_at
        from batch b cross join (select created_at from ${entries} where id = ${n.entryId}) e
      on conflict (user_id, entry_id, created_at) where type = 'submitEntry' do nothing
      returning user_id
    )
    select to_char(followed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, follower_id as "followerId",
           (select coalesce(string_agg(user_id, ','), '') from told) as told
      from batch order by followed_at desc, follower_id desc limit 1`);
  const [last] = (result as unknown as { rows: Array<Omit<FanOutMark, "told"> & { told: string }> }).rows;
  return last ? { ...last, told: last.told ? last.told.split(",") : [] } : null;
}

/** Whether an entry can still be announced: it is public. */
export async function isPublished(db: Tx, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.id, entryId), publicEntry()));
  return Boolean(row);
}
