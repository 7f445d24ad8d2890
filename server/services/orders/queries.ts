import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { orders } from "../../../db/schema/index.ts";

export type OrderRow = typeof orders.$inferSelect;

// lockOrder: every change of one order (notify, check, close) serializes on its row.
export const { find: findOrder, lock: lockOrder, insert: insertOrder } = rowsById(orders);

/** The user's pending order for a booklet, locked (orders_pending_key allows one). */
export async function lockPendingOrder(tx: Tx, userId: string, bookletId: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.bookletId, bookletId), eq(orders.status, "pending")))
    .for("update");
  return row;
}

export async function updateOrder(
  tx: Tx,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row;
}
