/**
 * The SQL of the account-data service: its own two tables, and the read-only walks of a user's rows
 * for the export. Every walk is keyset-paged on an index that starts with the user's id, so a large
 * account is read a page at a time, never whole.
 */
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../../db/client.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import {
  accountDeletions,
  accountExports,
  bills,
  collectionSetEntries,
  collectionSetFollowers,
  collectionSets,
  comments,
  commentLikes,
  entries,
  entryLikes,
  entryTags,
  follows,
  orders,
  pinLikes,
  pins,
  tagSubscriptions,
  tags,
  users,
  wallets,
} from "../../../db/schema/index.ts";

export type ExportRow = typeof accountExports.$inferSelect;
export type DeletionRow = typeof accountDeletions.$inferSelect;

/** Rows per page of every export walk. */
export const EXPORT_PAGE = 500;

// ---- exports

export async function insertExport(db: Db | Tx, row: typeof accountExports.$inferInsert) {
  const [made] = await db.insert(accountExports).values(row).onConflictDoNothing().returning();
  return made;
}

export async function findExport(db: Db | Tx, id: string) {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id));
  return row;
}

/** The user's newest export request. */
export async function latestExport(db: Db | Tx, userId: string) {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(sql`${accountExports.createdAt} desc, ${accountExports.id} desc`)
    .limit(1);
  return row;
}

export async function markExportReady(
  db: Db | Tx,
  id: string,
  fields: { storageKey: string; size: number; readyAt: Date; expiresAt: Date; tokenHash: string },
) {
  const [row] = await db
    .update(accountExports)
    .set({ ...fields, state: "ready" })
    .where(and(eq(accountExports.id, id), eq(accountExports.state, "pending")))
    .returning();
  return row;
}

/**
 * Marks failed the user's exports still pending since before `before`: their job gave up (its
 * retries spent), and one stuck row must not block every later request.
 */
export async function failStaleExports(db: Db | Tx, userId: string, before: Date) {
  await db
    .update(accountExports)
    .set({ state: "failed" })
    .where(
      and(
        eq(accountExports.userId, userId),
        eq(accountExports.state, "pending"),
        lte(accountExports.createdAt, before),
      ),
    );
}

export async function markExportFailed(db: Db | Tx, id: string) {
  await db
    .update(accountExports)
    .set({ state: "failed" })
    .where(and(eq(accountExports.id, id), eq(accountExports.state, "pending")));
}

/** Ready exports past their expiry whose file is still stored, oldest first. */
export async function expiredExports(db: Db | Tx, now: Date, limit: number) {
  return db
    .select()
    .from(accountExports)
    .where(
      and(
        lte(accountExports.expiresAt, now),
        isNull(accountExports.fileRemovedAt),
        sql`${accountExports.storageKey} is not null`,
      ),
    )
    .orderBy(asc(accountExports.expiresAt), asc(accountExports.id))
    .limit(limit);
}

export async function markFileRemoved(db: Db | Tx, id: string, now: Date) {
  await db.update(accountExports).set({ fileRemovedAt: now }).where(eq(accountExports.id, id));
}

// ---- deletions

export async function findDeletion(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
  return row;
}

/** Starts (or restarts, after a cancelled one) the user's deletion request. */
export async function upsertDeletion(
  tx: Tx,
  row: { userId: string; content: "delete" | "keep"; requestedAt: Date; eraseAfter: Date },
) {
  await tx
    .insert(accountDeletions)
    .values({ ...row, state: "pending" })
    .onConflictDoUpdate({
      target: accountDeletions.userId,
      set: { ...row, state: "pending", cancelledAt: null, erasedAt: null },
      where: sql`${accountDeletions.state} <> 'erased'`,
    });
}

