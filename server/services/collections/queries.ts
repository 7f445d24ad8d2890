import { and, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { pagesChanged } from "../../lib/page-purge.ts";
import { ALL_PAGES } from "../../lib/page-scopes.ts";
import { publicUserColumns, type PublicUserRow } from "../users/index.ts";
import { authorColumns, entryListColumns, publicEntry } from "../entries/index.ts";
import {
  collectionSetEntries,
  collectionSetFollowers,
  collectionSets,
  entries,
  users,
} from "../../../db/schema/index.ts";
import { deleteLink, idsAmong, insertLink } from "../../lib/link-rows.ts";
import { updateStamped } from "../../lib/update-row.ts";

export type CollectionSetRow = typeof collectionSets.$inferSelect;
/** A set with its author's public columns (never the password hash or contacts). */
export interface SetWithAuthor {
  set: CollectionSetRow;
  user: PublicUserRow;
}

/** The two orders of a list of sets (spec §7 rankType). */
export type SetRank = "new" | "hot";

/**
 * Orders with the id as the last key, so the order is total: offset pages neither repeat nor skip
 * while nothing changes. new walks collection_sets_created_idx (or _tag_created_idx with a tag)
 * backward; hot walks collection_sets_followers_idx backward.
 */
function setOrder(rank: SetRank) {
  return rank === "hot"
    ? [desc(collectionSets.followerCount), desc(collectionSets.id)]
    : [desc(collectionSets.createdAt), desc(collectionSets.id)];
}

/** A set by id, with its author (reads, no lock), whatever its state. */
export async function setWithAuthor(db: Tx, id: string): Promise<SetWithAuthor | undefined> {
  const [row] = await db
    .select({ set: collectionSets, user: publicUserColumns })
    .from(collectionSets)
    .innerJoin(users, eq(users.id, collectionSets.userId))
    .where(eq(collectionSets.id, id))
    .limit(1);
  return row;
}

/*
 * lockSet locks the set row for the rest of the transaction. Every change to a set's rows (entries,
 * followers) and counters takes this lock first, so concurrent toggles on one set run one after
 * another and the counter always moves with exactly the rows that changed.
 */
export const { lock: lockSet, insert: insertSet } = rowsById(collectionSets);

export async function updateSet(tx: Tx, id: string, values: Partial<typeof collectionSets.$inferInsert>) {
  return updateStamped(tx, collectionSets, id, values);
}

/**
 * Deletes the set; its entry and follower rows go with it (ON DELETE CASCADE). Once that commits,
 * every stored page forgets it (the set lists, its page, its creator's pages).
 */
export async function deleteSet(tx: Tx, id: string): Promise<void> {
  await tx.delete(collectionSets).where(eq(collectionSets.id, id));
  await pagesChanged(tx, [ALL_PAGES]);
}

export interface SetFilter {
  rank: SetRank;
  /** Only editor-picked sets. */
  recommended?: boolean;
  /** Only sets with this topic tag. */
  tag?: string;
  /** Only sets created by this user. */
  userId?: string;
}

/** One page of sets with their authors, in `rank` order (offset paging, zero-based pages). */
export async function setPage(db: Tx, f: SetFilter, offset: number, limit: number) {
  const where: SQL[] = [];
  if (f.recommended) where.push(eq(collectionSets.recommended, true));
  if (f.tag) where.push(eq(collectionSets.tag, f.tag));
  if (f.userId) where.push(eq(collectionSets.userId, f.userId));
  return db
    .select({ set: collectionSets, user: publicUserColumns })
    .from(collectionSets)
    .innerJoin(users, eq(users.id, collectionSets.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...setOrder(f.rank))
    .offset(offset)
    .limit(limit);
}

/** How many sets a user created (collection_sets_user_created_idx). */
export async function countSetsOf(db: Tx, userId: string): Promise<number> {
  return db.$count(collectionSets, eq(collectionSets.userId, userId));
}

/**
 * The sets a user follows, most recently followed first (collection_set_followers_user_created_idx),
 * with their authors.
 */
export async function followedSetPage(db: Tx, userId: string, offset: number, limit: number) {
  return db
    .select({ set: collectionSets, user: publicUserColumns, followedAt: collectionSetFollowers.createdAt })
    .from(collectionSetFollowers)
    .innerJoin(collectionSets, eq(collectionSets.id, collectionSetFollowers.collectionSetId))
    .innerJoin(users, eq(users.id, collectionSets.userId))
    .where(eq(collectionSetFollowers.userId, userId))
    .orderBy(desc(collectionSetFollowers.createdAt), desc(collectionSetFollowers.collectionSetId))
    .offset(offset)
    .limit(limit);
}

export async function countFollowedSets(db: Tx, userId: string): Promise<number> {
  return db.$count(collectionSetFollowers, eq(collectionSetFollowers.userId, userId));
}

/** Which of `setIds` does `userId` follow? */
export async function followedAmong(db: Tx, userId: string, setIds: string[]): Promise<Set<string>> {
  const mine = eq(collectionSetFollowers.userId, userId);
  return idsAmong(db, collectionSetFollowers, mine, collectionSetFollowers.collectionSetId, setIds);
}

/** Which of `setIds` hold the entry? */
export async function setsHoldingEntry(db: Tx, entryId: string, setIds: string[]): Promise<Set<string>> {
  const holding = eq(collectionSetEntries.entryId, entryId);
  return idsAmong(db, collectionSetEntries, holding, collectionSetEntries.collectionSetId, setIds);
}

/** Which of `entryIds` are in at least one of `userId`'s sets (collection_set_entries_entry_idx)? */
export async function entriesInSetsOf(db: Tx, userId: string, entryIds: string[]): Promise<Set<string>> {
  if (!entryIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: collectionSetEntries.entryId })
    .from(collectionSetEntries)
    .innerJoin(collectionSets, eq(collectionSets.id, collectionSetEntries.collectionSetId))
    .where(and(eq(collectionSets.userId, userId), inArray(collectionSetEntries.entryId, entryIds)));
  return new Set(rows.map((r) => r.id));
}

/** Adds the follower row; true only when this call inserted it (following twice is a no-op). */
export async function insertFollower(tx: Tx, setId: string, userId: string): Promise<boolean> {
  return insertLink(
    tx,
    collectionSetFollowers,
    { collectionSetId: setId, userId },
    collectionSetFollowers.collectionSetId,
  );
}

/** Removes the follower row; true only when this call deleted it. */
export async function deleteFollower(tx: Tx, setId: string, userId: string): Promise<boolean> {
  const link = and(
    eq(collectionSetFollowers.collectionSetId, setId),
    eq(collectionSetFollowers.userId, userId),
  );
  return deleteLink(tx, collectionSetFollowers, link, collectionSetFollowers.collectionSetId);
}

/** Adds the entry row; true only when this call inserted it (collecting twice is a no-op). */
export async function insertSetEntry(tx: Tx, setId: string, entryId: string): Promise<boolean> {
  return insertLink(
    tx,
    collectionSetEntries,
    { collectionSetId: setId, entryId },
    collectionSetEntries.collectionSetId,
  );
}

/** Removes the entry row; true only when this call deleted it. */
export async function deleteSetEntry(tx: Tx, setId: string, entryId: string): Promise<boolean> {
  const link = and(
    eq(collectionSetEntries.collectionSetId, setId),
    eq(collectionSetEntries.entryId, entryId),
  );
  return deleteLink(tx, collectionSetEntries, link, collectionSetEntries.collectionSetId);
}

/** Moves one of the set's counters by `delta` (the row is locked by lockSet); answers the new row. */
export async function bumpSetCounter(
  tx: Tx,
  setId: string,
  counter: "entryCount" | "followerCount",
  delta: 1 | -1,
): Promise<CollectionSetRow> {
  const column = counter === "entryCount" ? collectionSets.entryCount : collectionSets.followerCount;
  const [row] = await tx
    .update(collectionSets)
    .set({ [counter]: sql`${column} + ${delta}` })
    .where(eq(collectionSets.id, setId))
    .returning();
  return row;
}

/** An entry's state, for collecting it: only public entries can be collected (isPublicEntry). */
export async function entryState(db: Tx, entryId: string) {
  const [row] = await db
    .select({ id: entries.id, status: entries.status, deletedAt: entries.deletedAt })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  return row;
}

/**
 * One page of a set's entries with their authors. new: most recently collected first
 * (collection_set_entries_set_created_idx); hot: the entries' hotIndex, best first, sorted among
 * this set's rows only. Entries deleted or unpublished since stay in the set (and in entryCount,
 * which counts rows) but are not listed.
 */
export async function setEntryPage(db: Tx, setId: string, rank: SetRank, offset: number, limit: number) {
  const order =
    rank === "hot"
      ? [desc(entries.hotIndex), desc(entries.id)]
      : [desc(collectionSetEntries.createdAt), desc(collectionSetEntries.entryId)];
  return (
    db
      // The entries by their list columns (no body) and authors by what presentEntry shows.
      .select({ entry: entryListColumns, user: authorColumns, collectedAt: collectionSetEntries.createdAt })
      .from(collectionSetEntries)
      .innerJoin(entries, eq(entries.id, collectionSetEntries.entryId))
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(collectionSetEntries.collectionSetId, setId), publicEntry()))
      .orderBy(...order)
      .offset(offset)
      .limit(limit)
  );
}

/**
 * The most used topic tags of sets, most sets first (an index-only walk of
 * collection_sets_tag_created_idx); sets without a tag are not counted.
 */
export async function hotTags(db: Tx, limit: number) {
  const n = count();
  return db
    .select({ title: collectionSets.tag, count: n })
    .from(collectionSets)
    .where(ne(collectionSets.tag, ""))
    .groupBy(collectionSets.tag)
    .orderBy(desc(n), collectionSets.tag)
    .limit(limit);
}
