/** What other services may call of entries: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { type EntryService } from "./entries.ts";
export { entryHydrator } from "./hydrate.ts";
export { presentAuthor, presentEntry, type AuthorRow, type PresentedEntry } from "./present.ts";
export { authorColumns, entryListColumns, entryWithAuthor, likedAmong, tagsOfEntries } from "./queries.ts";
export { deleteEntry, insertEntry, refreshHeat, updateEntry, type EntryRow } from "./write.ts";
export { entrySitemap } from "./queries.ts";
// Whether an entry is public, for every list, count, target and index (defined in db/ for db/counters.ts).
export { isPublicEntry, publicEntry } from "../../../db/public-entry.ts";