/** Cancels a pending request; answers whether there was one. */
export async function cancelDeletion(db: Db | Tx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountDeletions)
    .set({ state: "cancelled", cancelledAt: now })
    .where(
      and(
        eq(accountDeletions.userId, userId),
        eq(accountDeletions.state, "pending"),
        sql`${accountDeletions.eraseAfter} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: accountDeletions.userId });
  return rows.length > 0;
}

/** Pending requests whose grace period is over. */
export async function dueDeletions(db: Db | Tx, now: Date, limit: number) {
  return db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.state, "pending"), lte(accountDeletions.eraseAfter, now)))
    .orderBy(asc(accountDeletions.eraseAfter))
    .limit(limit);
}

/** The request under its row lock (the erasure's single writer). */
export async function lockDeletion(tx: Tx, userId: string) {
  const [row] = await tx
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .for("update");
  return row;
}

export async function markErased(tx: Tx, userId: string, now: Date) {
  await tx
    .update(accountDeletions)
    .set({ state: "erased", erasedAt: now })
    .where(eq(accountDeletions.userId, userId));
}

/** Balance and pending withdrawals: the wallet is settled when both are zero. */
export async function walletSettlement(db: Db | Tx, userId: string) {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  const pending = await db.$count(
    bills,
    and(eq(bills.userId, userId), eq(bills.type, "withdraw"), eq(bills.status, "pending")),
  );
  return { balance: wallet?.balance ?? 0, pendingWithdrawals: pending };
}

// ---- export walks: (createdAt, id) after the last row, on the (userId, createdAt …) indexes

type Key = { createdAt: Date; id: string } | null;

/**
 * One page of a walk: the rows that meet `conditions`, after `key` in (createdAt, id) order,
 * EXPORT_PAGE of them. The pair that orders the page is the pair the key is compared with, so the
 * next page starts exactly where this one ended.
 */
function walkPage<Q extends PgSelect>(
  query: Q,
  [createdAt, id]: [AnyPgColumn, AnyPgColumn],
  key: Key,
  ...conditions: (SQL | undefined)[]
) {
  // The project's one keyset condition (server/lib/keyset.ts), oldest first.
  const after = keysetAfter(createdAt, id, key && { value: key.createdAt, id: key.id }, "asc");
  return query
    .where(and(...conditions, after))
    .orderBy(asc(createdAt), asc(id))
    .limit(EXPORT_PAGE);
}

/** A table of rows a user owns: an id, the owner, and the time the row was made. */
type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; createdAt: AnyPgColumn };

/** A walk over the user's own rows of `table` (their comments, orders, bills …), whole rows. */
async function ownRowsPage<T extends OwnedTable>(
  db: Db | Tx,
  table: T,
  userId: string,
  key: Key,
  ...conditions: SQL[]
) {
  const query = db
    .select()
    .from(table as OwnedTable)
    .$dynamic();
  const mine = eq(table.userId, userId);
  const rows = await walkPage(query, [table.createdAt, table.id], key, mine, ...conditions);
  // Drizzle cannot spell a generic table's row type; for a concrete table it is $inferSelect.
  return rows as T["$inferSelect"][];
}

/** A table of link rows a user made (a like, a followed set): the owner and the time it was made. */
type LinkTable = PgTable & { userId: AnyPgColumn; createdAt: AnyPgColumn };

/** A walk over the user's link rows of `table`: what each points at (`target`, as id), and when. */
async function linksPage(db: Db | Tx, table: LinkTable, target: AnyPgColumn, userId: string, key: Key) {
  const query = db.select({ createdAt: table.createdAt, id: target }).from(table).$dynamic();
  const rows = await walkPage(query, [table.createdAt, target], key, eq(table.userId, userId));
  return rows as { createdAt: Date; id: string }[];
}

/** The user's live entries: column articles (`post`) or everything else they shared (`other`). */
export async function entriesPage(db: Db | Tx, userId: string, kind: "post" | "other", key: Key) {
  const ofKind = kind === "post" ? eq(entries.type, "post") : sql`${entries.type} <> 'post'`;
  return ownRowsPage(db, entries, userId, key, isNull(entries.deletedAt), ofKind);
}

/** Tag titles of a page of entries, in one query. */
export async function tagTitlesOf(db: Db | Tx, entryIds: string[]) {
  if (!entryIds.length) return new Map<string, string[]>();
  const rows = await db
    .select({ entryId: entryTags.entryId, title: tags.title })
    .from(entryTags)
    .innerJoin(tags, eq(tags.id, entryTags.tagId))
    .where(inArray(entryTags.entryId, entryIds));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.entryId, [...(out.get(r.entryId) ?? []), r.title]);
  return out;
}

export async function commentsPage(db: Db | Tx, userId: string, key: Key) {
  return ownRowsPage(db, comments, userId, key, isNull(comments.deletedAt));
}

export async function pinsPage(db: Db | Tx, userId: string, key: Key) {
  return ownRowsPage(db, pins, userId, key, isNull(pins.deletedAt));
}

export async function entryLikesPage(db: Db | Tx, userId: string, key: Key) {
  const query = db
    .select({ createdAt: entryLikes.createdAt, id: entryLikes.entryId, title: entries.title })
    .from(entryLikes)
    .innerJoin(entries, eq(entries.id, entryLikes.entryId))
    .$dynamic();
  return walkPage(query, [entryLikes.createdAt, entryLikes.entryId], key, eq(entryLikes.userId, userId));
}

export async function pinLikesPage(db: Db | Tx, userId: string, key: Key) {
  return linksPage(db, pinLikes, pinLikes.pinId, userId, key);
}

export async function commentLikesPage(db: Db | Tx, userId: string, key: Key) {
  return linksPage(db, commentLikes, commentLikes.commentId, userId, key);
}

export async function collectionsPage(db: Db | Tx, userId: string, key: Key) {
  return ownRowsPage(db, collectionSets, userId, key);
}

/** Entry ids of a page of collection sets, in one query. */
export async function entryIdsOfSets(db: Db | Tx, setIds: string[]) {
  if (!setIds.length) return new Map<string, string[]>();
  const rows = await db
    .select({ setId: collectionSetEntries.collectionSetId, entryId: collectionSetEntries.entryId })
    .from(collectionSetEntries)
    .where(inArray(collectionSetEntries.collectionSetId, setIds));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.setId, [...(out.get(r.setId) ?? []), r.entryId]);
  return out;
}

export async function followedSetsPage(db: Db | Tx, userId: string, key: Key) {
  return linksPage(db, collectionSetFollowers, collectionSetFollowers.collectionSetId, userId, key);
}

/** People the user follows (`side` followee) or who follow the user (`side` follower). */
export async function followsPage(db: Db | Tx, userId: string, side: "followee" | "follower", key: Key) {
  const mine = side === "followee" ? follows.followerId : follows.followeeId;
  const theirs = side === "followee" ? follows.followeeId : follows.followerId;
  const query = db
    .select({ createdAt: follows.createdAt, id: theirs, username: users.username })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .$dynamic();
  return walkPage(query, [follows.createdAt, theirs], key, eq(mine, userId));
}

export async function tagSubscriptionsPage(db: Db | Tx, userId: string, key: Key) {
  const query = db
    .select({ createdAt: tagSubscriptions.createdAt, id: tagSubscriptions.tagId, title: tags.title })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .$dynamic();
  return walkPage(
    query,
    [tagSubscriptions.createdAt, tagSubscriptions.tagId],
    key,
    eq(tagSubscriptions.userId, userId),
  );
}

export async function ordersPage(db: Db | Tx, userId: string, key: Key) {
  return ownRowsPage(db, orders, userId, key);
}

export async function billsPage(db: Db | Tx, userId: string, key: Key) {
  return ownRowsPage(db, bills, userId, key);
}

// ---- erasure walks: ids of what the user still has, a batch at a time

/** Live entries (shares, articles, votes) of the user, a batch. */
export async function liveEntryIds(db: Db | Tx, userId: string, limit: number) {
  return db
    .select({ id: entries.id, type: entries.type, status: entries.status })
    .from(entries)
    .where(and(eq(entries.userId, userId), isNull(entries.deletedAt)))
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .limit(limit);
}

export async function liveCommentIds(db: Db | Tx, userId: string, limit: number) {
  // Top-level comments first: removing one takes its replies with it.
  return db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.userId, userId), isNull(comments.deletedAt)))
    .orderBy(sql`${comments.firstCommentId} is not null`, asc(comments.createdAt), asc(comments.id))
    .limit(limit);
}

export async function livePinIds(db: Db | Tx, userId: string, limit: number) {
  return db
    .select({ id: pins.id })
    .from(pins)
    .where(and(eq(pins.userId, userId), isNull(pins.deletedAt)))
    .orderBy(asc(pins.createdAt), asc(pins.id))
    .limit(limit);
}

export async function collectionIds(db: Db | Tx, userId: string, limit: number) {
  return db
    .select({ id: collectionSets.id })
    .from(collectionSets)
    .where(eq(collectionSets.userId, userId))
    .orderBy(asc(collectionSets.createdAt), asc(collectionSets.id))
    .limit(limit);
}

export async function likedIds(db: Db | Tx, userId: string, limit: number) {
  const [e, p, c] = await Promise.all([
    db.select({ id: entryLikes.entryId }).from(entryLikes).where(eq(entryLikes.userId, userId)).limit(limit),
    db.select({ id: pinLikes.pinId }).from(pinLikes).where(eq(pinLikes.userId, userId)).limit(limit),
    db
      .select({ id: commentLikes.commentId })
      .from(commentLikes)
      .where(eq(commentLikes.userId, userId))
      .limit(limit),
  ]);
  return { entry: e.map((r) => r.id), pin: p.map((r) => r.id), comment: c.map((r) => r.id) };
}
