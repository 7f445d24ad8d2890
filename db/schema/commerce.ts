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
import { counter, createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";
import { categories } from "./content.ts";
import { users } from "./users.ts";

// Money is kept in integer cents (分): no floating point in balances or prices.

/** A user's wallet (spec §3 Wallet). A user without a row has no wallet. */
export const wallets = pgTable("wallets", {
  userId: ref()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
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
    userId: ref()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
  ],
);

/** Booklet (xiaoce): a paid, sectioned book written by an author with isXiaoceAuthor. */
export const booklets = pgTable(
  "booklets",
  {
    id: idColumn(),
    userId: ref()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("booklets_created_idx").on(t.createdAt, t.id),
    index("booklets_buy_idx").on(t.buyCount, t.id),
    index("booklets_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    index("booklets_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** A section (chapter) of a booklet; free sections are readable without buying. */
export const bookletSections = pgTable(
  "booklet_sections",
  {
    id: idColumn(),
    bookletId: ref()
      .notNull()
      .references(() => booklets.id, { onDelete: "cascade" }),
    title: varchar({ length: 100 }).notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    isFree: boolean().notNull().default(false),
    isHot: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("booklet_sections_booklet_order_idx").on(t.bookletId, t.order)],
);

/** A booklet purchase (buy → check). status pending | paid | closed; payType wxpay | alipay. */
export const orders = pgTable(
  "orders",
  {
    id: idColumn(),
    userId: ref()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookletId: ref()
      .notNull()
      .references(() => booklets.id, { onDelete: "cascade" }),
    /** Cents. */
    amount: integer().notNull(),
    status: varchar({ length: 16 }).notNull().default("pending"),
    payType: varchar({ length: 16 }).notNull(),
    createdAt: createdAt(),
    paidAt: instant(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'closed')`),
    check("orders_pay_type_check", sql`${t.payType} in ('wxpay', 'alipay')`),
    // A booklet is bought once: at most one paid order per user and booklet.
    uniqueIndex("orders_paid_key")
      .on(t.userId, t.bookletId)
      .where(sql`${t.status} = 'paid'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("orders_booklet_idx").on(t.bookletId, t.status),
  ],
);
