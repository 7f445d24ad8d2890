import { and, asc, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { lockRowById } from "../../lib/row-by-id.ts";
import { entries, users } from "../../../db/schema/index.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { authorColumns, publicEntry, type EntryRow } from "../entries/index.ts";

/** The entry locked for a change (update, delete). */
export async function entryForUpdate(tx: Tx, id: string): Promise<EntryRow | undefined> {
  return lockRowById(tx, entries, id);
}

/** The same user's live share of this URL (hash index on original_url), other than `exceptId`. */
export async function ownShareOf(tx: Tx, userId: string, url: string, exceptId?: string) {
  const where: SQL[] = [eq(entries.originalUrl, url), eq(entries.userId, userId), isNull(entries.deletedAt)];
  if (exceptId) where.push(ne(entries.id, exceptId));
  const [row] = await tx
    .select({ id: entries.id })
    .from(entries)
    .where(and(...where))
    .limit(1);
  return row;
}

/**
 * The first public share of a URL: the hash index finds the few rows, then the oldest wins.
 * The author by the columns presentEntry shows (authorColumns), not the whole user row.
 */
export async function firstShareOf(db: Tx, url: string) {
  const [row] = await db
    .select({ entry: entries, user: authorColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.originalUrl, url), publicEntry()))
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .limit(1);
  return row;
}

/** One page of a user's published entries, newest first, after the (createdAt, id) pointer. */
export async function ownEntriesPage(
  db: Tx,
  userId: string,
  pointer: { value: Date; id: string } | null,
  limit: number,
) {
  const where: SQL[] = [eq(entries.userId, userId), publicEntry()];
  // (createdAt, id) < pointer walks entries_user_created_idx (userId, createdAt, id) backward.
  const after = keysetAfter(entries.createdAt, entries.id, pointer);
  if (after) where.push(after);
  return db
    .select()
    .from(entries)
    .where(and(...where))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(limit);
}

/** Serializes publishes of one URL by one user, so two quick clicks cannot both pass the duplicate check. */
export async function lockShare(tx: Tx, userId: string, url: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`share:${userId}:${url}`}))`);
}
