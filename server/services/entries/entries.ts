import { sql } from "drizzle-orm";
import { tags as tagsTable } from "../../../db/schema/index.ts";
import { storedCategories } from "../../../db/reference-data.ts";
import { isPublicEntry } from "../../../db/public-entry.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import type { Caller, Deps } from "../deps.ts";
import { entryHydrator } from "./hydrate.ts";
import { likeFlags, type PresentedEntry } from "./present.ts";
import { createViewTally } from "./view-tally.ts";
import { createLikedBatch } from "./liked-batch.ts";
import { viewerStep } from "./for-viewer.ts";
import {
  PERIOD_DAYS,
  SORTS,
  TIME_SORTS,
  entriesByIds,
  entryWithAuthor,
  feedPage,
  relatedEntries,
  subscribedCategoryIds,
  type FeedSort,
} from "./queries.ts";

export { SORTS as FEED_SORTS };
export const FEED_PAGE_SIZE = 20;
/** A view from the same person (user, or address when logged out) counts once in this window. */
const VIEW_WINDOW_SECONDS = 30 * 60;

export interface FeedPage {
  list: PresentedEntry[];
  /** Pointer of the last item: pass it back for the next page (spec §4). */
  pointer: string | null;
  canNext: boolean;
}

export interface FeedInput {
  sort?: string;
  /** A category name or id; "all" or absent for every category; "subscribe" for the caller's tags. */
  category?: string;
  /** Entry type filter: article (shares), post (column articles), vote, others. */
  type?: string;
  /** A tag id or title. */
  tag?: string;
  /** Only this author's entries (by_self). */
  userId?: string;
  pointer?: string;
  /** §7's name for the pointer; `pointer` wins when both are sent. A 400 names the one sent. */
  before?: string;
  limit?: number;
}

type Row = Awaited<ReturnType<typeof feedPage>>[number];

