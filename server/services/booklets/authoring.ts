import type { SQLWrapper } from "drizzle-orm";
import { CATEGORY_ID } from "../../../db/reference-data.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { requireLogin, type Caller, type Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { UPLOAD_URL } from "../uploads/index.ts";
import { bumpUserCounters } from "../users/index.ts";
import { BOOKLET_MISSING, SECTION_MISSING, type BookletAccess } from "./access.ts";
import { presentSection, type PresentedBooklet, type PresentedSection } from "./present.ts";
import {
  deleteSection,
  findBooklet,
  findSection,
  insertBooklet,
  insertSection,
  lockBooklet,
  nextSectionOrder,
  paidOrderIds,
  reorderSections,
  salesOf,
  sectionsOf,
  updateBooklet,
  updateSection,
  type BookletRow,
} from "./queries.ts";
import {
  BOOKLET_MESSAGES,
  checkBookletTitle,
  checkSectionContent,
  checkSummary,
} from "../../../shared/booklet-rules.ts";

const COVER_URL = /^https?:\/\/[^\s]+$/;

export interface BookletInput {
  title?: string;
  summary?: string;
  category?: string;
  price?: number;
  cover?: string;
  isFinished?: boolean;
}

export interface SectionInput {
  title?: string;
  content?: string;
  isFree?: boolean;
  order?: number;
}

/** What the editor shows of a booklet's sales (GET /booklets/sales). */
export interface BookletSales {
  /** Paid orders. */
  buyCount: number;
  /** What buyers paid, in cents. */
  revenue: number;
  /** The author's share credited to their wallet for these orders, in cents. */
  income: number;
}

/** The wallet's read of income bills, handed in by createServices (booklets sit beside wallet). */
export type IncomeOfOrders = (userId: string, orderIds: SQLWrapper) => Promise<number>;

function checkTitle(raw: string, field = "title"): string {
  const problem = checkBookletTitle(raw);
  if (problem) throw badRequest(problem, field);
  return raw.trim();
}

/** Booklet fields as the row wants them; only the fields given are checked and returned. */
function checkBooklet(input: BookletInput) {
  const out: Partial<BookletRow> = {};
  if (input.title !== undefined) out.title = checkTitle(input.title);
  if (input.summary !== undefined) {
    const problem = checkSummary(input.summary);
    if (problem) throw badRequest(problem, "summary");
    out.summary = input.summary.trim();
  }
  if (input.category !== undefined) {
    if (input.category === "") out.categoryId = null;
    else if (!CATEGORY_ID[input.category]) throw badRequest(BOOKLET_MESSAGES.categoryUnknown, "category");
    else out.categoryId = CATEGORY_ID[input.category];
  }
  if (input.price !== undefined) out.price = input.price;
  if (input.cover !== undefined) {
    const cover = input.cover.trim();
    if (cover && !(COVER_URL.test(cover) || UPLOAD_URL.test(cover)))
      throw badRequest(BOOKLET_MESSAGES.coverBad, "cover");
    out.cover = cover;
  }
  if (input.isFinished !== undefined) out.isFinished = input.isFinished;
  return out;
}

function checkSection(input: SectionInput) {
  const out: { title?: string; content?: string; isFree?: boolean; order?: number } = {};
  if (input.title !== undefined) out.title = checkTitle(input.title);
  if (input.content !== undefined) {
    const problem = checkSectionContent(input.content);
    if (problem) throw badRequest(problem, "content");
    out.content = input.content;
  }
  if (input.isFree !== undefined) out.isFree = input.isFree;
  if (input.order !== undefined) out.order = input.order;
  return out;
}

/**
 * Writing booklets: drafts, sections, the draft/hot/free flags. Part of the booklet service's face
 * (createBookletService spreads it in); the author or an admin writes, as `access` decides.
 */
