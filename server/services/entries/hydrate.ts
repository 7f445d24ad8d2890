import type { Tx } from "../../../db/client.ts";
import type { Caller } from "../deps.ts";
import { presentEntry, type AuthorRow, type EntryListRow, type PresentedEntry } from "./present.ts";
import { likedAmong, tagsOfEntries } from "./queries.ts";
import { storedCategories } from "../../../db/reference-data.ts";

export interface EntryWithAuthor {
  entry: EntryListRow;
  user: AuthorRow;
}

/**
 * The hydrate step of a feed (skeleton → hydrate → present): entry rows already joined with their
 * authors become the spec's entry JSON for this caller, with every entry's tags in one query and the
 * caller's likes among them in one more, whatever the page size. Every entry list uses it:
 * feeds, search, liked entries.
 */
export function entryHydrator(db: Tx) {
  return async function hydrate(rows: EntryWithAuthor[], caller: Caller): Promise<PresentedEntry[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.entry.id);
    const [tagRows, liked, categories] = await Promise.all([
      tagsOfEntries(db, ids),
      caller.userId ? likedAmong(db, caller.userId, ids) : Promise.resolve(new Set<string>()),
      storedCategories(db),
    ]);
    return rows.map(({ entry, user }) =>
      presentEntry(entry, {
        user,
        category: categories.find((c) => c.id === entry.categoryId),
        tags: tagRows
          .filter((t) => t.entryId === entry.id)
          .map(({ id, title, icon }) => ({ id, title, icon })),
        liked: liked.has(entry.id),
      }),
    );
  };
}
