import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { preparedPerDb } from "../../../db/prepared.ts";
import { authorColumns, entryListColumns, publicEntry } from "../entries/index.ts";
import { bumpUserCounters, publicUserColumns } from "../users/index.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { deleteLink, idsAmong, insertLink } from "../../lib/link-rows.ts";
import { commentLikes, entries, entryLikes, pinLikes, users } from "../../../db/schema/index.ts";

/**
 * Locks the entry row for the rest of the transaction and reads what a like needs. Every like and
 * unlike of one entry therefore runs one after another, and the entry cannot be deleted or
 * unpublished between the check and the counter moves (which depend on its state).
 */
export async function lockEntry(tx: Tx, entryId: string) {
  const [row] = await tx
    .select({
      id: entries.id,
      userId: entries.userId,
      status: entries.status,
      deletedAt: entries.deletedAt,
      collectionCount: entries.collectionCount,
    })
    .from(entries)
    .where(eq(entries.id, entryId))
    .for("update");
  return row;
}

/** The entry's like count and state, without a lock (reads). */
export async function entryLikeState(db: Tx, entryId: string) {
  const [row] = await db
    .select({
      id: entries.id,
      status: entries.status,
      deletedAt: entries.deletedAt,
      collectionCount: entries.collectionCount,
    })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  return row;
}

/** The like tables by target: one row per (thing, user), so a second like is a no-op. */
const LIKE_TABLES = {
  entry: { table: entryLikes, target: entryLikes.entryId, user: entryLikes.userId, key: "entryId" },
  pin: { table: pinLikes, target: pinLikes.pinId, user: pinLikes.userId, key: "pinId" },
  comment: {
    table: commentLikes,
    target: commentLikes.commentId,
    user: commentLikes.userId,
    key: "commentId",
  },
} as const;

export type LikeTargetType = keyof typeof LIKE_TABLES;

/**
 * Adds the like row (`liked`) or removes it; true only when this call changed it — a second like,
 * or taking back a like that is not there, is a no-op that moves no counter.
 */
export async function setLike(
  tx: Tx,
  type: LikeTargetType,
  targetId: string,
  userId: string,
  liked: boolean,
): Promise<boolean> {
  const t = LIKE_TABLES[type];
  return liked
    ? insertLink(tx, t.table, { [t.key]: targetId, userId } as never, t.target)
    : deleteLink(tx, t.table, and(eq(t.target, targetId), eq(t.user, userId)), t.target);
}

/**
 * Which of these pins or comments the user likes, in one query (entries have their own, prepared
 * with the entry lists: entries/queries.ts likedAmong).
 */
export async function likedAmong(
  db: Tx,
  type: Exclude<LikeTargetType, "entry">,
  userId: string | null,
  ids: string[],
): Promise<Set<string>> {
  if (!userId) return new Set();
  const t = LIKE_TABLES[type];
  return idsAmong(db, t.table, eq(t.user, userId), t.target, ids);
}

/** entries.collectionCount ± 1, answering the new value. */
export async function bumpEntryLikes(tx: Tx, entryId: string, delta: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(entries)
    .set({ collectionCount: sql`${entries.collectionCount} + ${delta}` })
    .where(eq(entries.id, entryId))
    .returning({ collectionCount: entries.collectionCount });
  return row.collectionCount;
}

export interface UserCounterChange {
  userId: string;
  /** users.collectedEntriesCount: the likes this user gave. */
  collected?: number;
  /** users.totalCollectionsCount: likes received on this user's published entries. */
  received?: number;
}

/**
 * Moves the liker's and the author's counters, whose rows the caller locked first (users'
 * `lockUsers`: in id order, so A liking B's entry while B likes A's cannot deadlock); a user liking
 * their own entry is one update.
 */
export async function bumpLikeCounters(tx: Tx, changes: UserCounterChange[]): Promise<void> {
  const merged = new Map<string, { collected: number; received: number }>();
  for (const c of changes) {
    const m = merged.get(c.userId) ?? { collected: 0, received: 0 };
    m.collected += c.collected ?? 0;
    m.received += c.received ?? 0;
    merged.set(c.userId, m);
  }
  for (const [userId, m] of merged) {
    await bumpUserCounters(tx, userId, {
      collectedEntriesCount: m.collected,
      totalCollectionsCount: m.received,
    });
  }
}

export async function isLiked(db: Tx, entryId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ entryId: entryLikes.entryId })
    .from(entryLikes)
    .where(and(eq(entryLikes.entryId, entryId), eq(entryLikes.userId, userId)))
    .limit(1);
  return rows.length === 1;
}

/**
 * A user's liked entries, newest like first (entry_likes_user_created_idx), with their authors.
 * Likes of entries deleted or unpublished since stay in the table (and in the counters of
 * db/counters.ts) but are not listed. The entry by its list columns (no body) and the author by the
 * columns presentEntry shows, not the whole rows.
 */
export async function likedEntriesOf(db: Tx, userId: string, offset: number, limit: number) {
  return db
    .select({ entry: entryListColumns, user: authorColumns, likedAt: entryLikes.createdAt })
    .from(entryLikes)
    .innerJoin(entries, eq(entries.id, entryLikes.entryId))
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entryLikes.userId, userId), publicEntry()))
    .orderBy(desc(entryLikes.createdAt), desc(entryLikes.entryId))
    .offset(offset)
    .limit(limit);
}

export async function countLikedEntries(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entryLikes)
    .innerJoin(entries, eq(entries.id, entryLikes.entryId))
    .where(and(eq(entryLikes.userId, userId), publicEntry()));
  return Number(row?.n ?? 0);
}

/**
 * The users who liked an entry, newest like first (entry_likes_entry_created_idx): after `pointer`
 * (the last one shown: its like's time and its id) when there is one, else from `offset`. Each by
 * the columns presentPublicUser shows, not the whole row (no password hash, e-mail or phone).
 */
export async function likersOf(
  db: Tx,
  entryId: string,
  from: { pointer: Pointer<Date> | null; offset: number },
  limit: number,
) {
  return db
    .select({ user: publicUserColumns, likedAt: entryLikes.createdAt })
    .from(entryLikes)
    .innerJoin(users, eq(users.id, entryLikes.userId))
    .where(
      and(
        eq(entryLikes.entryId, entryId),
        keysetAfter(entryLikes.createdAt, entryLikes.userId, from.pointer),
      ),
    )
    .orderBy(desc(entryLikes.createdAt), desc(entryLikes.userId))
    .offset(from.pointer ? 0 : from.offset)
    .limit(limit);
}

/**
 * The newest likers' faces only (id, name, avatar): the row of avatars an article page shows.
 * Prepared: every entry page asks it.
 */
export function likerFacesOf(db: Tx, entryId: string, limit: number) {
  return likerFacesQuery(db).execute({ entryId, limit });
}

const likerFacesQuery = preparedPerDb((db: Tx) =>
  db
    .select({ id: users.id, username: users.username, avatarLarge: users.avatarLarge })
    .from(entryLikes)
    .innerJoin(users, eq(users.id, entryLikes.userId))
    .where(eq(entryLikes.entryId, sql.placeholder("entryId")))
    .orderBy(desc(entryLikes.createdAt), desc(entryLikes.userId))
    .limit(sql.placeholder("limit"))
    .prepare("nugget_liker_faces"),
);
