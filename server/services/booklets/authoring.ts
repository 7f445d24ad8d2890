import { CATEGORY_ID } from "../../../db/reference-data.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { UPLOAD_URL } from "../uploads/index.ts";
import { BOOKLET_MISSING, SECTION_MISSING, requireLogin, type BookletAccess } from "./access.ts";
import { presentSection, type PresentedBooklet, type PresentedSection } from "./present.ts";
import {
  bumpBookletCount,
  findBooklet,
  findSection,
  insertBooklet,
  insertSection,
  lockBooklet,
  nextSectionOrder,
  updateBooklet,
  updateSection,
  type BookletRow,
} from "./queries.ts";
import { SECTION_MAX, SUMMARY_MAX, TITLE_MAX } from "./schema.ts";

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

const chars = (s: string) => [...s].length;

function checkTitle(raw: string, field = "title"): string {
  const title = raw.trim();
  if (!title) throw badRequest("标题不能为空", field);
  if (chars(title) > TITLE_MAX) throw badRequest(`标题不能超过 ${TITLE_MAX} 字`, field);
  return title;
}

/** Booklet fields as the row wants them; only the fields given are checked and returned. */
function checkBooklet(input: BookletInput) {
  const out: Partial<BookletRow> = {};
  if (input.title !== undefined) out.title = checkTitle(input.title);
  if (input.summary !== undefined) {
    const summary = input.summary.trim();
    if (chars(summary) > SUMMARY_MAX) throw badRequest(`简介不能超过 ${SUMMARY_MAX} 字`, "summary");
    out.summary = summary;
  }
  if (input.category !== undefined) {
    if (input.category === "") out.categoryId = null;
    else if (!CATEGORY_ID[input.category]) throw badRequest("分类不存在", "category");
    else out.categoryId = CATEGORY_ID[input.category];
  }
  if (input.price !== undefined) out.price = input.price;
  if (input.cover !== undefined) {
    const cover = input.cover.trim();
    if (cover && !(COVER_URL.test(cover) || UPLOAD_URL.test(cover)))
      throw badRequest("封面地址不正确", "cover");
    out.cover = cover;
  }
  if (input.isFinished !== undefined) out.isFinished = input.isFinished;
  return out;
}

function checkSection(input: SectionInput) {
  const out: { title?: string; content?: string; isFree?: boolean; order?: number } = {};
  if (input.title !== undefined) out.title = checkTitle(input.title);
  if (input.content !== undefined) {
    if (chars(input.content) > SECTION_MAX) throw badRequest(`章节不能超过 ${SECTION_MAX} 字`, "content");
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
) {
  const { db } = deps;
  const { viewerOf, editableBooklet, presentOne } = access;
  return {
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
        await bumpBookletCount(tx, locked.userId, isDraft ? -1 : 1);
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
  };
}
