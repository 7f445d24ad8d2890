import { CATEGORIES, CATEGORY_ID } from "../../../db/reference-data.ts";
import type { Tx } from "../../../db/client.ts";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { encodePointer } from "../../../shared/pagination.ts";
import { pointerParam } from "../../lib/keyset.ts";
import { requireLogin, type Caller, type Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { BOOKLET_MISSING, bookletAccess, SECTION_MISSING } from "./access.ts";
import { bookletAuthoring, type IncomeOfOrders } from "./authoring.ts";
import {
  presentSection,
  type PresentedBooklet,
  type PresentedSection,
  type SectionContent,
} from "./present.ts";
import {
  bookletsByIds,
  bookletsPage,
  boughtIds,
  boughtPage,
  bumpBookletViews,
  bumpSectionViews,
  countPurchase,
  findBooklet,
  findSection,
  hasPaidOrder,
  hotBooklets,
  sectionsOf,
  type BookletRow,
} from "./queries.ts";
import { BOOKLETS_PAGE_SIZE, HOT_LIMIT, type BookletSort } from "./schema.ts";

export interface BookletListInput {
  category?: string;
  sort?: BookletSort;
  userId?: string;
  pointer?: string;
  limit?: number;
}

export interface BookletPage {
  list: PresentedBooklet[];
  /** Pass as `pointer` for the next page; null on the last one. */
  cursor: string | null;
  hasMore: boolean;
}

/** A number PostgreSQL takes as an int4. */
const isInt4 = (n: number) => Number.isInteger(n) && n >= -2_147_483_648 && n <= 2_147_483_647;

/**
 * Booklets (小册, spec §3/§7 Booklets): reading, authoring and flags. Buying is services/orders,
 * which reads and counts purchases through the functions at the end of this face.
 */
export function createBookletService(
  deps: Deps,
  uploads: Pick<UploadService, "setUses" | "setUsesInText">,
  incomeOfOrders: IncomeOfOrders,
) {
  const { db, config } = deps;

  const guard = bookletAccess(db);
  const { viewerOf, visibleBooklet, presentMany, presentOne } = guard;

  return {
    /** GET get?bookletId: a booklet with the caller's bought/author flags. */
    async get(id: string, caller: Caller): Promise<PresentedBooklet> {
      const { row } = await visibleBooklet(id, caller);
      return presentOne(row, caller);
    },

    /** GET getListSection?bookletId: sections in order, free flags and what this caller may read. */
    async sections(id: string, caller: Caller): Promise<PresentedSection[]> {
      const { row, access } = await visibleBooklet(id, caller);
      const all = access.bought || access.isAuthor || access.isAdmin || row.price === 0;
      return (await sectionsOf(db, id)).map((s) => presentSection(s, all || s.isFree));
    },

    /**
     * GET getSection?sectionId: a section with its Markdown rendered safe. Free sections (and all of a
     * free booklet) for anyone; the rest for buyers, the author and admins: 401 logged out, 403 else.
     */
    async section(sectionId: string, caller: Caller): Promise<SectionContent> {
      const section = await findSection(db, sectionId);
      if (!section) throw notFound(SECTION_MISSING);
      const { row, access } = await visibleBooklet(section.bookletId, caller);
      const readable =
        section.isFree || row.price === 0 || access.bought || access.isAuthor || access.isAdmin;
      if (!readable) {
        if (!caller.userId) throw unauthorized("登录并购买后阅读");
        throw forbidden("购买后阅读");
      }
      const { html, toc } = renderMarkdown(section.content, { siteOrigin: config.publicUrl });
      return { ...presentSection(section, true), content: section.content, html, toc };
    },

    /** GET getList: published booklets newest or most bought first, by keyset pointer. */
    async list(input: BookletListInput, caller: Caller): Promise<BookletPage> {
      const sort = input.sort ?? "newest";
      const limit = input.limit ?? BOOKLETS_PAGE_SIZE;
      let categoryId: string | null = null;
      if (input.category && input.category !== "all") {
        categoryId = CATEGORY_ID[input.category] ?? null;
        if (!categoryId) throw badRequest("分类不存在", "category");
      }
      const before = pointerParam(input.pointer, sort === "hottest" ? "number" : "date", "pointer");
      // The hottest order's value is a buy count, an int4: PostgreSQL refuses any other number there.
      if (before && typeof before.value === "number" && !isInt4(before.value)) {
        throw badRequest("pointer 格式不正确", "pointer");
      }
      const userId = input.userId ?? null;
      const rows = await bookletsPage(db, {
        categoryId,
        userId,
        withDrafts: !!userId && userId === caller.userId,
        sort,
        before,
        limit: limit + 1,
      });
      const shown = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      const last = shown[shown.length - 1];
      return {
        list: await presentMany(shown, caller),
        cursor: hasMore ? encodePointer(sort === "hottest" ? last.buyCount : last.createdAt, last.id) : null,
        hasMore,
      };
    },

    /** GET getHot: booklets an admin marked hot, most bought first. */
    async hot(input: { limit?: number }, caller: Caller): Promise<PresentedBooklet[]> {
      return presentMany(await hotBooklets(db, input.limit ?? HOT_LIMIT), caller);
    },

    /** GET userBuyList: ids of every booklet the caller bought (to mark lists). */
    async boughtIds(caller: Caller): Promise<string[]> {
      return boughtIds(db, requireLogin(caller));
    },

    /**
     * GET getListBuy: a user's bought booklets, newest purchase first, zero-based pages. Purchases are
     * private: the user themself or an admin (403 otherwise).
     */
    async boughtList(
      input: { userId?: string; page?: number; pageSize?: number },
      caller: Caller,
    ): Promise<{ list: PresentedBooklet[]; total: number; page: number; pageSize: number }> {
      const me = requireLogin(caller);
      const userId = input.userId ?? me;
      if (userId !== me && (await viewerOf(caller))?.role !== "admin")
        throw forbidden("只能查看自己的已购小册");
      const page = input.page ?? 0;
      const pageSize = input.pageSize ?? BOOKLETS_PAGE_SIZE;
      const { rows, total } = await boughtPage(db, userId, page, pageSize);
      return {
        list: await presentMany(
          rows.map((r) => r.booklet),
          caller,
        ),
        total,
        page,
        pageSize,
      };
    },

    // Drafts, sections and flags (authoring.ts).
    ...bookletAuthoring(deps, uploads, guard, incomeOfOrders),

    /** POST viewCountDetail: one more visit of the booklet page. */
    async viewDetail(id: string): Promise<{ viewCount: number }> {
      const n = await bumpBookletViews(db, id);
      if (n === undefined) throw notFound(BOOKLET_MISSING);
      return { viewCount: n };
    },

    /** POST viewCountContent: one more read of a section. */
    async viewContent(sectionId: string): Promise<{ viewCount: number }> {
      const n = await bumpSectionViews(db, sectionId);
      if (n === undefined) throw notFound(SECTION_MISSING);
      return { viewCount: n };
    },

    /** Booklets by ids (profile tabs), in the given order, hidden drafts left out. */
    async byIds(ids: string[], caller: Caller): Promise<PresentedBooklet[]> {
      const rows = await bookletsByIds(db, ids);
      const shown = rows.filter((r) => !r.isDraft || r.userId === caller.userId);
      const presented = await presentMany(shown, caller);
      const byId = new Map(presented.map((b) => [b.id, b]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The fixed categories a booklet may have (for the authoring form). */
    categories: () => CATEGORIES.map((c) => ({ name: c.name, title: c.title })),

    // ---------------------------------------------------------------- for orders

    /** A booklet that can be bought: published, or 404 as for any reader. */
    async forSale(id: string): Promise<BookletRow> {
      const row = await findBooklet(db, id);
      if (!row || row.isDraft) throw notFound(BOOKLET_MISSING);
      return row;
    },

    /** The booklet's row as it is, in the caller's transaction (its author and title, for an order). */
    row(tx: Tx, id: string): Promise<BookletRow | undefined> {
      return findBooklet(tx, id);
    },

    /** Whether the user has a paid order for the booklet: one purchase per person and booklet. */
    hasBought(tx: Tx, userId: string, bookletId: string): Promise<boolean> {
      return hasPaidOrder(tx, userId, bookletId);
    },

    /** In the transaction that pays an order: booklets.buyCount and the buyer's purchasedBookletCount. */
    countPurchase(tx: Tx, bookletId: string, buyerId: string): Promise<void> {
      return countPurchase(tx, bookletId, buyerId);
    },
  };
}

export type BookletService = ReturnType<typeof createBookletService>;
