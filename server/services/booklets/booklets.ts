import { randomBytes } from "node:crypto";
import { CATEGORIES, CATEGORY_ID } from "../../../db/reference-data.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import { decodePointer, encodePointer } from "../../../shared/pagination.ts";
import {
  createPayments,
  PaymentNoticeError,
  type NotifyAck,
  type NotifyRequest,
  type PaymentChannel,
  type PaymentNotice,
  type Payments,
  type PayType,
} from "../../lib/payments.ts";
import { uniqueViolation } from "../../lib/pg-errors.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/uploads.ts";
import { findUserById, usersByIds, type UserRow } from "../users/queries.ts";
import { UPLOAD_URL } from "../uploads/schema.ts";
import { creditIncome } from "../wallet/queries.ts";
import {
  presentBooklet,
  presentOrder,
  presentSection,
  type PresentedBooklet,
  type PresentedOrder,
  type PresentedSection,
  type SectionContent,
} from "./present.ts";
import {
  bookletsByIds,
  bookletsPage,
  boughtAmong,
  boughtIds,
  boughtPage,
  bumpBookletCount,
  bumpBookletViews,
  bumpSectionViews,
  countPurchase,
  findBooklet,
  findOrder,
  findSection,
  hasPaidOrder,
  hotBooklets,
  insertBooklet,
  insertOrder,
  insertSection,
  lockBooklet,
  lockOrder,
  lockPendingOrder,
  nextSectionOrder,
  sectionsOf,
  updateBooklet,
  updateOrder,
  updateSection,
  type BookletRow,
  type OrderRow,
} from "./queries.ts";
import {
  AUTHOR_SHARE,
  BOOKLETS_PAGE_SIZE,
  HOT_LIMIT,
  ORDER_TTL_MS,
  SECTION_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
  type BookletSort,
} from "./schema.ts";

const BOOKLET_MISSING = "小册不存在或尚未上架";
const SECTION_MISSING = "章节不存在";
const ORDER_MISSING = "订单不存在";
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

/** What the outcome of a payment notice was (logged; the provider only hears accepted or not). */
export type SettleResult = "paid" | "already" | "mismatch" | "unknown" | "duplicate";

