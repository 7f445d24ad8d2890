import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { bumpUserCounters } from "../users/index.ts";
import { entries, entryTags, tags, users } from "../../../db/schema/index.ts";
import { heatIndexes } from "../../../db/heat.ts";
import { isPublicEntry, publicEntry } from "../../../db/public-entry.ts";
import { newId } from "../../lib/ids.ts";
import { indexEntry, touchesSearch } from "../search-index/index.ts";
import { pagesChanged } from "../../lib/page-purge.ts";
import { ALL_PAGES } from "../../lib/page-scopes.ts";

/**
 * The one place entries are written. Every counter that counts entries (db/counters.ts gives the
 * definitions: users.postedEntriesCount/postedPostsCount/totalCollectionsCount, tags.entriesCount)
 * moves here, in the caller's transaction, together with the rows it counts: only public entries
 * (isPublicEntry) are counted and searchable, so the counters move as an entry crosses that line.
 * Callers check permissions first; these functions only keep the data consistent.
 */

export type EntryRow = typeof entries.$inferSelect;
export type NewEntry = Omit<typeof entries.$inferInsert, "id" | "hotIndex" | "rankIndex"> & { id?: string };

async function adjustAuthor(tx: Tx, e: EntryRow, delta: 1 | -1) {
  await bumpUserCounters(tx, e.userId, {
    postedEntriesCount: delta,
    postedPostsCount: e.type === "post" ? delta : 0,
    totalCollectionsCount: delta * e.collectionCount,
  });
}

/**
 * Locks these tags' rows in id order before their entriesCount moves: two entries sharing tags,
 * written at once, then take them in one order (an UPDATE of several rows locks them in whatever
 * order its plan reads them). Called once with every tag a write moves, and before the author's
 * row: users' rows come after the rows a transaction acts on (users' lockUsers), and a
 * subscription takes its tag, then its user.
 */
async function lockTags(tx: Tx, tagIds: string[]) {
  if (!tagIds.length) return;
  await tx
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.id, [...new Set(tagIds)].sort()))
    .orderBy(tags.id)
    .for("no key update");
}

async function adjustTags(tx: Tx, tagIds: string[], delta: 1 | -1) {
  if (!tagIds.length) return;
  await tx
    .update(tags)
    .set({ entriesCount: sql`${tags.entriesCount} + ${delta}`, updatedAt: new Date() })
    .where(inArray(tags.id, tagIds));
}

export async function tagIdsOf(tx: Tx, entryId: string): Promise<string[]> {
  const rows = await tx
    .select({ tagId: entryTags.tagId })
    .from(entryTags)
    .where(eq(entryTags.entryId, entryId));
  return rows.map((r) => r.tagId);
}

/** Inserts an entry with its tags; a published one counts at once. Heat starts from its age alone. */
export async function insertEntry(tx: Tx, values: NewEntry, tagIds: string[]): Promise<EntryRow> {
  const createdAt = values.createdAt ?? new Date();
  const heat = heatIndexes({ likes: 0, comments: 0, views: 0, createdAt });
  const [row] = await tx
    .insert(entries)
    .values({ ...values, id: values.id ?? newId(createdAt), createdAt, updatedAt: createdAt, ...heat })
    .returning();
  const unique = [...new Set(tagIds)];
  if (unique.length) await tx.insert(entryTags).values(unique.map((tagId) => ({ entryId: row.id, tagId })));
  if (isPublicEntry(row)) {
    await lockTags(tx, unique);
    await adjustTags(tx, unique, 1);
    await adjustAuthor(tx, row, 1);
  }
  // The search index follows the row in the same transaction; only findable entries have a document.
  if (isPublicEntry(row)) await indexEntry(tx, row.id);
  return row;
}

/**
 * Updates an entry and, when given, replaces its tags. Moving between draft and published, and
 * changing tags of a published entry, move the counters with it. Visitors' stored pages (ADR 011)
 * are purged once the transaction commits: every page when the entry becomes public or stops
 * being so (published, hidden, deleted) — any list may hold it — and when a hidden one is deleted,
 * as every delete path always did; its own pages when a public entry is edited. A new entry
 * (insertEntry) reaches the lists within their TTL, and a draft is on no stored page.
 */
