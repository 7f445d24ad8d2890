import type { Tx } from "../../../db/client.ts";
import { hiddenFromCaller } from "../blocks/index.ts";
import type { Caller } from "../deps.ts";

/**
 * The viewer step of every entry list (skeleton of rows → hydrate → for the viewer → present, the
 * way Bluesky's feed code is laid out): the authors a signed-in reader muted or blocked are taken
 * out. The same two functions run on a page just read from SQL (entries.feed, related) and on a
 * visitor's stored page laid over for a reader (the page cache's overlay, entries/routes.ts), so
 * the two paths cannot disagree. The page keeps the pointer of the unfiltered page, so the next
 * page continues where that one ended: a page may hold fewer than it asked for.
 */
export function viewerStep(db: Tx) {
  return {
    /** Whom the caller hides (blocks' face: no query for a visitor or one who hides nobody). */
    hiddenAuthors: (caller: Caller) => hiddenFromCaller(db, caller),
    /** The list without those authors' entries; the same array when nothing is taken out. */
    withoutHidden<T extends { user?: { id: string } }>(list: T[], hidden: ReadonlySet<string>): T[] {
      if (!hidden.size) return list;
      const kept = list.filter((e) => !hidden.has(e.user?.id ?? ""));
      return kept.length === list.length ? list : kept;
    },
  };
}
