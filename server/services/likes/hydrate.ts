import type { Tx } from "../../../db/client.ts";
import type { entries, users } from "../../../db/schema/index.ts";
import type { Caller } from "../deps.ts";
import { presentEntry, type PresentedEntry } from "../entries/present.ts";
import { likedAmong, listCategories, tagsOfEntries } from "../entries/queries.ts";

export interface EntryWithAuthor {
  entry: typeof entries.$inferSelect;
  user: typeof users.$inferSelect;
}

/**
 * The hydrate step of a feed (skeleton → hydrate → present): entry rows already joined with their
 * authors become the spec's entry JSON for this caller, with every entry's tags in one query and the
 * caller's likes among them in one more, whatever the page size. Shared by the tag feed and the
 * liked-entries list so both show the same shape as the entries service's feeds.
 */
export function entryHydrator(db: Tx) {
  // The nine categories are fixed reference data: read once per process.
  let categoryCache: Awaited<ReturnType<typeof listCategories>> | null = null;

  return async function hydrate(rows: EntryWithAuthor[], caller: Caller): Promise<PresentedEntry[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.entry.id);
    const [tagRows, liked, categories] = await Promise.all([
      tagsOfEntries(db, ids),
      caller.userId ? likedAmong(db, caller.userId, ids) : Promise.resolve(new Set<string>()),
      categoryCache ? Promise.resolve(categoryCache) : listCategories(db),
    ]);
    categoryCache = categories;
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
