import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { categories, entries, entryLikes, entryTags, tags, users } from "../../../db/schema/index.ts";
import type { Pointer } from "../../lib/pagination.ts";

export type FeedSort = "newest" | "popular" | "hottest";

/** The column each sort orders by; the feed pointer is that column's value of the last item. */
export const SORT_COLUMN = {
  newest: entries.createdAt,
  popular: entries.rankIndex,
  hottest: entries.hotIndex,
} as const;

export async function listCategories(db: Tx) {
  return db.select().from(categories).orderBy(asc(categories.order));
}

export async function findCategoryByName(db: Tx, name: string) {
  const [row] = await db.select().from(categories).where(eq(categories.name, name)).limit(1);
  return row;
}

/**
 * One page of a feed: published, undeleted entries after the pointer, newest/highest first.
 * The row-value comparison `(key, id) < (value, id)` walks the (key, id) index backward.
 */
export async function feedPage(
  db: Tx,
  opts: { sort: FeedSort; categoryId?: string; pointer: Pointer | null; limit: number },
) {
  const column = SORT_COLUMN[opts.sort];
  const where: SQL[] = [eq(entries.status, "published"), isNull(entries.deletedAt)];
  if (opts.categoryId) where.push(eq(entries.categoryId, opts.categoryId));
  if (opts.pointer) where.push(sql`(${column}, ${entries.id}) < (${opts.pointer.value}, ${opts.pointer.id})`);
  return db
    .select({ entry: entries, user: users })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(...where))
    .orderBy(desc(column), desc(entries.id))
    .limit(opts.limit);
}

/** Tags of many entries in one query (no N+1). */
export async function tagsOfEntries(db: Tx, entryIds: string[]) {
  if (!entryIds.length) return [];
  return db
    .select({ entryId: entryTags.entryId, id: tags.id, title: tags.title, icon: tags.icon })
    .from(entryTags)
    .innerJoin(tags, eq(tags.id, entryTags.tagId))
    .where(inArray(entryTags.entryId, entryIds));
}

/** Which of these entries the user liked, in one query. */
export async function likedAmong(db: Tx, userId: string, entryIds: string[]): Promise<Set<string>> {
  if (!entryIds.length) return new Set();
  const rows = await db
    .select({ entryId: entryLikes.entryId })
    .from(entryLikes)
    .where(and(eq(entryLikes.userId, userId), inArray(entryLikes.entryId, entryIds)));
  return new Set(rows.map((r) => r.entryId));
}
