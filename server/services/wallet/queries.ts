import { and, asc, count, desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { lockRowById } from "../../lib/row-by-id.ts";
import { bills, users, wallets } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";

export type WalletRow = typeof wallets.$inferSelect;
export type BillRow = typeof bills.$inferSelect;

export async function findWallet(db: Tx, userId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row;
}

/**
 * Locks the user's wallet row, making it first if needed. Every balance change (income, withdrawal,
 * refund) happens under this lock, so concurrent ones queue instead of reading a stale balance.
 */
export async function lockWallet(tx: Tx, userId: string): Promise<WalletRow> {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for("update");
  return row;
}

/** balance + delta (cents) on a locked wallet; answers the new balance. */
export async function moveBalance(tx: Tx, userId: string, delta: number, extra: Partial<WalletRow> = {}) {
  const [row] = await tx
    .update(wallets)
    .set({ ...extra, balance: sql`${wallets.balance} + ${delta}`, updatedAt: new Date() })
    .where(eq(wallets.userId, userId))
    .returning({ balance: wallets.balance });
  return row.balance;
}

export async function insertBill(tx: Tx, values: Omit<typeof bills.$inferInsert, "id">): Promise<BillRow> {
  const [row] = await tx
    .insert(bills)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/**
 * The author's share of a paid order: an income bill and the balance, in the caller's transaction
 * (the one that marks the order paid). bills_order_key makes a second credit for one order fail.
 */
export async function creditIncome(
  tx: Tx,
  input: { userId: string; amount: number; orderId: string; description: string },
): Promise<void> {
  await lockWallet(tx, input.userId);
  await insertBill(tx, {
    userId: input.userId,
    amount: input.amount,
    type: "income",
    status: "succeeded",
    description: input.description,
    orderId: input.orderId,
  });
  await moveBalance(tx, input.userId, input.amount);
}

/**
 * The income bills of `userId` for the orders `orderIds` selects (a subquery the caller builds over
 * its own table), summed in cents; bills_order_key finds each order's bill.
 */
export async function incomeOfOrders(db: Tx, userId: string, orderIds: SQLWrapper): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${bills.amount}), 0)::bigint` })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.type, "income"), inArray(bills.orderId, orderIds)));
  return Number(row.sum);
}

/** One page of bills, newest first (bills_user_created_idx), and how many there are. */
export async function billsPage(db: Tx, userId: string, page: number, pageSize: number) {
  const mine = eq(bills.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bills)
      .where(mine)
      .orderBy(desc(bills.createdAt), desc(bills.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ n: count() }).from(bills).where(mine),
  ]);
  return { rows, total: total.n };
}

/** Pending withdrawals of the user: how many and how much is held (a positive number of cents). */
export async function pendingWithdrawals(db: Tx, userId: string) {
  const [row] = await db
    .select({ n: count(), held: sql<number>`coalesce(-sum(${bills.amount}), 0)::bigint` })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.type, "withdraw"), eq(bills.status, "pending")));
  return { count: row.n, held: Number(row.held) };
}

export async function lockBill(tx: Tx, id: string): Promise<BillRow | undefined> {
  return lockRowById(tx, bills, id);
}

export async function setBillStatus(tx: Tx, id: string, status: "succeeded" | "failed") {
  await tx.update(bills).set({ status, updatedAt: new Date() }).where(eq(bills.id, id));
}

export const WITHDRAWAL_STATUSES: readonly string[] = ["pending", "succeeded", "failed"];
export type WithdrawalStatus = "pending" | "succeeded" | "failed";

// Literals, not parameters: a generic plan with `status = $1` cannot prove the partial index's
// predicate (type = 'withdraw' and status = 'pending'), so the queue would stop using it.
const STATUS_SQL: Record<WithdrawalStatus, ReturnType<typeof sql.raw>> = {
  pending: sql.raw("'pending'"),
  succeeded: sql.raw("'succeeded'"),
  failed: sql.raw("'failed'"),
};

/**
 * One page of withdrawals in one statement, each with its author and the wallet's payee
 * (alipayAccount, realName). The queue (pending) runs oldest first — whoever applied first is paid
 * first; the history (succeeded, failed) newest first. Keyset by (createdAt, id) as a row
 * comparison, which a btree on (created_at, id) answers as one index range.
 */
export async function withdrawalsPage(
  db: Tx,
  status: WithdrawalStatus,
  pointer: Pointer<Date> | null,
  limit: number,
) {
  const oldestFirst = status === "pending";
  const after = keysetAfter(bills.createdAt, bills.id, pointer, oldestFirst ? "asc" : "desc");
  const order = oldestFirst ? asc : desc;
  return db
    .select({
      bill: bills,
      user: { id: users.id, username: users.username, avatarLarge: users.avatarLarge },
      alipayAccount: wallets.alipayAccount,
      realName: wallets.realName,
    })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .leftJoin(wallets, eq(wallets.userId, bills.userId))
    .where(and(sql`${bills.type} = 'withdraw' and ${bills.status} = ${STATUS_SQL[status]}`, after))
    .orderBy(order(bills.createdAt), order(bills.id))
    .limit(limit);
}

/**
 * What the balance should be by the bills: succeeded income plus withdrawals still pending or
 * succeeded (a failed one was handed back). Tests compare it with wallets.balance.
 */
export async function balanceByBills(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${bills.amount}) filter (where
        (${bills.type} = 'income' and ${bills.status} = 'succeeded') or
        (${bills.type} = 'withdraw' and ${bills.status} <> 'failed')), 0)::bigint`,
    })
    .from(bills)
    .where(eq(bills.userId, userId));
  return Number(row.n);
}