function requireLogin(caller: Caller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
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
 * Booklets (小册, spec §3/§7 Booklets): reading, authoring, flags, and buying through the payment
 * providers of server/lib/payments.ts. A paid notice moves the order, booklets.buyCount, the buyer's
 * purchasedBookletCount and the author's wallet (income bill + balance) in one transaction with the
 * order row locked — lock order: order → booklet → buyer's user row → author's wallet.
 */
export function createBookletService(deps: Deps, uploads: Pick<UploadService, "setUses" | "setUsesInText">) {
  const { db, config } = deps;
  const payments: Payments = createPayments(config.payments, config.publicUrl);

  async function viewerOf(caller: Caller): Promise<UserRow | undefined> {
    return caller.userId ? findUserById(db, caller.userId) : undefined;
  }

  /** The booklet as this caller may see it: drafts only for their author and admins. */
  async function visibleBooklet(id: string, caller: Caller) {
    const row = await findBooklet(db, id);
    if (!row) throw notFound(BOOKLET_MISSING);
    const viewer = await viewerOf(caller);
    const isAuthor = !!viewer && viewer.id === row.userId;
    const isAdmin = viewer?.role === "admin";
    if (row.isDraft && !isAuthor && !isAdmin) throw notFound(BOOKLET_MISSING);
    const bought = !!viewer && !isAuthor && (await hasPaidOrder(db, viewer.id, row.id));
    return { row, viewer, access: { bought, isAuthor, isAdmin } };
  }

  /** Author or admin may change a booklet; anyone else gets 403 (or 404 for someone else's draft). */
  async function editableBooklet(id: string, caller: Caller) {
    requireLogin(caller);
    const seen = await visibleBooklet(id, caller);
    if (!seen.access.isAuthor && !seen.access.isAdmin) throw forbidden("只有作者可以修改小册");
    return seen;
  }

  async function presentMany(rows: BookletRow[], caller: Caller): Promise<PresentedBooklet[]> {
    const [authors, bought, viewer] = await Promise.all([
      usersByIds(db, [...new Set(rows.map((r) => r.userId))]),
      boughtAmong(
        db,
        caller.userId,
        rows.map((r) => r.id),
      ),
      viewerOf(caller),
    ]);
    const byId = new Map(authors.map((u) => [u.id, u]));
    return rows.map((r) =>
      presentBooklet(r, byId.get(r.userId), {
        bought: bought.has(r.id),
        isAuthor: caller.userId === r.userId,
        isAdmin: viewer?.role === "admin",
      }),
    );
  }

  async function presentOne(row: BookletRow, caller: Caller): Promise<PresentedBooklet> {
    return (await presentMany([row], caller))[0];
  }

  /**
   * Applies a verified paid notice. Idempotent: a replayed notice finds the order paid and changes
   * nothing. The amount must be the order's, to the cent.
   */
  async function settle(notice: PaymentNotice, channel: string): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, notice.orderId);
      if (!order) return "unknown";
      if (channel !== "dev" && order.provider !== channel) return "unknown";
      if (order.status === "paid") return "already";
      if (notice.amount !== order.amount) return "mismatch";
      // A closed order can still be paid late (the buyer had the page open); unless the booklet
      // was bought meanwhile through another order — then the money needs a refund by hand.
      if (await hasPaidOrder(tx, order.userId, order.bookletId)) {
        await updateOrder(tx, order.id, { status: "closed", tradeNo: notice.tradeNo || null });
        return "duplicate";
      }
      await updateOrder(tx, order.id, {
        status: "paid",
        paidAt: new Date(),
        tradeNo: notice.tradeNo || null,
      });
      await countPurchase(tx, order.bookletId, order.userId);
      const booklet = (await findBooklet(tx, order.bookletId))!;
      const income = Math.round(order.amount * AUTHOR_SHARE);
      if (income > 0) {
        await creditIncome(tx, {
          userId: booklet.userId,
          amount: income,
          orderId: order.id,
          description: `《${booklet.title}》销售收入`,
        });
      }
      return "paid";
    });
  }

  /** Closes a pending order past its time (under its lock); answers the row as it now is. */
  async function closeIfExpired(order: OrderRow): Promise<OrderRow> {
    if (order.status !== "pending" || !order.expiresAt || order.expiresAt > new Date()) return order;
    return db.transaction(async (tx) => {
      const locked = (await lockOrder(tx, order.id))!;
      if (locked.status !== "pending") return locked;
      return updateOrder(tx, order.id, { status: "closed" });
    });
  }

  /**
   * The caller's live pending order for the same pay type and price, or a new one with the provider's
   * pay URL. The provider call runs inside the transaction: the only thing it holds is this buyer's
   * pending slot (orders_pending_key), so a second buy by the same person waits and then reuses the
   * order instead of racing it, and a failed call leaves no order behind.
   */
  async function pendingOrder(
    userId: string,
    booklet: BookletRow,
    payType: PayType,
    channel: PaymentChannel,
  ) {
    return db.transaction(async (tx) => {
      const live = await lockPendingOrder(tx, userId, booklet.id);
      if (live) {
        const fresh = live.expiresAt && live.expiresAt > new Date();
        if (fresh && live.payType === payType && live.amount === booklet.price) return live;
        await updateOrder(tx, live.id, { status: "closed" });
      }
      const order = await insertOrder(tx, {
        id: newId(),
        userId,
        bookletId: booklet.id,
        amount: booklet.price,
        status: "pending",
        payType,
        provider: channel.name,
        expiresAt: new Date(Date.now() + ORDER_TTL_MS),
      });
      const start = await channel.start({
        orderId: order.id,
        amount: order.amount,
        description: `掘金小册《${booklet.title}》`,
        payType,
        expiresAt: order.expiresAt!,
        returnPath: `/book/${booklet.id}`,
      });
      return updateOrder(tx, order.id, { payUrl: start.payUrl });
    });
  }

  const service = {
    /** The providers (the dev pay page reads the dev one). */
    payments,

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
      let before = null;
      if (input.pointer) {
        const p =
          sort === "hottest" ? decodePointer(input.pointer, "number") : decodePointer(input.pointer, "date");
        if (!p) throw badRequest("游标不正确", "pointer");
        before = p;
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

    // ---------------------------------------------------------------- authoring

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

    // ---------------------------------------------------------------- buying

    /**
     * POST order/buy: starts a purchase. Free booklets are bought at once (a paid order of 0); paid
     * ones get a pending order (one live per user and booklet: a repeated buy answers the same one)
     * and the provider's pay URL. Owning it already, or being its author, is 409.
     */
    async buy(input: { bookletId: string; type?: PayType }, caller: Caller): Promise<PresentedOrder> {
      const userId = requireLogin(caller);
      const payType = input.type ?? "wxpay";
      const booklet = await findBooklet(db, input.bookletId);
      if (!booklet || booklet.isDraft) throw notFound(BOOKLET_MISSING);
      if (booklet.userId === userId) throw new AppError(409, "这是你自己的小册，无需购买");
      if (await hasPaidOrder(db, userId, booklet.id)) throw new AppError(409, "你已经购买过这本小册");

      if (booklet.price === 0) {
        try {
          const order = await db.transaction(async (tx) => {
            const row = await insertOrder(tx, {
              id: newId(),
              userId,
              bookletId: booklet.id,
              amount: 0,
              status: "paid",
              payType: "free",
              provider: "free",
              paidAt: new Date(),
            });
            await countPurchase(tx, booklet.id, userId);
            return row;
          });
          return presentOrder(order);
        } catch (err) {
          if (uniqueViolation(err)) throw new AppError(409, "你已经购买过这本小册");
          throw err;
        }
      }

      const channel = payments.channelFor(payType);
      if (!channel) throw new AppError(503, "暂不支持该支付方式，请换一种方式支付");
      for (let attempt = 1; ; attempt++) {
        try {
          return presentOrder(await pendingOrder(userId, booklet, payType, channel));
        } catch (err) {
          // Two buys at once: the other one made the pending order; the next attempt answers it.
          if (!uniqueViolation(err) || attempt >= 3) throw err;
        }
      }
    },

    /** POST order/AlipayWapToBuy: buy with Alipay's mobile cashier (payUrl is the page to open). */
    alipayWapToBuy(input: { bookletId: string }, caller: Caller): Promise<PresentedOrder> {
      return service.buy({ bookletId: input.bookletId, type: "alipay" }, caller);
    },

    /**
     * GET order/check?orderId: the order's status, for the buyer only (404 for anyone else). A
     * pending order asks the provider when it can (a lost callback), and closes once expired.
     */
    async check(orderId: string, caller: Caller): Promise<PresentedOrder> {
      const userId = requireLogin(caller);
      let order = await findOrder(db, orderId);
      if (!order || order.userId !== userId) throw notFound(ORDER_MISSING);
      if (order.status === "pending") {
        const channel = payments.byName(order.provider === "wechat" ? "wxpay" : order.provider);
        if (channel?.query) {
          const notice = await channel.query(order.id).catch(() => null);
          if (notice?.paid) {
            await settle(notice, channel.name);
            order = (await findOrder(db, orderId))!;
          }
        }
        order = await closeIfExpired(order);
      }
      return presentOrder(order);
    },

    /**
     * A provider's callback (POST /api/payments/notify/{channel}): verify, settle, and answer in the
     * provider's own format. Anything not genuine is refused without touching an order.
     */
    async notify(
      channelName: string,
      req: NotifyRequest,
      log: (msg: string) => void = () => undefined,
    ): Promise<NotifyAck & { result?: SettleResult }> {
      const channel = payments.byName(channelName);
      if (!channel) return { status: 404, contentType: "application/json", body: '{"code":"FAIL"}' };
      let notice: PaymentNotice;
      try {
        notice = channel.parseNotify(req);
      } catch (err) {
        if (!(err instanceof PaymentNoticeError)) throw err;
        log(`payment notice refused (${channel.name}): ${err.message}`);
        return channel.ack(false, "签名验证失败");
      }
      if (!notice.paid) return channel.ack(true);
      const result = await settle(notice, channel.name);
      if (result === "mismatch" || result === "unknown") {
        log(`payment notice for order ${notice.orderId} refused: ${result}`);
        return { ...channel.ack(false, result === "mismatch" ? "金额不符" : "订单不存在"), result };
      }
      if (result === "duplicate") log(`order ${notice.orderId} paid twice for one booklet: refund by hand`);
      return { ...channel.ack(true), result };
    },

    /** The dev cashier page: the order and its booklet's title (dev provider only). */
    async devOrder(orderId: string) {
      if (!payments.dev) throw notFound();
      const order = await findOrder(db, orderId);
      if (!order) throw notFound(ORDER_MISSING);
      const booklet = await findBooklet(db, order.bookletId);
      return { order: presentOrder(order), title: booklet?.title ?? "" };
    },

    /** The notice the dev cashier sends when 确认支付 is pressed (signed with the dev secret). */
    devNotice(order: { orderId: string; amount: number }) {
      if (!payments.dev) throw notFound();
      return payments.dev.signNotice({
        out_trade_no: order.orderId,
        transaction_id: `dev${randomBytes(10).toString("hex")}`,
        trade_state: "SUCCESS",
        amount: { total: order.amount },
      });
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
  };
  return service;
}

export type BookletService = ReturnType<typeof createBookletService>;
