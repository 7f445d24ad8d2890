import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { entries, entryTags, follows, tagSubscriptions, users } from "../../../db/schema/index.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { deleteLink, idsAmong, insertLink } from "../../lib/link-rows.ts";
import { publicUserColumns } from "../users/index.ts";
import { publicEntry } from "../entries/index.ts";

/** Adds the follow row; true only when this call inserted it (following twice is a no-op). */
export async function insertFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  return insertLink(tx, follows, { followerId, followeeId }, follows.followerId);
}

/** Removes the follow row; true only when this call deleted it. */
export async function deleteFollow(tx: Tx, followerId: string, followeeId: string): Promise<boolean> {
  const link = and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
  return deleteLink(tx, follows, link, follows.followerId);
}

/**
 * Moves followersCount of the followee and followeesCount of the follower by `delta`, in id order
 * (the rows are already locked by users' lockUsers; the order keeps the two updates consistent with it).
 * Answers the followee's new followersCount and the follower's new followeesCount.
 */
export async function bumpFollowCounts(tx: Tx, followerId: string, followeeId: string, delta: 1 | -1) {
  const updates = [
    { id: followerId, set: { followeesCount: sql`${users.followeesCount} + ${delta}` } },
    { id: followeeId, set: { followersCount: sql`${users.followersCount} + ${delta}` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  const out = { followersCount: 0, followeesCount: 0 };
  for (const u of updates) {
    const [row] = await tx
      .update(users)
      .set(u.set)
      .where(eq(users.id, u.id))
      .returning({ followersCount: users.followersCount, followeesCount: users.followeesCount });
    if (u.id === followeeId) out.followersCount = row.followersCount;
    else out.followeesCount = row.followeesCount;
  }
  return out;
}

/** The counts of some users, by id. */
export async function followCountsOf(db: Tx, ids: string[]) {
  if (!ids.length)
    return new Map<string, { followersCount: number; followeesCount: number; erasedAt: Date | null }>();
  const rows = await db
    .select({
      id: users.id,
      followersCount: users.followersCount,
      followeesCount: users.followeesCount,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of `ids` does `followerId` follow? */
export async function followedAmong(db: Tx, followerId: string, ids: string[]): Promise<Set<string>> {
  return idsAmong(db, follows, eq(follows.followerId, followerId), follows.followeeId, ids);
}

/**
 * One page of a user's followers (side "followers": rows with followee = uid, listing the
 * follower) or followees (side "followees"), newest follow first. Keyset on (createdAt, other
 * user's id): follows made while someone pages through land before the first page, so later pages
 * neither repeat nor skip (follows_followee_created_idx / follows_follower_created_idx).
 */
export async function followPage(
  db: Tx,
  side: "followers" | "followees",
  uid: string,
  pointer: Pointer<Date> | null,
  limit: number,
) {
  const mine = side === "followers" ? follows.followeeId : follows.followerId;
  const other = side === "followers" ? follows.followerId : follows.followeeId;
  const after = keysetAfter(follows.createdAt, other, pointer);
  // The user by the columns presentPublicUser shows, not the whole row (no password hash, e-mail, phone).
  return db
    .select({ user: publicUserColumns, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(mine, uid), after))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit);
}

/**
 * Authors of public entries in the tags `userId` subscribes to, hottest first: the first
 * source of suggested users (spec §5).
 */
export async function authorsInSubscribedTags(db: Tx, userId: string, limit: number) {
  return db
    .select({ id: entries.userId })
    .from(tagSubscriptions)
    .innerJoin(entryTags, eq(entryTags.tagId, tagSubscriptions.tagId))
    .innerJoin(entries, eq(entries.id, entryTags.entryId))
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(tagSubscriptions.userId, userId), publicEntry()))
    .groupBy(entries.userId, users.totalHotIndex)
    .orderBy(desc(users.totalHotIndex), desc(entries.userId))
    .limit(limit);
}

/** Up to `limit` follow rows with the user on either side (an erased account's both ways). */
export async function followPairsOf(tx: Tx | Db, userId: string, limit: number) {
  return tx
    .select({ followerId: follows.followerId, followeeId: follows.followeeId })
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
    .limit(limit);
}
