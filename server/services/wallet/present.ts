import type { BillRow } from "./queries.ts";

/** A bill as getBill answers it (spec §3 Wallet: create_time, update_time). Amounts in cents. */
export interface PresentedBill {
  id: string;
  /** Positive for income, negative for withdrawals. */
  amount: number;
  type: "income" | "withdraw";
  status: "pending" | "succeeded" | "failed";
  description: string;
  orderId: string | null;
  create_time: string;
  update_time: string;
}

export function presentBill(row: BillRow): PresentedBill {
  return {
    id: row.id,
    amount: row.amount,
    type: row.type as PresentedBill["type"],
    status: row.status as PresentedBill["status"],
    description: row.description,
    orderId: row.orderId,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
  };
}

/** A withdrawal as the admins' queue shows it: the bill, who asked, and where to pay it. */
export interface PresentedWithdrawal {
  bill: PresentedBill;
  user: { id: string; username: string; avatarLarge: string };
  /** In full, unlike the bill's description: the admin pays to it. */
  alipayAccount: string;
  realName: string;
}

export function presentWithdrawal(row: {
  bill: BillRow;
  user: PresentedWithdrawal["user"];
  alipayAccount: string | null;
  realName: string | null;
}): PresentedWithdrawal {
  return {
    bill: presentBill(row.bill),
    user: row.user,
    alipayAccount: row.alipayAccount ?? "",
    realName: row.realName ?? "",
  };
}
