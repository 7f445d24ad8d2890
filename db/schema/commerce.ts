import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";
import { categories } from "./content.ts";
import { users } from "./users.ts";

// Money is kept in integer cents (分): no floating point in balances or prices.

/** A user's wallet (spec §3 Wallet). A user without a row has no wallet. */
export const wallets = pgTable("wallets", {
  userId: cascadeRef(() => users.id).primaryKey(),
  /** Withdrawable balance in cents. */
  balance: bigint({ mode: "number" }).notNull().default(0),
  hasWallet: boolean().notNull().default(true),
  /** Withdrawal target given to `apply` (alipayAccount, name). */
  alipayAccount: varchar({ length: 100 }).notNull().default(""),
  realName: varchar({ length: 50 }).notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A wallet bill row (getBill). The API names the times create_time/update_time.
 * type: income (booklet sale) | withdraw; status: pending | succeeded | failed.
 */
export const bills = pgTable(
  "bills",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    /** Cents; positive for income, negative for withdrawals. */
    amount: bigint({ mode: "number" }).notNull(),
    type: varchar({ length: 16 }).notNull(),
    status: varchar({ length: 16 }).notNull().default("pending"),
    description: text().notNull().default(""),
    /** The booklet order that produced an income row. */
    orderId: ref(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bills_type_check", sql`${t.type} in ('income', 'withdraw')`),
    check("bills_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index("bills_user_created_idx").on(t.userId, t.createdAt, t.id),
    // The admins' withdrawal queue (oldest pending first) and its history tabs (newest first).
    index("bills_withdraw_status_created_idx")
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.type} = 'withdraw'`),
    // One income bill per order: a replayed payment notice cannot pay the author twice.
    uniqueIndex("bills_order_key")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** Booklet (xiaoce): a paid, sectioned book written by an author with isXiaoceAuthor. */
export const booklets = pgTable(
  "booklets",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    /** /books/{category}; null when uncategorised. */
    categoryId: ref().references(() => categories.id, { onDelete: "set null" }),
    title: varchar({ length: 100 }).notNull(),
    summary: text().notNull().default(""),
    /** Price in cents; 0 is free. */
    price: integer().notNull().default(0),
    cover: text().notNull().default(""),
    isHot: boolean().notNull().default(false),
    isDraft: boolean().notNull().default(true),
    isFinished: boolean().notNull().default(false),
    /** booklet_sections rows. */
    sectionsCount: counter(),
    /** Paid orders. */
    buyCount: counter(),
    /** Comments and replies with targetType booklet, not deleted. */
    commentsCount: counter(),
    /** Visits of the booklet's page (viewCountDetail): a hit counter, no rows behind it. */
    viewCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One index per sort of getList (newest, hottest), with and without a category; drafts are
    // never listed, so the indexes leave them out.
    index("booklets_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isDraft}`),
    index("booklets_buy_idx")
      .on(t.buyCount, t.id)
      .where(sql`not ${t.isDraft}`),
    index("booklets_category_created_idx")
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`not ${t.isDraft}`),
    index("booklets_category_buy_idx")
      .on(t.categoryId, t.buyCount, t.id)
      .where(sql`not ${t.isDraft}`),
    index("booklets_hot_idx")
      .on(t.buyCount, t.id)
      .where(sql`${t.isHot} and not ${t.isDraft}`),
    index("booklets_user_created_idx").on(t.userId, t.createdAt, t.id),
  ],
);

/** A section (chapter) of a booklet; free sections are readable without buying. */
export const bookletSections = pgTable(
  "booklet_sections",
  {
    id: idColumn(),
    bookletId: cascadeRef(() => booklets.id),
    title: varchar({ length: 100 }).notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    isFree: boolean().notNull().default(false),
    isHot: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    /** Reads of the section (viewCountContent): a hit counter, no rows behind it. */
    viewCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("booklet_sections_booklet_order_idx").on(t.bookletId, t.order)],
);

/**
 * A booklet purchase (buy → pay → notify → check). status pending | paid | closed; payType wxpay |
 * alipay, or free for a booklet priced 0 (paid at once, no provider involved).
 */
export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    bookletId: cascadeRef(() => booklets.id),
    /** Cents. */
    amount: integer().notNull(),
    status: varchar({ length: 16 }).notNull().default("pending"),
    payType: varchar({ length: 16 }).notNull(),
    /** The payment provider that took it (dev, wechat, alipay; free for free booklets). */
    provider: varchar({ length: 16 }).notNull().default("dev"),
    /** Where the buyer pays: the provider's page or QR content (code_url), shown again by buy. */
    payUrl: text().notNull().default(""),
    /** The provider's transaction id, from the paid notice. */
    tradeNo: varchar({ length: 64 }),
    /** A pending order past this time is closed and a new one made on the next buy. */
    expiresAt: instant(),
    createdAt: createdAt(),
    paidAt: instant(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'closed')`),
    check("orders_pay_type_check", sql`${t.payType} in ('wxpay', 'alipay', 'free')`),
    // One live pending order per user and booklet: a second buy answers the same order.
    uniqueIndex("orders_pending_key")
      .on(t.userId, t.bookletId)
      .where(sql`${t.status} = 'pending'`),
    // A booklet is bought once: at most one paid order per user and booklet.
    uniqueIndex("orders_paid_key")
      .on(t.userId, t.bookletId)
      .where(sql`${t.status} = 'paid'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("orders_booklet_idx").on(t.bookletId, t.status),
  ],
);
