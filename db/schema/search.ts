import { customType, index, pgTable } from "drizzle-orm/pg-core";
import { ref, updatedAt } from "./columns.ts";
import { entries } from "./content.ts";

/** PostgreSQL's tsvector, read and written as its text form ('word':1A …). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

/**
 * The search index of entries (server/services/search/index-entry.ts writes it): one weighted
 * tsvector per findable entry — published and not deleted; the row goes away when the entry stops
 * being findable. Words come pre-segmented (server/lib/segment.ts), weights title A, tags B,
 * abstract C, content D. A GIN index answers `document @@ query`.
 */
export const entrySearch = pgTable(
  "entry_search",
  {
    entryId: ref()
      .primaryKey()
      .references(() => entries.id, { onDelete: "cascade" }),
    document: tsvector().notNull(),
    /** The entry's updatedAt when the document was last written (deterministic, unlike now()). */
    updatedAt: updatedAt(),
  },
  (t) => [index("entry_search_document_idx").using("gin", t.document)],
);
