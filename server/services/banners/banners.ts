import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { findUserById } from "../users/index.ts";
import { presentBanner, type Banner } from "./present.ts";
import {
  activeBanners,
  allBanners,
  deleteBanner,
  findBanner,
  insertBanner,
  updateBanner,
  type NewBanner,
} from "./queries.ts";
import {
  BANNERS_SHOWN,
  MAX_BANNER_PAGE_SIZE,
  type BannerCreateBody,
  type BannerListQuery,
  type BannerUpdateBody,
} from "./schema.ts";

export interface BannerPage {
  list: Banner[];
  canNext: boolean;
}

const MISSING = "横幅不存在";

/** Date strings of a body (validated as date-time by the schema) to Dates; undefined stays unset. */
function when(value: string | null | undefined): Date | null | undefined {
  return value === undefined || value === null ? value : new Date(value);
}

/** The window must be a window: an end at or before the start would never show. */
function checkWindow(startedAt: Date | null | undefined, endedAt: Date | null | undefined) {
  if (startedAt && endedAt && endedAt <= startedAt) throw badRequest("结束时间必须晚于开始时间", "endedAt");
}

/**
 * Banners (spec §7 get_banner, §3 Activity window): what shows now, and the operators' writes.
 * Every platform and src sees the same banners today; the parameters are accepted for the spec's
 * clients and leave room for targeting later.
 */
export function createBannerService(deps: Deps, uploads: Pick<UploadService, "setUses">) {
  const { db } = deps;

  async function requireAdmin(caller: Caller) {
    if (!caller.userId) throw unauthorized();
    if ((await findUserById(db, caller.userId))?.role !== "admin") throw forbidden("只有管理员可以管理横幅");
  }

  /** GET get_banner: active banners inside their window at `now`, by order, zero-based pages. */
  async function list(q: Partial<BannerListQuery>, now = new Date()): Promise<BannerPage> {
    const page = q.page ?? 0;
    const pageSize = Math.min(q.pageSize ?? MAX_BANNER_PAGE_SIZE, MAX_BANNER_PAGE_SIZE);
    const rows = await activeBanners(db, q.position ?? "hero", now, page * pageSize, pageSize);
    return { list: rows.slice(0, pageSize).map(presentBanner), canNext: rows.length > pageSize };
  }

  return {
    list,

    /**
     * The banners of a position the pages render (the sidebar's aside banners, the hero banners
     * above the home and explore feeds). More than the BANNERS_SHOWN: the browser drops the ones
     * this reader closed (kept in localStorage) and shows the first two of the rest.
     */
    async forPages(position: "aside" | "hero"): Promise<Banner[]> {
      return (await list({ position, pageSize: BANNERS_SHOWN * 4 })).list;
    },

    /** Every banner, inactive and expired ones too (admins). */
    async all(caller: Caller): Promise<Banner[]> {
      await requireAdmin(caller);
      return (await allBanners(db)).map(presentBanner);
    },

    async create(body: BannerCreateBody, caller: Caller): Promise<Banner> {
      await requireAdmin(caller);
      const startedAt = when(body.startedAt) ?? null;
      const endedAt = when(body.endedAt) ?? null;
      checkWindow(startedAt, endedAt);
      const row = await db.transaction(async (tx) => {
        const inserted = await insertBanner(tx, {
          id: newId(),
          position: body.position,
          title: body.title?.trim() ?? "",
          imageUrl: body.imageUrl,
          url: body.url,
          order: body.order ?? 0,
          active: body.active ?? true,
          startedAt,
          endedAt,
        });
        // An uploaded banner image is in use while the banner names it (ADR 007).
        await uploads.setUses(tx, { type: "banner", id: inserted.id }, [inserted.imageUrl], caller.userId!);
        return inserted;
      });
      return presentBanner(row);
    },

    /** Changes only the fields sent; null clears a window end. */
    async update(id: string, body: BannerUpdateBody, caller: Caller): Promise<Banner> {
      await requireAdmin(caller);
      const current = await findBanner(db, id);
      if (!current) throw notFound(MISSING);
      const set: Partial<NewBanner> = {};
      if (body.position !== undefined) set.position = body.position;
      if (body.title !== undefined) set.title = body.title.trim();
      if (body.imageUrl !== undefined) set.imageUrl = body.imageUrl;
      if (body.url !== undefined) set.url = body.url;
      if (body.order !== undefined) set.order = body.order;
      if (body.active !== undefined) set.active = body.active;
      if (body.startedAt !== undefined) set.startedAt = when(body.startedAt);
      if (body.endedAt !== undefined) set.endedAt = when(body.endedAt);
      checkWindow(
        set.startedAt === undefined ? current.startedAt : set.startedAt,
        set.endedAt === undefined ? current.endedAt : set.endedAt,
      );
      const row = await db.transaction(async (tx) => {
        const updated = await updateBanner(tx, id, set);
        if (updated && set.imageUrl !== undefined) {
          await uploads.setUses(tx, { type: "banner", id }, [updated.imageUrl], caller.userId!);
        }
        return updated;
      });
      if (!row) throw notFound(MISSING);
      return presentBanner(row);
    },

    async remove(id: string, caller: Caller): Promise<{ id: string }> {
      await requireAdmin(caller);
      const deleted = await db.transaction(async (tx) => {
        if (!(await deleteBanner(tx, id))) return false;
        await uploads.setUses(tx, { type: "banner", id }, [], caller.userId!);
        return true;
      });
      if (!deleted) throw notFound(MISSING);
      return { id };
    },
  };
}
