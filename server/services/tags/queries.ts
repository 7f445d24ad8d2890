import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { preparedPerShape } from "../../../db/prepared.ts";
import { bumpUserCounters } from "../users/index.ts";
import { rowById } from "../../lib/row-by-id.ts";
import { tagSubscriptions, tags } from "../../../db/schema/index.ts";
import { deleteLink, idsAmong, insertLink } from "../../lib/link-rows.ts";
import { sitemapSource } from "../../lib/sitemap-source.ts";

export type TagRow = typeof tags.$inferSelect;
export type TagListType = "hot" | "new";

/** "hot" orders by subscribers (tags_subscribers_idx), "new" by creation time (tags_created_idx). */
const TAG_ORDER = {
  hot: [desc(tags.subscribersCount), desc(tags.id)],
  new: [desc(tags.createdAt), desc(tags.id)],
} as const;

/** `%word%` for ILIKE with the word's own %, _ and \ taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of tags: "hot" by subscribers, "new" by creation time; with `word`, only titles containing
 * it (ILIKE served by the trigram index tags_title_trgm_idx), an exact title first. Tag lists are
 * small and the spec pages them by number, so this one takes an offset. Prepared per shape (every
 * search asks it).
 */
export async function tagPage(
  db: Tx,
  type: TagListType,
  offset: number,
  limit: number,
  opts: { word?: string; categoryId?: string } = {},
) {
  const query = tagPageQuery(db, { type, word: !!opts.word, categoryId: !!opts.categoryId });
  return query.execute({
    pattern: opts.word && containsPattern(opts.word),
    word: opts.word,
    categoryId: opts.categoryId,
    offset,
    limit,
  });
}

const tagPageQuery = preparedPerShape(
  (s: { type: TagListType; word: boolean; categoryId: boolean }) =>
    `nugget_tag_page_${s.type}_${+s.word}${+s.categoryId}`,
  (db: Tx, s, name) => {
    const where: SQL[] = [];
    if (s.word) where.push(sql`${tags.title} ilike ${sql.placeholder("pattern")}`);
    if (s.categoryId) where.push(eq(tags.categoryId, sql.placeholder("categoryId")));
    const exactFirst = s.word ? [desc(sql`lower(${tags.title}) = lower(${sql.placeholder("word")})`)] : [];
    return db
      .select()
      .from(tags)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...exactFirst, ...TAG_ORDER[s.type])
      .offset(sql.placeholder("offset"))
      .limit(sql.placeholder("limit"))
      .prepare(name);
  },
);

/** A tag by title, case-insensitively (the unique index tags_title_key is on lower(title)). */
export async function tagByTitle(db: Tx, title: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(sql`lower(${tags.title}) = lower(${title})`)
    .limit(1);
  return row;
}

export async function tagById(db: Tx, id: string): Promise<TagRow | undefined> {
  return rowById(db, tags, id);
}

export async function subscribedAmong(db: Tx, userId: string, tagIds: string[]): Promise<Set<string>> {
  return idsAmong(db, tagSubscriptions, eq(tagSubscriptions.userId, userId), tagSubscriptions.tagId, tagIds);
}

/** The tags a user subscribes to, latest subscription first (tag_subscriptions_user_created_idx). */
export async function subscribedTagsOf(db: Tx, userId: string, offset: number, limit: number) {
  return db
    .select({ tag: tags, subscribedAt: tagSubscriptions.createdAt })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .where(eq(tagSubscriptions.userId, userId))
    .orderBy(desc(tagSubscriptions.createdAt), desc(tagSubscriptions.tagId))
    .offset(offset)
    .limit(limit);
}

/** Adds the subscription row; true only when this call inserted it (subscribing twice is a no-op). */
export async function insertSubscription(tx: Tx, userId: string, tagId: string): Promise<boolean> {
  return insertLink(tx, tagSubscriptions, { userId, tagId }, tagSubscriptions.tagId);
}

/** Removes the subscription row; true only when this call deleted it. */
export async function deleteSubscription(tx: Tx, userId: string, tagId: string): Promise<boolean> {
  const link = and(eq(tagSubscriptions.userId, userId), eq(tagSubscriptions.tagId, tagId));
  return deleteLink(tx, tagSubscriptions, link, tagSubscriptions.tagId);
}

/**
 * tags.subscribersCount and users.subscribedTagsCount ± 1, tag row first then user row: every
 * subscription transaction locks in that order, so two of them cannot wait on each other in a cycle.
 * Answers the tag's new count.
 */
export async function bumpSubscriptionCounters(
  tx: Tx,
  userId: string,
  tagId: string,
  delta: 1 | -1,
): Promise<number> {
  const [tag] = await tx
    .update(tags)
    .set({ subscribersCount: sql`${tags.subscribersCount} + ${delta}` })
    .where(eq(tags.id, tagId))
    .returning({ subscribersCount: tags.subscribersCount });
  await bumpUserCounters(tx, userId, { subscribedTagsCount: delta });
  return tag.subscribersCount;
}

/** The sorts the tag page offers (the entries service implements them). */
export type TagFeedSort = "popular" | "newest" | "hottest";

/** The tag pages a sitemap lists: those with entries; a tag's page is at its title. */
export const tagSitemap = sitemapSource(
  tags,
  { id: tags.id, updatedAt: tags.updatedAt, key: tags.title },
  sql`${tags.entriesCount} > 0`,
);

/** Which of these tag ids exist (an entry, a draft or a vote names its tags by id). */
export async function existingTagIds(db: Tx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return new Set(rows.map((r) => r.id));
}
