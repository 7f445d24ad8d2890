import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { bumpUserCounters } from "../users/index.ts";
import { rowById, rowsById } from "../../lib/row-by-id.ts";
import { bookletSections, booklets, orders } from "../../../db/schema/index.ts";
import type { BookletSort } from "./schema.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { sitemapSource } from "../../lib/sitemap-source.ts";
import { idsAmong } from "../../lib/link-rows.ts";
import { updateFound } from "../../lib/update-row.ts";

export type BookletRow = typeof booklets.$inferSelect;
export type SectionRow = typeof bookletSections.$inferSelect;
/** A section without its Markdown (lists never carry the content). */
export type SectionHead = Omit<SectionRow, "content">;

// lockBooklet: publish/unpublish and the counters of its sections serialize on the booklet's row.
export const { find: findBooklet, lock: lockBooklet, insert: insertBooklet } = rowsById(booklets);

/** Changes a booklet its caller found in this transaction first. */
export async function updateBooklet(tx: Tx, id: string, values: Partial<typeof booklets.$inferInsert>) {
  return updateFound(tx, booklets, id, values);
}

export interface ListFilter {
  categoryId: string | null;
  userId: string | null;
  /** The author listing their own booklets sees drafts too. */
  withDrafts: boolean;
  sort: BookletSort;
  before: { value: number | Date; id: string } | null;
  limit: number;
}

/**
 * One keyset page of booklets: newest walks (createdAt, id), hottest (buyCount, id), backward; the
 * partial indexes booklets_(category_)created_idx / _buy_idx serve both with or without a category.
 */
export async function bookletsPage(db: Tx, f: ListFilter): Promise<BookletRow[]> {
  const key = f.sort === "hottest" ? booklets.buyCount : booklets.createdAt;
  const where: (SQL | undefined)[] = [
    f.withDrafts ? undefined : eq(booklets.isDraft, false),
    f.categoryId ? eq(booklets.categoryId, f.categoryId) : undefined,
    f.userId ? eq(booklets.userId, f.userId) : undefined,
  ];
  where.push(keysetAfter(key, booklets.id, f.before));
  return db
    .select()
    .from(booklets)
    .where(and(...where))
    .orderBy(desc(key), desc(booklets.id))
    .limit(f.limit);
}

/** Published hot booklets, most bought first (booklets_hot_idx). */
export async function hotBooklets(db: Tx, limit: number): Promise<BookletRow[]> {
  return db
    .select()
    .from(booklets)
    .where(and(eq(booklets.isHot, true), eq(booklets.isDraft, false)))
    .orderBy(desc(booklets.buyCount), desc(booklets.id))
    .limit(limit);
}

export async function bookletsByIds(db: Tx, ids: string[]): Promise<BookletRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(booklets).where(inArray(booklets.id, ids));
}

const { content: _content, ...sectionHeadColumns } = getTableColumns(bookletSections);

/** A booklet's sections in reading order, without content. */
export async function sectionsOf(db: Tx, bookletId: string): Promise<SectionHead[]> {
  return db
    .select(sectionHeadColumns)
    .from(bookletSections)
    .where(eq(bookletSections.bookletId, bookletId))
    .orderBy(asc(bookletSections.order), asc(bookletSections.id));
}

export async function findSection(db: Tx, id: string): Promise<SectionRow | undefined> {
  return rowById(db, bookletSections, id);
}

/** The next free position at the end of a booklet. */
export async function nextSectionOrder(tx: Tx, bookletId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${bookletSections.order}) + 1, 0)::int` })
    .from(bookletSections)
    .where(eq(bookletSections.bookletId, bookletId));
  return row.n;
}

/** Adds a section and moves booklets.sectionsCount with it (caller holds the booklet lock). */
export async function insertSection(
  tx: Tx,
  values: typeof bookletSections.$inferInsert,
): Promise<SectionRow> {
  const [row] = await tx.insert(bookletSections).values(values).returning();
  await tx
    .update(booklets)
    .set({ sectionsCount: sql`${booklets.sectionsCount} + 1`, updatedAt: new Date() })
    .where(eq(booklets.id, values.bookletId));
  return row;
}

/** Changes a section its caller found in this transaction first. */
export async function updateSection(
  tx: Tx,
  id: string,
  values: Partial<typeof bookletSections.$inferInsert>,
) {
  return updateFound(tx, bookletSections, id, values);
}

/**
 * Puts the booklet's sections in the order of `ids` (order = position), in one statement; the
 * caller holds the booklet lock and has checked that `ids` are exactly the booklet's sections.
 */
export async function reorderSections(tx: Tx, bookletId: string, ids: string[]): Promise<void> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${bookletSections} s set "order" = (x.ord - 1)::int, updated_at = now()
    from unnest(array[${list}]::text[]) with ordinality as x(id, ord)
    where s.id = x.id and s.booklet_id = ${bookletId}`);
}

