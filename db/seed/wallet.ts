import { bills, wallets } from "../schema/index.ts";
import { DAY, type Row, type Seeding } from "./context.ts";
import { DEMO_ACCOUNT } from "./users.ts";

/**
 * Wallets of the users with wallet access, their balance the income `billRows` (the booklet
 * sales) credited them; the demo has also withdrawn some of its income, and has one withdrawal
 * pending. Its withdrawal bills are pushed onto `billRows`, which booklets.ts writes.
 */
export function walletsFor(seeding: Seeding, billRows: Row<typeof bills>[]): Row<typeof wallets>[] {
  const { rng, now, xiaoceAuthors, userAt } = seeding;
  const walletRows: Row<typeof wallets>[] = [];
  for (const i of xiaoceAuthors) {
    const u = userAt(i);
    const income = billRows.filter((b) => b.userId === u.id).reduce((sum, b) => sum + b.amount, 0);
    let balance = income;
    if (i === 0) {
      const withdrawn = Math.floor(income / 2);
      if (withdrawn > 0) {
        const at = new Date(now.getTime() - 10 * DAY);
        billRows.push({
          id: rng.id(at),
          userId: u.id,
          amount: -withdrawn,
          type: "withdraw",
          status: "succeeded",
          description: "提现到支付宝",
          createdAt: at,
          updatedAt: at,
        });
        balance -= withdrawn;
      }
      const at = new Date(now.getTime() - DAY);
      // A pending withdrawal holds its amount: it has left the balance already (ADR 008).
      const held = Math.min(1000, balance);
      balance -= held;
      billRows.push({
        id: rng.id(at),
        userId: u.id,
        amount: -held,
        type: "withdraw",
        status: "pending",
        description: "提现到支付宝（审核中）",
        createdAt: at,
        updatedAt: at,
      });
    }
    walletRows.push({
      userId: u.id,
      balance,
      hasWallet: true,
      alipayAccount: i === 0 ? DEMO_ACCOUNT.phone : "",
      realName: "",
      createdAt: u.createdAt,
      updatedAt: now,
    });
  }
  return walletRows;
}
