import { and, desc, eq, getTableColumns, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { HEAT_SQL } from "../../../db/heat.ts";
import { publicEntry } from "../../../db/public-entry.ts";
import { idIsAnyOf, preparedPerDb, preparedPerShape } from "../../../db/prepared.ts";
import { entries, entryLikes, entryTags, tagSubscriptions, tags, users } from "../../../db/schema/index.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { lockUsers, publicUserColumns } from "../users/index.ts";
import { sitemapSource } from "../../lib/sitemap-source.ts";

/**
 * An entry as lists need it: every column but the body. A column article's Markdown can run to
 * tens of kilobytes, and a feed page of 20 would read and ship all of it for nothing (the list
 * JSON carries the abstract, never the body).
 */
const { content: _content, ...entryListColumns } = getTableColumns(entries);
export { entryListColumns };

/** The author fields lists show (presentAuthor), not the whole user row. */
export const authorColumns = {
  id: users.id,
  username: users.username,
  avatarLarge: users.avatarLarge,
  jobTitle: users.jobTitle,
  company: users.company,
  role: users.role,
};

/** The sorts of spec §9 plus the comment sort; each orders by one column, the pointer's value. */
export const SORTS = ["popular", "newest", "hottest", "weeklyHottest", "monthlyHottest", "comment"] as const;
export type FeedSort = (typeof SORTS)[number];

export const SORT_COLUMN = {
  popular: entries.rankIndex,
  newest: entries.createdAt,
  hottest: entries.hotIndex,
  weeklyHottest: entries.hotIndex,
  monthlyHottest: entries.hotIndex,
  comment: entries.latestCommentAt,
} as const;

/** Sorts whose pointer is a time; the others carry a number. */
export const TIME_SORTS: ReadonlySet<FeedSort> = new Set(["newest", "comment"]);

/** The window of the period sorts (by_period week|month). */
export const PERIOD_DAYS: Partial<Record<FeedSort, number>> = { weeklyHottest: 7, monthlyHottest: 30 };

export interface FeedFilter {
  sort: FeedSort;
  categoryId?: string;
  type?: string;
  userId?: string;
  tagId?: string;
  /** Only entries with a tag this user subscribes to (the timeline's 关注 category). */
  subscribedBy?: string;
  /** Only entries created at or after this time (weekly/monthly hottest). */
  since?: Date;
  pointer: Pointer | null;
  limit: number;
}

/**
 * Feed skeleton: published, undeleted entries matching the filter after the pointer, best first.
 * `(key, id) < (value, id)` walks the matching (key, id) index backward, so page 50 costs what
 * page 1 does; entries join their authors in the same query.
 *
 * Prepared once per shape (the sort, which filters are set, the pointer's form) with every value a
 * parameter: building the select cost more Node CPU than running it (db/prepared.ts). The shapes
 * are a few dozen in practice, each a statement PostgreSQL plans once per connection.
 */
function buildFeedQuery(db: Tx, shape: FeedShape, name: string) {
  const column = SORT_COLUMN[shape.sort];
  const where: SQL[] = [publicEntry()];
  if (shape.categoryId) where.push(eq(entries.categoryId, sql.placeholder("categoryId")));
  if (shape.type) where.push(eq(entries.type, sql.placeholder("type")));
  if (shape.userId) where.push(eq(entries.userId, sql.placeholder("userId")));
  if (shape.since) where.push(sql`${entries.createdAt} >= ${sql.placeholder("since")}::timestamptz`);
  if (shape.sort === "comment") where.push(isNotNull(entries.latestCommentAt));
  if (shape.tagId) {
    where.push(
      sql`exists (select 1 from ${entryTags} where ${entryTags.entryId} = ${entries.id} and ${entryTags.tagId} = ${sql.placeholder("tagId")})`,
    );
  }
  if (shape.subscribedBy) {
    where.push(sql`exists (select 1 from ${entryTags} join ${tagSubscriptions}
      on ${tagSubscriptions.tagId} = ${entryTags.tagId} and ${tagSubscriptions.userId} = ${sql.placeholder("subscribedBy")}
      where ${entryTags.entryId} = ${entries.id})`);
  }
  if (shape.pointer !== "none") {
    const value = TIME_SORTS.has(shape.sort)
      ? sql`${sql.placeholder("pointerValue")}::timestamptz`
      : sql`${sql.placeholder("pointerValue")}::double precision`;
    where.push(
      shape.pointer === "value"
        ? sql`${column} < ${value}`
        : sql`(${column}, ${entries.id}) < (${value}, ${sql.placeholder("pointerId")})`,
    );
  }
  return db
    .select({ entry: entryListColumns, user: authorColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(...where))
    .orderBy(desc(column), desc(entries.id))
    .limit(sql.placeholder("limit"))
    .prepare(name);
}

/** What tells one feed statement from another: the filters set, never their values. */
interface FeedShape {
  sort: FeedSort;
  categoryId: boolean;
  type: boolean;
  userId: boolean;
  since: boolean;
  tagId: boolean;
  subscribedBy: boolean;
  /** §4's bare sort value, or the value_id pair. */
  pointer: "none" | "value" | "pair";
}

function feedShape(f: FeedFilter): FeedShape {
  return {
    sort: f.sort,
    categoryId: !!f.categoryId,
    type: !!f.type,
    userId: !!f.userId,
    since: !!f.since,
    tagId: !!f.tagId,
    subscribedBy: !!f.subscribedBy,
    pointer: !f.pointer ? "none" : f.pointer.id === "" ? "value" : "pair",
  };
}

function shapeKey(shape: FeedShape): string {
  const flags = (["categoryId", "type", "userId", "since", "tagId", "subscribedBy"] as const)
    .map((k) => (shape[k] ? "1" : "0"))
    .join("");
  return `nugget_feed_${shape.sort}_${flags}_${shape.pointer}`;
}

const feedQuery = preparedPerShape(shapeKey, buildFeedQuery);

/** The prepared statement of this filter's shape and the values to run it with. */
export function feedStatement(db: Tx, f: FeedFilter) {
  const query = feedQuery(db, feedShape(f));
  const pointerValue = f.pointer?.value instanceof Date ? f.pointer.value.toISOString() : f.pointer?.value;
  const values = {
    categoryId: f.categoryId,
    type: f.type,
    userId: f.userId,
    since: f.since?.toISOString(),
    tagId: f.tagId,
    subscribedBy: f.subscribedBy,
    pointerValue,
    pointerId: f.pointer?.id,
    limit: f.limit,
  };
  return { query, values };
}

/** One feed page (the benchmark EXPLAINs the very statement through feedStatement). */
export async function feedPage(db: Tx, f: FeedFilter) {
  const { query, values } = feedStatement(db, f);
  return query.execute(values);
}

/** Published, undeleted entries by id (get_entry_by_ids), with their authors. */
export async function entriesByIds(db: Tx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ entry: entryListColumns, user: authorColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(inArray(entries.id, ids), publicEntry()));
}

/**
 * One entry with its author's public columns, whatever its state (callers decide what a draft or
 * deletion means). Prepared: every entry page asks it.
 */
export async function entryWithAuthor(db: Tx, id: string) {
  const [row] = await entryWithAuthorQuery(db).execute({ id });
  return row;
}

const entryWithAuthorQuery = preparedPerDb((db: Tx) =>
  db
    .select({ entry: entries, user: publicUserColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, sql.placeholder("id")))
    .limit(1)
    .prepare("nugget_entry_with_author"),
);

/**
 * Related entries: the most popular published entries sharing a tag with this one, else its
 * category. One query over entry_tags for the tag ids, one for the candidates.
 */
export async function relatedEntries(db: Tx, entry: { id: string; categoryId: string }, count: number) {
  const tagIds = (
    await db.select({ id: entryTags.tagId }).from(entryTags).where(eq(entryTags.entryId, entry.id))
  ).map((r) => r.id);
  const sameTopic = tagIds.length
    ? sql`exists (select 1 from ${entryTags} where ${entryTags.entryId} = ${entries.id} and ${inArray(entryTags.tagId, tagIds)})`
    : eq(entries.categoryId, entry.categoryId);
  return db
    .select({ entry: entryListColumns, user: authorColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(sameTopic, ne(entries.id, entry.id), publicEntry()))
    .orderBy(desc(entries.rankIndex), desc(entries.id))
    .limit(count);
}

/** Tags of entries: every list and search page asks (prepared; one text whatever the count). */
const tagsOfEntriesQuery = preparedPerDb((db: Tx) =>
  db
    .select({ entryId: entryTags.entryId, id: tags.id, title: tags.title, icon: tags.icon })
    .from(entryTags)
    .innerJoin(tags, eq(tags.id, entryTags.tagId))
    .where(idIsAnyOf(entryTags.entryId, "entryIds"))
    .prepare("nugget_tags_of_entries"),
);

/** Tags of many entries in one query (no N+1). */
export async function tagsOfEntries(db: Tx, entryIds: string[]) {
  if (!entryIds.length) return [];
  return tagsOfEntriesQuery(db).execute({ entryIds });
}

/** Which of these entries the user likes: every signed-in list asks (prepared). */
const likedAmongQuery = preparedPerDb((db: Tx) =>
  db
    .select({ entryId: entryLikes.entryId })
    .from(entryLikes)
    .where(
      and(
        eq(entryLikes.userId, sql.placeholder("userId")),
        sql`${entryLikes.entryId} = any(${sql.placeholder("entryIds")})`,
      ),
    )
    .prepare("nugget_liked_among"),
);

export async function likedAmong(db: Tx, userId: string, entryIds: string[]): Promise<Set<string>> {
  if (!entryIds.length) return new Set();
  const rows = await likedAmongQuery(db).execute({ userId, entryIds });
  return new Set(rows.map((r) => r.entryId));
}

/** Which of these (user, entry) pairs are likes: many readers' questions in one statement (prepared). */
const likedPairsQuery = preparedPerDb((db: Tx) =>
  db
    .select({ userId: entryLikes.userId, entryId: entryLikes.entryId })
    .from(entryLikes)
    .where(
      sql`(${entryLikes.entryId}, ${entryLikes.userId}) in (select * from unnest(${sql.placeholder("entryIds")}::char(24)[], ${sql.placeholder("userIds")}::char(24)[]))`,
    )
    .prepare("nugget_liked_pairs"),
);

/** The likes among `entryIds[i]` by `userIds[i]`, for every i (the arrays are pairs). */
export async function likedPairs(db: Tx, userIds: string[], entryIds: string[]) {
  if (!entryIds.length) return [];
  return likedPairsQuery(db).execute({ userIds, entryIds });
}

/**
 * Adds counted views in one go (view-tally.ts): the entries' viewsCount and with it their two heat
 * numbers, their authors' totalHotIndex, and the viewers' viewedEntriesCount — one statement each,
 * whatever the batch's size. An UPDATE of many rows locks them in whatever order its plan reads
 * them, so the rows are locked first, in id order: the entries, then every user the batch writes
 * (authors and viewers) in one call of users' lockUsers, as a like or a comment takes its entry,
 * then its users. Two instances flushing at once, or a flush and a like, cannot then
 * wait on each other in a cycle.
 */
export async function addViews(db: Db, entryViews: Map<string, number>, viewerViews: Map<string, number>) {
  const byEntry = [...entryViews].sort(([a], [b]) => (a < b ? -1 : 1));
  const byViewer = [...viewerViews].sort(([a], [b]) => (a < b ? -1 : 1));
  const entryIds = byEntry.map(([id]) => id);
  await db.transaction(async (tx) => {
    const authors = entryIds.length
      ? await tx
          .select({ userId: entries.userId })
          .from(entries)
          .where(inArray(entries.id, entryIds))
          .orderBy(entries.id)
          .for("no key update")
      : [];
    await lockUsers(tx, [...authors.map((a) => a.userId), ...byViewer.map(([id]) => id)]);
    if (byEntry.length) {
      const ids = sql.param(entryIds);
      const counts = sql.param(byEntry.map(([, n]) => n));
      await tx.execute(sql`
        update entries e set views_count = e.views_count + v.n
        from unnest(${ids}::char(24)[], ${counts}::int[]) as v(id, n) where e.id = v.id`);
      await tx.execute(sql`
        update entries e set hot_index = ${sql.raw(HEAT_SQL.hotIndex)}, rank_index = ${sql.raw(HEAT_SQL.rankIndex)}
        where e.id = any(${ids}::char(24)[])`);
      // users.totalHotIndex: the rounded sum of hotIndex over the author's live entries (write.ts).
      await tx.execute(sql`
        update users u set total_hot_index = (
          select round(coalesce(sum(x.hot_index), 0)) from entries x
          where x.user_id = u.id and ${publicEntry("x")})
        where u.id in (select distinct e.user_id from entries e where e.id = any(${ids}::char(24)[]))`);
    }
    if (byViewer.length) {
      await tx.execute(sql`
        update users u set viewed_entries_count = u.viewed_entries_count + v.n
        from unnest(${sql.param(byViewer.map(([id]) => id))}::char(24)[], ${sql.param(byViewer.map(([, n]) => n))}::int[])
          as v(id, n)
        where u.id = v.id`);
    }
  });
}

/** The entries a sitemap lists (syndication): published, not deleted; the type picks the address. */
export const entrySitemap = sitemapSource(
  entries,
  { id: entries.id, updatedAt: entries.updatedAt, key: entries.type },
  publicEntry(),
);

/**
 * The categories `userId` follows (spec §3 Category subscribed): those of the built-in tags they
 * subscribe to. A category has no subscription of its own; its tags are how a reader follows it
 * (the getting-started page and /subscribe subscribe tags), so one of them is enough.
 */
export async function subscribedCategoryIds(db: Tx, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ categoryId: tags.categoryId })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .where(and(eq(tagSubscriptions.userId, userId), isNotNull(tags.categoryId)));
  return new Set(rows.flatMap((r) => (r.categoryId ? [r.categoryId] : [])));
}
