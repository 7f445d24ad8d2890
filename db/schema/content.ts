import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";
import { linkTable } from "./link-table.ts";
import { users } from "./users.ts";

// Keyset feeds sort DESC on (key, id). Every feed index below lists its columns ascending on
// purpose: drizzle-kit writes `.desc()` as `DESC NULLS LAST`, which `ORDER BY key DESC, id DESC`
// (NULLS FIRST by default) cannot use, while an ascending index scanned backward matches it exactly.

/** Category (spec §3): the nine fixed ones live in db/reference-data.ts. */
export const categories = pgTable("categories", {
  /** Fixed 24-hex ids so URLs and seeds agree across databases. */
  id: idColumn(),
  /** URL name: android, frontend, ios, backend, design, product, freebie, article, ai. */
  name: varchar({ length: 32 }).notNull().unique(),
  /** Chinese display title: 前端, 后端 … */
  title: varchar({ length: 32 }).notNull(),
  order: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Tag (spec §3). Titles are unique case-insensitively; a trigram index serves tag search. */
export const tags = pgTable(
  "tags",
  {
    id: idColumn(),
    title: varchar({ length: 50 }).notNull(),
    icon: text().notNull().default(""),
    /** The category a built-in tag belongs to (suggestions per category); null for user-made tags. */
    categoryId: ref().references(() => categories.id, { onDelete: "set null" }),
    /** Published, not deleted entries carrying the tag. */
    entriesCount: counter(),
    subscribersCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tags_title_key").on(sql`lower(${t.title})`),
    index("tags_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // "hot" tag lists sort by subscribers, "new" ones by creation time.
    index("tags_subscribers_idx").on(t.subscribersCount, t.id),
    index("tags_created_idx").on(t.createdAt, t.id),
    index("tags_category_idx").on(t.categoryId, t.subscribersCount),
  ],
);

/**
 * Entry (spec §3). `type`:
 * - article: a shared link (the default; /new-entry), `originalUrl` points outside, `content` is
 *   the sharer's short description;
 * - post: a column article written here (Markdown `content`); its `originalUrl` is `/post/{id}`,
 *   which is why the spec redirects /entry/{id} of a post to /post/{last segment of originalUrl};
 * - vote: a poll, options in vote_options;
 * - others: anything else.
 * Deleting is soft (`deletedAt`) so comments, likes and notifications keep their target.
 */
export const entries = pgTable(
  "entries",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    categoryId: ref()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    type: varchar({ length: 16 }).notNull().default("article"),
    title: varchar({ length: 256 }).notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    originalUrl: text().notNull().default(""),
    screenshot: text().notNull().default(""),
    /** The abstract (summaryInfo): plain text, whitespace collapsed. */
    summary: text().notNull().default(""),
    /** Recommended by an editor or admin (the spec's hot 0/1; present it as a number). */
    hot: boolean().notNull().default(false),
    /** The four flags of `extra` (vote|original|gfw|english). */
    vote: boolean().notNull().default(false),
    original: boolean().notNull().default(false),
    gfw: boolean().notNull().default(false),
    english: boolean().notNull().default(false),
    /** The admins' campaign tag on a share (spec §6), "" for none: shared/publish-rules.ts. */
    campaignTag: varchar({ length: 32 }).notNull().default(""),
    /** See db/heat.ts for both formulas. */
    hotIndex: doublePrecision().notNull().default(0),
    rankIndex: doublePrecision().notNull().default(0),
    /** Null until the first comment: the comment-sort feed filters `latestCommentAt IS NOT NULL`. */
    latestCommentAt: instant(),
    /** Likes (the spec uses one field for both). */
    collectionCount: counter(),
    /** Comments and replies, not deleted. */
    commentsCount: counter(),
    /** Counted views (spec EntryView), added in batches; no row each. */
    viewsCount: counter(),
    /** published | draft | hidden (by moderation, pending review: only its author and staff see it) */
    status: varchar({ length: 16 }).notNull().default("published"),
    deletedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("entries_type_check", sql`${t.type} in ('article', 'post', 'vote', 'others')`),
    check("entries_status_check", sql`${t.status} in ('published', 'draft', 'hidden')`),
    // Feeds of spec §4: pointer = rankIndex (popular), createdAt (newest), hotIndex (hottest,
    // weekly/monthly within a createdAt range), latestCommentAt (comment sort); id breaks ties.
    index("entries_rank_idx").on(t.rankIndex, t.id),
    index("entries_created_idx").on(t.createdAt, t.id),
    index("entries_hot_idx").on(t.hotIndex, t.id),
    index("entries_comment_idx").on(t.latestCommentAt, t.id),
    index("entries_category_rank_idx").on(t.categoryId, t.rankIndex, t.id),
    index("entries_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    index("entries_category_hot_idx").on(t.categoryId, t.hotIndex, t.id),
    index("entries_category_comment_idx").on(t.categoryId, t.latestCommentAt, t.id),
    // Column index (/zhuanlan) lists posts; by_self lists one user's posts or articles.
    index("entries_type_created_idx").on(t.type, t.createdAt, t.id),
    index("entries_type_rank_idx").on(t.type, t.rankIndex, t.id),
    index("entries_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("entries_user_rank_idx").on(t.userId, t.rankIndex, t.id),
    // get_entry_by_url: a hash index because URLs can exceed the btree row limit.
    index("entries_original_url_idx").using("hash", t.originalUrl),
  ],
);

/** Tags of an entry. */
export const entryTags = linkTable("entry_tags", { entryId: () => entries.id, tagId: () => tags.id }, (t) => [
  // Tag pages: entry ids are time-ordered, so (tagId, entryId) scanned backward is "newest".
  index("entry_tags_tag_idx").on(t.tagId, t.entryId),
]);

/** A user's like of an entry (counted in entries.collectionCount). */
export const entryLikes = linkTable(
  "entry_likes",
  { entryId: () => entries.id, userId: () => users.id },
  (t) => [
    // /entry/{id}/user (likers) and /user/{id}/like/entry (liked entries), newest first.
    index("entry_likes_entry_created_idx").on(t.entryId, t.createdAt),
    index("entry_likes_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** The choices of a vote entry. */
export const voteOptions = pgTable(
  "vote_options",
  {
    id: idColumn(),
    entryId: cascadeRef(() => entries.id),
    title: varchar({ length: 200 }).notNull(),
    order: integer().notNull().default(0),
    /** vote_answers rows choosing this option. */
    votesCount: counter(),
  },
  (t) => [index("vote_options_entry_idx").on(t.entryId, t.order)],
);

/**
 * A vote answer (an attender of get_attender): one per user and vote, with an optional reason.
 * Linked as /entry/{entryId}/detail/answer/{answerId}.
 */
export const voteAnswers = pgTable(
  "vote_answers",
  {
    id: idColumn(),
    entryId: cascadeRef(() => entries.id),
    optionId: cascadeRef(() => voteOptions.id),
    userId: cascadeRef(() => users.id),
    content: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("vote_answers_entry_user_key").on(t.entryId, t.userId),
    index("vote_answers_entry_created_idx").on(t.entryId, t.createdAt, t.id),
    index("vote_answers_option_idx").on(t.optionId),
    index("vote_answers_user_idx").on(t.userId),
  ],
);