export function bookletAuthoring(
  deps: Deps,
  uploads: Pick<UploadService, "setUses" | "setUsesInText">,
  access: BookletAccess,
  incomeOfOrders: IncomeOfOrders,
) {
  const { db } = deps;
  const { viewerOf, editableBooklet, presentOne } = access;
  return {
    /**
     * The booklet editor's booklet (/editor/book/{id}/section): the author or an admin; anyone else
     * 403, or 404 for someone else's draft, as every authoring call answers.
     */
    async editable(id: string, caller: Caller): Promise<PresentedBooklet> {
      const { row } = await editableBooklet(id, caller);
      return presentOne(row, caller);
    },

    /**
     * GET /booklets/sales: paid orders, what buyers paid and the author's income from them (the
     * wallet's income bills), for the author and admins only: sales are as private as a wallet.
     */
    async sales(id: string, caller: Caller): Promise<BookletSales> {
      const { row } = await editableBooklet(id, caller);
      const [{ orders, revenue }, income] = await Promise.all([
        salesOf(db, id),
        incomeOfOrders(row.userId, paidOrderIds(db, id)),
      ]);
      return { buyCount: orders, revenue, income };
    },

    /** POST /booklets: a new draft by a booklet author (isXiaoceAuthor; 403 otherwise). */
    async create(input: BookletInput & { title: string }, caller: Caller): Promise<PresentedBooklet> {
      const userId = requireLogin(caller);
      const viewer = await viewerOf(caller);
      if (!viewer?.isXiaoceAuthor) throw forbidden("只有小册作者可以创建小册");
      const fields = checkBooklet(input);
      const row = await db.transaction(async (tx) => {
        const inserted = await insertBooklet(tx, {
          id: newId(),
          userId,
          title: fields.title!,
          ...fields,
          isDraft: true,
        });
        // An uploaded cover is in use while the booklet names it (ADR 007).
        await uploads.setUses(tx, { type: "booklet", id: inserted.id }, [inserted.cover ?? ""], userId);
        return inserted;
      });
      return presentOne(row, caller);
    },

    /** PUT /booklets/{id}: the author (or an admin) edits the booklet's fields. */
    async update(id: string, input: BookletInput, caller: Caller): Promise<PresentedBooklet> {
      await editableBooklet(id, caller);
      const fields = checkBooklet(input);
      const row = Object.keys(fields).length
        ? await db.transaction(async (tx) => {
            const updated = await updateBooklet(tx, id, fields);
            if (fields.cover !== undefined) {
              await uploads.setUses(tx, { type: "booklet", id }, [fields.cover], updated.userId);
            }
            return updated;
          })
        : (await findBooklet(db, id))!;
      return presentOne(row, caller);
    },

    /**
     * PUT isDraft: publish (false) or take back (true). users.bookletCount moves with the flag. A
     * booklet needs a section to publish; one somebody bought cannot be taken back (409).
     */
    async setDraft(id: string, isDraft: boolean, caller: Caller): Promise<PresentedBooklet> {
      await editableBooklet(id, caller);
      const row = await db.transaction(async (tx) => {
        const locked = (await lockBooklet(tx, id))!;
        if (locked.isDraft === isDraft) return locked;
        if (!isDraft && locked.sectionsCount === 0) throw badRequest("至少写一个章节才能上架", "isDraft");
        if (isDraft && locked.buyCount > 0) throw new AppError(409, "已有读者购买，不能下架");
        // users.bookletCount: the author's published booklets.
        await bumpUserCounters(tx, locked.userId, { bookletCount: isDraft ? -1 : 1 });
        return updateBooklet(tx, id, { isDraft });
      });
      return presentOne(row, caller);
    },

    /** PUT isHot: admins only (spec §6). */
    async setHot(id: string, isHot: boolean, caller: Caller): Promise<PresentedBooklet> {
      requireLogin(caller);
      if ((await viewerOf(caller))?.role !== "admin") throw forbidden("只有管理员可以设置热门");
      if (!(await findBooklet(db, id))) throw notFound(BOOKLET_MISSING);
      const row = await db.transaction((tx) => updateBooklet(tx, id, { isHot }));
      return presentOne(row, caller);
    },

    /** POST /booklets/{id}/sections: the author adds a section (at the end unless `order`). */
    async addSection(bookletId: string, input: SectionInput & { title: string }, caller: Caller) {
      const { row: booklet } = await editableBooklet(bookletId, caller);
      const fields = checkSection(input);
      const row = await db.transaction(async (tx) => {
        await lockBooklet(tx, bookletId);
        const section = await insertSection(tx, {
          id: newId(),
          bookletId,
          title: fields.title!,
          content: fields.content ?? "",
          isFree: fields.isFree ?? false,
          order: fields.order ?? (await nextSectionOrder(tx, bookletId)),
        });
        // The uploaded images its Markdown shows are kept while it does (ADR 007).
        await uploads.setUsesInText(
          tx,
          { type: "section", id: section.id },
          [section.content],
          booklet.userId,
        );
        return section;
      });
      return presentSection(row, true);
    },

    /** PUT /booklets/sections/{sectionId}: the author edits a section. */
    async updateSection(sectionId: string, input: SectionInput, caller: Caller) {
      const section = await findSection(db, sectionId);
      if (!section) throw notFound(SECTION_MISSING);
      const { row: booklet } = await editableBooklet(section.bookletId, caller);
      const fields = checkSection(input);
      const row = Object.keys(fields).length
        ? await db.transaction(async (tx) => {
            const updated = await updateSection(tx, sectionId, fields);
            if (fields.content !== undefined) {
              await uploads.setUsesInText(
                tx,
                { type: "section", id: sectionId },
                [updated.content],
                booklet.userId,
              );
            }
            return updated;
          })
        : section;
      return presentSection(row, true);
    },

    /** PUT isFreeSection: admins (spec §6) and the booklet's author choose the free sections. */
    async setFree(sectionId: string, isFree: boolean, caller: Caller): Promise<PresentedSection> {
      const section = await findSection(db, sectionId);
      if (!section) throw notFound(SECTION_MISSING);
      await editableBooklet(section.bookletId, caller);
      return presentSection(await db.transaction((tx) => updateSection(tx, sectionId, { isFree })), true);
    },

    /**
     * PUT /booklets/{id}/sections/order: the author puts the sections in a new reading order. The
     * list must name every section of the booklet once (400 on sectionIds otherwise), so a stale
     * editor cannot drop a section a second tab just added.
     */
    async reorderSections(bookletId: string, sectionIds: string[], caller: Caller) {
      await editableBooklet(bookletId, caller);
      await db.transaction(async (tx) => {
        await lockBooklet(tx, bookletId);
        const current = (await sectionsOf(tx, bookletId)).map((s) => s.id);
        const given = new Set(sectionIds);
        if (
          given.size !== sectionIds.length ||
          given.size !== current.length ||
          current.some((id) => !given.has(id))
        ) {
          throw badRequest("章节列表与小册不一致，请刷新后重试", "sectionIds");
        }
        await reorderSections(tx, bookletId, sectionIds);
      });
      return (await sectionsOf(db, bookletId)).map((s) => presentSection(s, true));
    },

    /**
     * DELETE /booklets/sections/{sectionId}: the author removes a section. A published booklet keeps
     * at least one (it needs one to be on sale, as setDraft says); its images are released.
     */
    async deleteSection(sectionId: string, caller: Caller): Promise<{ id: string }> {
      const section = await findSection(db, sectionId);
      if (!section) throw notFound(SECTION_MISSING);
      const { row: booklet } = await editableBooklet(section.bookletId, caller);
      await db.transaction(async (tx) => {
        const locked = (await lockBooklet(tx, booklet.id))!;
        // Another tab may have deleted it while this call waited for the lock.
        if (!(await findSection(tx, sectionId))) throw notFound(SECTION_MISSING);
        if (!locked.isDraft && locked.sectionsCount <= 1) {
          throw badRequest("已上架的小册至少保留一个章节", "sectionId");
        }
        await uploads.setUsesInText(tx, { type: "section", id: sectionId }, [], booklet.userId);
        await deleteSection(tx, sectionId, booklet.id);
      });
      return { id: sectionId };
    },
  };
}
