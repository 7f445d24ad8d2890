import { boolean, index, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, updatedAt } from "./columns.ts";
import { entries } from "./content.ts";
import { linkTable } from "./link-table.ts";
import { users } from "./users.ts";

/** Collection set (spec §3 Collection, csId): a user's named list of entries that others follow. */
export const collectionSets = pgTable(
  "collection_sets",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    title: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(""),
    /** Background image (imageUrl). */
    bgImgUrl: text().notNull().default(""),
    /** Mask colour over the background (maskColor), e.g. "#000000" or "rgba(0,0,0,.4)". */
    bgImgMask: varchar({ length: 32 }).notNull().default(""),
    /** A free-form topic used by the collections page filter (getHotTags); "" when none. */
    tag: varchar({ length: 50 }).notNull().default(""),
    /** Picked by editors for /collections/recommended. */
    recommended: boolean().notNull().default(false),
    /** collection_set_followers rows. */
    followerCount: counter(),
    /** collection_set_entries rows. */
    entryCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // rankType new / hot, with and without the tag filter; a user's own sets.
    index("collection_sets_created_idx").on(t.createdAt, t.id),
    index("collection_sets_followers_idx").on(t.followerCount, t.id),
    index("collection_sets_tag_created_idx").on(t.tag, t.createdAt, t.id),
    index("collection_sets_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** An entry collected into a collection set. */
export const collectionSetEntries = linkTable(
  "collection_set_entries",
  { collectionSetId: () => collectionSets.id, entryId: () => entries.id },
  (t) => [
    index("collection_set_entries_set_created_idx").on(t.collectionSetId, t.createdAt),
    index("collection_set_entries_entry_idx").on(t.entryId),
  ],
);

/** A user following a collection set. */
export const collectionSetFollowers = linkTable(
  "collection_set_followers",
  { collectionSetId: () => collectionSets.id, userId: () => users.id },
  (t) => [index("collection_set_followers_user_created_idx").on(t.userId, t.createdAt)],
);