/** Entries and their feeds (spec §7 Entries and Timeline). */
export function createEntryService(deps: Deps) {
  const { db, kv } = deps;
  const views = createViewTally(db);
  const likedInBatch = createLikedBatch(db);

  async function categoryId(nameOrId: string): Promise<string> {
    const found = (await storedCategories(db)).find((c) => c.name === nameOrId || c.id === nameOrId);
    if (!found) throw new AppError(404, "分类不存在", "category");
    return found.id;
  }

  async function tagId(idOrTitle: string): Promise<string> {
    if (HEX_ID.test(idOrTitle)) return idOrTitle;
    const [row] = await db
      .select({ id: tagsTable.id })
      .from(tagsTable)
      .where(sql`lower(${tagsTable.title}) = lower(${idOrTitle})`)
      .limit(1);
    if (!row) throw new AppError(404, "标签不存在", "tag");
    return row.id;
  }

  const hydrate = entryHydrator(db);
  const forViewer = viewerStep(db);

  function parseSort(sort: string | undefined, fallback: FeedSort): FeedSort {
    const s = sort ?? fallback;
    if (!(SORTS as readonly string[]).includes(s)) throw badRequest("invalid sort", "sort");
    return s as FeedSort;
  }

  /** The pointer in any of §4's forms (server/lib/keyset.ts pointerParam), of the sort's kind. */
  function parsePointer(sort: FeedSort, input: FeedInput): Pointer | null {
    const [raw, field] = input.pointer !== undefined ? [input.pointer, "pointer"] : [input.before, "before"];
    return pointerParam(raw, TIME_SORTS.has(sort) ? "date" : "number", field);
  }

  /**
   * Any entry list of the spec: sort (popular, newest, hottest, weeklyHottest, monthlyHottest,
   * comment), filters, and the keyset pointer of the last item. A constant number of queries.
   */
  async function feed(
    input: FeedInput,
    caller: Caller,
    fallbackSort: FeedSort = "popular",
  ): Promise<FeedPage> {
    const sort = parseSort(input.sort, fallbackSort);
    const pointer = parsePointer(sort, input);
    const limit = Math.min(Math.max(input.limit ?? FEED_PAGE_SIZE, 1), 100);
    if (input.category === "subscribe" && !caller.userId) {
      // §6: the subscribe category needs a logged-in user, and is empty otherwise.
      return { list: [], pointer: null, canNext: false };
    }
    const days = PERIOD_DAYS[sort];
    // Not on one author's own list: whoever opens a muted person's profile asked to see them.
    const hiding = input.userId ? Promise.resolve(new Set<string>()) : forViewer.hiddenAuthors(caller);
    const rows = await feedPage(db, {
      sort,
      categoryId:
        input.category && input.category !== "all" && input.category !== "subscribe"
          ? await categoryId(input.category)
          : undefined,
      subscribedBy: input.category === "subscribe" ? caller.userId! : undefined,
      type: input.type,
      tagId: input.tag ? await tagId(input.tag) : undefined,
      userId: input.userId,
      since: days ? new Date(Date.now() - days * 86_400_000) : undefined,
      pointer,
      limit: limit + 1,
    });
    const { page, ...next } = keysetSlice(rows, limit, (r) => [pointerValue(sort, r.entry), r.entry.id]);
    const [list, hidden] = await Promise.all([hydrate(page, caller), hiding]);
    return { list: forViewer.withoutHidden(list, hidden), ...next };
  }

  return {
    feed,
    hydrate,
    /** The viewer step of entry lists, for a stored list laid over for a reader (for-viewer.ts). */
    forViewer,

    /**
     * Entries presented for a visitor (a cached anonymous list) as this caller sees them: their likes
     * among them, in one query. The same flags hydrate sets; everything else in a list is public.
     * Answers `list` itself when no flag changes.
     */
    async personalize<T extends Pick<PresentedEntry, "id" | "liked" | "isCollected">>(
      list: T[],
      caller: Caller,
    ): Promise<T[]> {
      if (!caller.userId || !list.length) return list;
      const liked = await likedInBatch(
        caller.userId,
        list.map((e) => e.id),
      );
      // The same array when nothing changes, so the caller can send the visitor's bytes as they are.
      if (list.every((e) => e.liked === liked.has(e.id) && e.isCollected === liked.has(e.id))) return list;
      return list.map((e) => ({ ...e, ...likeFlags(liked.has(e.id)) }));
    },

    /** The nine categories; `subscribed` is the caller's (false for a visitor). */
    async categories(caller?: Caller) {
      const subscribed = caller?.userId ? await subscribedCategoryIds(db, caller.userId) : new Set();
      return (await storedCategories(db)).map((c) => ({
        id: c.id,
        name: c.name,
        title: c.title,
        subscribed: subscribed.has(c.id),
      }));
    },

    /** get_entry_by_ids: in the order asked, missing or unpublished ones left out. */
    async byIds(ids: string[], caller: Caller) {
      const wanted = [...new Set(ids)].filter((id) => HEX_ID.test(id)).slice(0, 100);
      const rows = await entriesByIds(db, wanted);
      const byId = new Map(rows.map((r) => [r.entry.id, r]));
      return hydrate(
        wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
        caller,
      );
    },

    /** get_related_entry: 4 or 5 popular entries sharing a tag (else the category). */
    async related(entryId: string, count: number, caller: Caller) {
      const base = await entryWithAuthor(db, entryId);
      if (!base || !isPublicEntry(base.entry)) throw notFound("文章不存在");
      const [rows, hidden] = await Promise.all([
        relatedEntries(db, base.entry, count),
        forViewer.hiddenAuthors(caller),
      ]);
      return forViewer.withoutHidden(await hydrate(rows, caller), hidden);
    },

    /**
     * One published entry with its body (the entry pages). Drafts are visible to their author only,
     * entries hidden pending review to their author and staff; deleted entries to nobody.
     */
    async getEntry(entryId: string, caller: Caller) {
      const row = HEX_ID.test(entryId) ? await entryWithAuthor(db, entryId) : undefined;
      // Wider than the public rule on purpose: the author reads their own draft or hidden entry,
      // staff a hidden one; a deleted entry stays nobody's.
      const mayRead = (e: { status: string; deletedAt: Date | null; userId: string }) =>
        isPublicEntry(e) ||
        (!e.deletedAt && (e.userId === caller.userId || (e.status === "hidden" && !!caller.staff)));
      if (!row || !mayRead(row.entry)) {
        throw notFound("文章不存在");
      }
      const [presented] = await hydrate([row], caller);
      return { ...presented, content: row.entry.content, status: row.entry.status };
    },

    /**
     * getEntryView: counts a view of a published entry, at most once per viewer (or address) in
     * 30 minutes, and answers the EntryView (§3) with the entry's current viewsCount. The window is
     * decided in the shared store; the count reaches the database in the next batch (view-tally.ts),
     * so the answer adds this instance's unwritten views to the stored count. entryViewId names the
     * counted view; no row is kept for it (nothing in the product reads view history).
     */
    async recordView(entryId: string, caller: Caller) {
      const row = HEX_ID.test(entryId) ? await entryWithAuthor(db, entryId) : undefined;
      if (!row || !isPublicEntry(row.entry)) throw notFound("文章不存在");
      const who = caller.userId ?? `ip:${caller.ip}`;
      // Without the shared store (Redis away) a view goes uncounted: reading must not fail for it.
      const fresh = await kv.incr(`view:${entryId}:${who}`, VIEW_WINDOW_SECONDS).then(
        (n) => n === 1,
        () => false,
      );
      const now = new Date();
      if (fresh) views.add(entryId, caller.userId);
      return {
        entryViewId: fresh ? newId(now) : null,
        viewsCount: row.entry.viewsCount + views.pending(entryId),
        counted: fresh,
        createdAt: now.toISOString(),
        ...(fresh ? { updatedAt: now.toISOString() } : {}),
      };
    },

    /** Counted views not yet written: flushed on a timer; tests and the app's onClose flush now. */
    views,
  };
}

function pointerValue(sort: FeedSort, e: Row["entry"]): number | Date {
  switch (sort) {
    case "newest":
      return e.createdAt;
    case "comment":
      return e.latestCommentAt!;
    case "popular":
      return e.rankIndex;
    default:
      return e.hotIndex;
  }
}

export type EntryService = ReturnType<typeof createEntryService>;

export type EntryDetail = Awaited<ReturnType<EntryService["getEntry"]>>;
