import { AppError, badRequest } from "../../lib/errors.ts";
import { decodePointer, encodePointer } from "../../lib/pagination.ts";
import type { Caller, Deps } from "../deps.ts";
import { presentEntry, type PresentedEntry } from "./present.ts";
import {
  feedPage,
  findCategoryByName,
  likedAmong,
  listCategories,
  tagsOfEntries,
  type FeedSort,
} from "./queries.ts";

export const FEED_SORTS = ["popular", "newest", "hottest"] as const;
export const FEED_PAGE_SIZE = 20;

export interface FeedPage {
  list: PresentedEntry[];
  /** Pointer of the last item: pass it back for the next page (spec §4). */
  pointer: string | null;
  canNext: boolean;
}

/** Entries and their feeds (spec §7 Entries/Timeline). */
export function createEntryService(deps: Deps) {
  const { db } = deps;
  let categoryCache: Awaited<ReturnType<typeof listCategories>> | null = null;
  // The nine categories are fixed reference data: read once.
  const allCategories = async () => (categoryCache ??= await listCategories(db));

  return {
    async categories() {
      return (await allCategories()).map((c) => ({ id: c.id, name: c.name, title: c.title }));
    },

    /**
     * A feed page (explore, welcome): sort popular or newest, optional category name ("all" or
     * absent for every category), keyset pointer. Three queries whatever the page size.
     */
    async feed(
      input: { sort?: string; category?: string; pointer?: string; limit?: number },
      caller: Caller,
    ): Promise<FeedPage> {
      const sort = (input.sort ?? "popular") as FeedSort;
      if (!(FEED_SORTS as readonly string[]).includes(sort)) throw badRequest("invalid sort", "sort");
      let categoryId: string | undefined;
      if (input.category && input.category !== "all") {
        const category = await findCategoryByName(db, input.category);
        if (!category) throw new AppError(404, "分类不存在", "category");
        categoryId = category.id;
      }
      const pointer =
        sort === "newest" ? decodePointer(input.pointer, "date") : decodePointer(input.pointer, "number");
      if (input.pointer && !pointer) throw badRequest("pointer 格式不正确", "pointer");
      const limit = Math.min(Math.max(input.limit ?? FEED_PAGE_SIZE, 1), 100);

      const rows = await feedPage(db, { sort, categoryId, pointer, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const ids = page.map((r) => r.entry.id);
      const [tagRows, liked, cats] = await Promise.all([
        tagsOfEntries(db, ids),
        caller.userId ? likedAmong(db, caller.userId, ids) : Promise.resolve(new Set<string>()),
        allCategories(),
      ]);
      const list = page.map(({ entry, user }) =>
        presentEntry(entry, {
          user,
          category: cats.find((c) => c.id === entry.categoryId),
          tags: tagRows
            .filter((t) => t.entryId === entry.id)
            .map(({ id, title, icon }) => ({ id, title, icon })),
          liked: liked.has(entry.id),
        }),
      );
      const last = page.at(-1)?.entry;
      return {
        list,
        pointer: last
          ? encodePointer(
              sort === "newest" ? last.createdAt : sort === "hottest" ? last.hotIndex : last.rankIndex,
              last.id,
            )
          : null,
        canNext: rows.length > limit,
      };
    },
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