/** Removes a section and moves booklets.sectionsCount with it (caller holds the booklet lock). */
export async function deleteSection(tx: Tx, id: string, bookletId: string): Promise<void> {
  await tx.delete(bookletSections).where(eq(bookletSections.id, id));
  await tx
    .update(booklets)
    .set({ sectionsCount: sql`${booklets.sectionsCount} - 1`, updatedAt: new Date() })
    .where(eq(booklets.id, bookletId));
}

export async function bumpBookletViews(db: Tx, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(booklets)
    .set({ viewCount: sql`${booklets.viewCount} + 1` })
    .where(and(eq(booklets.id, id), eq(booklets.isDraft, false)))
    .returning({ viewCount: booklets.viewCount });
  return row?.viewCount;
}

export async function bumpSectionViews(db: Tx, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(bookletSections)
    .set({ viewCount: sql`${bookletSections.viewCount} + 1` })
    .where(eq(bookletSections.id, id))
    .returning({ viewCount: bookletSections.viewCount });
  return row?.viewCount;
}

// ---------------------------------------------------------------- purchases
// Who bought what is read here (it decides who may read a booklet); services/orders writes orders.

/** Of these booklets, the ones the user has a paid order for (orders_paid_key). */
export async function boughtAmong(db: Tx, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId) return new Set();
  const paid = and(eq(orders.userId, userId), eq(orders.status, "paid"));
  return idsAmong(db, orders, paid, orders.bookletId, ids);
}

/** Every booklet id the user bought (userBuyList), newest purchase first. */
export async function boughtIds(db: Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.bookletId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")))
    .orderBy(desc(orders.paidAt), desc(orders.id));
  return rows.map((r) => r.id);
}

/** One page of a user's bought booklets, newest purchase first, with the total. */
export async function boughtPage(db: Tx, userId: string, page: number, pageSize: number) {
  const mine = and(eq(orders.userId, userId), eq(orders.status, "paid"));
  const [rows, [total]] = await Promise.all([
    db
      .select({ booklet: booklets, paidAt: orders.paidAt })
      .from(orders)
      .innerJoin(booklets, eq(booklets.id, orders.bookletId))
      .where(mine)
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { rows, total: total.n };
}

/** The paid orders of a booklet as a subquery of their ids (for the wallet's income bills). */
export const paidOrderIds = (db: Tx, bookletId: string) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.bookletId, bookletId), eq(orders.status, "paid")));

/** How many paid orders a booklet has and what buyers paid in all, in cents (orders_booklet_idx). */
export async function salesOf(db: Tx, bookletId: string): Promise<{ orders: number; revenue: number }> {
  const [row] = await db
    .select({ orders: count(), revenue: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.bookletId, bookletId), eq(orders.status, "paid")));
  return { orders: row.orders, revenue: Number(row.revenue) };
}

export async function hasPaidOrder(db: Tx, userId: string, bookletId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.bookletId, bookletId), eq(orders.status, "paid")))
    .limit(1);
  return !!row;
}

/** The counters a paid order moves: booklets.buyCount and the buyer's purchasedBookletCount. */
export async function countPurchase(tx: Tx, bookletId: string, buyerId: string): Promise<void> {
  await tx
    .update(booklets)
    .set({ buyCount: sql`${booklets.buyCount} + 1` })
    .where(eq(booklets.id, bookletId));
  await bumpUserCounters(tx, buyerId, { purchasedBookletCount: 1 });
}

/** The booklets a sitemap lists: on sale (drafts are their author's alone). */
export const bookletSitemap = sitemapSource(
  booklets,
  { id: booklets.id, updatedAt: booklets.updatedAt, key: booklets.id },
  sql`not ${booklets.isDraft}`,
);
