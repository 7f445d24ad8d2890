import { customType, doublePrecision, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { cascadeRef, instant, updatedAt } from "./columns.ts";
import { entries } from "./content.ts";

/** PostgreSQL's tsvector, read and written as its text form ('word':1A …). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

/**
 * The search index of entries (server/services/search-index/index-entry.ts writes it): one weighted
 * tsvector per findable entry — published and not deleted; the row goes away when the entry stops
 * being findable. Words come pre-segmented (server/lib/segment.ts), weights title A, tags B,
 * abstract C, content D. A GIN index answers `document @@ query`.
 */
export const entrySearch = pgTable(
  "entry_search",
  {
    entryId: cascadeRef(() => entries.id).primaryKey(),
    document: tsvector().notNull(),
    /** The entry's updatedAt when the document was last written (deterministic, unlike now()). */
    updatedAt: updatedAt(),
  },
  (t) => [index("entry_search_document_idx").using("gin", t.document)],
);

/**
 * The words that have a champion list (server/services/search-index/champions.ts): the frequent ones,
 * whose matches are too many to rank in full on every search. `bound` is the promise that makes a
 * list usable: no findable entry holding the word outside its list scores above it for the word
 * alone (relevance.ts). A negative bound marks a list being built: not yet usable.
 */
export const searchChampionWords = pgTable("search_champion_words", {
  word: text().primaryKey(),
  bound: doublePrecision().notNull(),
  /**
   * Matches of the word when the list was built, for operators: the statistics' estimate, or the
   * exact count of a complete list. Search estimates its own.
   */
  matches: doublePrecision().notNull().default(0),
  builtAt: instant().notNull().defaultNow(),
});

/**
 * A champion list's entries: the entries that score highest for one word alone, with that score.
 * Kept in step by index-entry.ts on every write of an entry's document.
 */
export const searchChampions = pgTable(
  "search_champions",
  {
    word: text()
      .notNull()
      .references(() => searchChampionWords.word, { onDelete: "cascade" }),
    entryId: cascadeRef(() => entries.id),
    impact: doublePrecision().notNull(),
    /**
     * The entry's entries.hot_index, copied so a one-word search reads its window and the heat that
     * orders it from the list alone (champions.ts). Kept equal by the trigger of migration 0012
     * (search_champions_follow_heat) in the transaction that changes the entry's heat. One race is
     * left: a heat change made while a list is being rebuilt skips that list's row (the trigger does
     * not wait for a rebuild), and the new row keeps the heat the rebuild read until the entry's next
     * heat change or the next hourly rebuild (the order within the window is off by that change).
     */
    hotIndex: doublePrecision().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.entryId] }),
    index("search_champions_entry_idx").on(t.entryId),
    // A one-word search reads only the best of its word's list, in the order it ranks them.
    index("search_champions_rank_idx").on(t.word, t.impact.desc(), t.entryId.desc()),
  ],
);