export async function updateEntry(
  tx: Tx,
  stale: EntryRow,
  changes: Partial<Omit<typeof entries.$inferInsert, "id" | "userId" | "createdAt">>,
  tagIds?: string[],
): Promise<EntryRow> {
  // Lock and re-read: a like committed since the caller read `stale` changed collectionCount,
  // which the author's totalCollectionsCount must give back exactly.
  const [before] = await tx.select().from(entries).where(eq(entries.id, stale.id)).for("update");
  const [after] = await tx
    .update(entries)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(entries.id, before.id))
    .returning();
  const oldTags = await tagIdsOf(tx, before.id);
  const newTags = tagIds ? [...new Set(tagIds)] : oldTags;
  const removed = oldTags.filter((t) => !newTags.includes(t));
  const added = newTags.filter((t) => !oldTags.includes(t));
  // Every tag whose count moves, at once and in id order; the author's row after them.
  if (isPublicEntry(before) && isPublicEntry(after)) await lockTags(tx, [...removed, ...added]);
  else if (isPublicEntry(before)) await lockTags(tx, oldTags);
  else if (isPublicEntry(after)) await lockTags(tx, newTags);
  if (tagIds) {
    if (removed.length) {
      await tx
        .delete(entryTags)
        .where(and(eq(entryTags.entryId, before.id), inArray(entryTags.tagId, removed)));
    }
    if (added.length)
      await tx.insert(entryTags).values(added.map((tagId) => ({ entryId: before.id, tagId })));
    if (isPublicEntry(before) && isPublicEntry(after)) {
      await adjustTags(tx, removed, -1);
      await adjustTags(tx, added, 1);
    }
  }
  if (isPublicEntry(before) && !isPublicEntry(after)) {
    await adjustTags(tx, oldTags, -1);
    await adjustAuthor(tx, before, -1);
    await refreshAuthorHeat(tx, before.userId);
  } else if (!isPublicEntry(before) && isPublicEntry(after)) {
    await adjustTags(tx, newTags, 1);
    await adjustAuthor(tx, after, 1);
    await refreshAuthorHeat(tx, after.userId);
  }
  // Rewrites the document, or removes it when the entry stops being findable (draft, deleted).
  if (touchesSearch(changes, tagIds)) await indexEntry(tx, after.id);
  const deleted = !before.deletedAt && !!after.deletedAt && before.status !== "draft";
  if (isPublicEntry(before) !== isPublicEntry(after) || deleted) await pagesChanged(tx, [ALL_PAGES]);
  else if (isPublicEntry(after)) await pagesChanged(tx, [{ kind: "entry", id: after.id }]);
  return after;
}

/** Soft-deletes an entry: comments, likes and notifications keep their target; counters let go. */
export async function deleteEntry(tx: Tx, before: EntryRow): Promise<void> {
  if (before.deletedAt) return;
  await updateEntry(tx, before, { deletedAt: new Date() });
}

/**
 * Recomputes an entry's hotIndex and rankIndex from its counters (after a like, comment or view),
 * and its author's totalHotIndex with them.
 */
export async function refreshHeat(tx: Tx, entryId: string): Promise<void> {
  const [e] = await tx
    .select({
      likes: entries.collectionCount,
      comments: entries.commentsCount,
      views: entries.viewsCount,
      createdAt: entries.createdAt,
      userId: entries.userId,
    })
    .from(entries)
    .where(eq(entries.id, entryId));
  if (!e) return;
  await tx.update(entries).set(heatIndexes(e)).where(eq(entries.id, entryId));
  await refreshAuthorHeat(tx, e.userId);
}

/** users.totalHotIndex = the rounded sum of hotIndex over the author's published entries (db/counters.ts). */
async function refreshAuthorHeat(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      totalHotIndex: sql`(select round(coalesce(sum(${entries.hotIndex}), 0)) from ${entries}
        where ${entries.userId} = ${userId} and ${publicEntry()})`,
    })
    .where(eq(users.id, userId));
}
