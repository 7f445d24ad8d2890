import type { OrderRow } from "./queries.ts";

/** An order as order/buy and order/check answer it (spec §7 Booklets: order). */
export interface PresentedOrder {
  orderId: string;
  bookletId: string;
  /** Cents. */
  amount: number;
  status: "pending" | "paid" | "closed";
  paid: boolean;
  payType: string;
  /** Who takes the payment: dev (the local 模拟支付 page), wechat, alipay, or free. */
  provider: string;
  /** Where to pay (pending orders): a page to open, or QR content when `qr`. */
  payUrl: string;
  qr: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
}

export function presentOrder(row: OrderRow): PresentedOrder {
  const status = row.status as PresentedOrder["status"];
  return {
    orderId: row.id,
    bookletId: row.bookletId,
    amount: row.amount,
    status,
    paid: status === "paid",
    payType: row.payType,
    provider: row.provider,
    payUrl: status === "pending" ? row.payUrl : "",
    qr: row.provider === "wechat",
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
