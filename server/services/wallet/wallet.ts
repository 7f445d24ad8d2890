import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import type { Caller, Deps } from "../deps.ts";
import { findUserById } from "../users/index.ts";
import { presentBill, presentWithdrawal, type PresentedBill, type PresentedWithdrawal } from "./present.ts";
import type { Tx } from "../../../db/client.ts";
import type { SQLWrapper } from "drizzle-orm";
import {
  billsPage,
  creditIncome,
  findWallet,
  incomeOfOrders,
  insertBill,
  lockBill,
  lockWallet,
  moveBalance,
  pendingWithdrawals,
  setBillStatus,
  WITHDRAWAL_STATUSES,
  withdrawalsPage,
  type WithdrawalStatus,
} from "./queries.ts";
import {
  checkWithdrawal,
  MAX_PENDING,
  MAX_WITHDRAW,
  MIN_WITHDRAW,
  type WithdrawInput,
} from "../../../shared/wallet-rules.ts";
import { BILLS_PAGE_SIZE, WITHDRAWALS_PAGE_SIZE } from "./schema.ts";

/**
 * Spec §5/§8: wallet replies are accepted with status 1 or 2. Status 2 is an answer, not a failure:
 * "you have no wallet" (haveWalletAccessRight and every other call without wallet access) and
 * "you may not withdraw now" (checkApplyRules). It travels with HTTP 200. Anything else is an error.
 */
export const WALLET_NO = 2;
export const NO_WALLET_MESSAGE = "暂未开通钱包";
const noWallet = () => new AppError(WALLET_NO, NO_WALLET_MESSAGE, undefined, 200);

export interface ApplyRules {
  canApply: boolean;
  /** Why not, in the order the form should show them. */
  reasons: string[];
  /** Cents. */
  minVolume: number;
  maxVolume: number;
  balance: number;
  pendingCount: number;
  maxPending: number;
}

/** Hides the middle of an account in bill descriptions: 138****0000, ab***@example.com. */
function maskAccount(account: string): string {
  const at = account.indexOf("@");
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return account.length > 7 ? `${account.slice(0, 3)}****${account.slice(-4)}` : account;
}

/**
 * The wallet (spec §7 Wallet): access, balance, bills, withdrawal rules and applications. Every
 * balance change runs under the wallet row's lock with its bill in the same transaction, so
 * balance = succeeded income + withdrawals pending or succeeded, exactly, whatever runs at once.
 * A withdrawal holds its amount (balance drops at apply); a failed one hands it back.
 */
export function createWalletService(deps: Deps) {
  const { db } = deps;

  async function requireWallet(caller: Caller): Promise<string> {
    if (!caller.userId) throw unauthorized();
    const user = await findUserById(db, caller.userId);
    if (!user?.hasWalletAccess) throw noWallet();
    return user.id;
  }

  /** Settling and the queue are for admins: 401 logged out, 403 for anyone else. */
  async function requireAdmin(caller: Caller, message: string): Promise<void> {
    if (!caller.userId) throw unauthorized();
    if ((await findUserById(db, caller.userId))?.role !== "admin") throw forbidden(message);
  }

  async function rulesFor(userId: string, balance: number): Promise<ApplyRules> {
    const pending = await pendingWithdrawals(db, userId);
    const reasons: string[] = [];
    if (pending.count >= MAX_PENDING) reasons.push("已有一笔提现正在处理，完成后才能再次申请");
    if (balance < MIN_WITHDRAW) reasons.push(`余额不足，满 ${MIN_WITHDRAW / 100} 元才能提现`);
    return {
      canApply: reasons.length === 0,
      reasons,
      minVolume: MIN_WITHDRAW,
      maxVolume: Math.min(MAX_WITHDRAW, balance),
      balance,
      pendingCount: pending.count,
      maxPending: MAX_PENDING,
    };
  }

  return {
    /**
     * For orders: the author's share of a paid order as an income bill and balance, inside the
     * transaction that marks the order paid (a second credit for one order fails there).
     */
    creditIncome(
      tx: Tx,
      input: { userId: string; amount: number; orderId: string; description: string },
    ): Promise<void> {
      return creditIncome(tx, input);
    },

    /**
     * For booklets (the editor's sales figures): what `userId` earned from the orders `orderIds`
     * selects, in cents. Read-only; the caller has already decided who may see it.
     */
    incomeOfOrders(userId: string, orderIds: SQLWrapper): Promise<number> {
      return incomeOfOrders(db, userId, orderIds);
    },

    /** GET haveWalletAccessRight: {hasWallet}; status 2 when the user has none. */
    async accessRight(caller: Caller): Promise<{ hasWallet: boolean }> {
      if (!caller.userId) throw unauthorized();
      const user = await findUserById(db, caller.userId);
      return { hasWallet: !!user?.hasWalletAccess };
    },

    /** GET getAmount: the balance and what pending withdrawals hold, in cents. */
    async amount(caller: Caller): Promise<{ amount: number; held: number; currency: "CNY" }> {
      const userId = await requireWallet(caller);
      const [wallet, pending] = await Promise.all([findWallet(db, userId), pendingWithdrawals(db, userId)]);
      return { amount: wallet?.balance ?? 0, held: pending.held, currency: "CNY" };
    },

    /** GET getBill: bills newest first, zero-based pages. */
    async bills(
      input: { page?: number; pageSize?: number },
      caller: Caller,
    ): Promise<{ list: PresentedBill[]; total: number; page: number; pageSize: number }> {
      const userId = await requireWallet(caller);
      const page = input.page ?? 0;
      const pageSize = input.pageSize ?? BILLS_PAGE_SIZE;
      const { rows, total } = await billsPage(db, userId, page, pageSize);
      return { list: rows.map(presentBill), total, page, pageSize };
    },

    /** GET checkApplyRules: may the user withdraw now, and within what limits. */
    async rules(caller: Caller): Promise<ApplyRules> {
      const userId = await requireWallet(caller);
      return rulesFor(userId, (await findWallet(db, userId))?.balance ?? 0);
    },

    /**
     * POST apply: a withdrawal to Alipay. The rules are checked again under the wallet lock, so 50
     * applications at once against one balance cannot overdraw it or make two pending ones.
     */
    async apply(input: WithdrawInput, caller: Caller): Promise<{ bill: PresentedBill; balance: number }> {
      const userId = await requireWallet(caller);
      const shape = checkWithdrawal(input, Number.MAX_SAFE_INTEGER);
      if (shape) throw new AppError(400, shape.message, shape.field);
      const alipayAccount = input.alipayAccount.trim();
      const name = input.name.trim();
      return db.transaction(async (tx) => {
        const wallet = await lockWallet(tx, userId);
        const pending = await pendingWithdrawals(tx, userId);
        if (pending.count >= MAX_PENDING) throw new AppError(409, "已有一笔提现正在处理，完成后才能再次申请");
        const problem = checkWithdrawal(input, wallet.balance);
        if (problem) throw new AppError(400, problem.message, problem.field);
        const bill = await insertBill(tx, {
          userId,
          amount: -input.volume,
          type: "withdraw",
          status: "pending",
          description: `提现到支付宝 ${maskAccount(alipayAccount)}`,
        });
        const balance = await moveBalance(tx, userId, -input.volume, { alipayAccount, realName: name });
        return { bill: presentBill(bill), balance };
      });
    },

    /** POST settle (admins): a pending withdrawal paid out (succeeded) or refused (failed: refunded). */
    async settle(
      input: { billId: string; status: "succeeded" | "failed" },
      caller: Caller,
    ): Promise<{ bill: PresentedBill; balance: number }> {
      await requireAdmin(caller, "只有管理员可以处理提现");
      return db.transaction(async (tx) => {
        const first = await lockBill(tx, input.billId);
        if (!first || first.type !== "withdraw") throw notFound("提现记录不存在");
        // Bill, then wallet: nothing else locks an existing bill, so this order cannot cross another.
        const wallet = await lockWallet(tx, first.userId);
        let balance = wallet.balance;
        if (first.status === "pending") {
          await setBillStatus(tx, first.id, input.status);
          if (input.status === "failed") balance = await moveBalance(tx, first.userId, -first.amount);
        } else if (first.status !== input.status) {
          // Settled the other way already (another admin, another tab): say so rather than s=1.
          throw new AppError(
            409,
            `该提现已被处理为「${first.status === "succeeded" ? "已打款" : "已退回"}」`,
            "status",
          );
        }
        return { bill: presentBill((await lockBill(tx, first.id))!), balance };
      });
    },

    /**
     * GET withdrawals (admins): the queue of pending withdrawals oldest first, or the settled
     * history newest first, keyset-paged by (createdAt, id) through `pointer`, each with the
     * author and the payee in full.
     */
    async withdrawals(
      input: { status?: WithdrawalStatus; pointer?: string; limit?: number },
      caller: Caller,
    ): Promise<{ list: PresentedWithdrawal[]; pointer: string | null; canNext: boolean }> {
      await requireAdmin(caller, "只有管理员可以查看提现申请");
      // The API schema checks status too; page loaders pass what the URL says.
      const status = input.status ?? "pending";
      if (!WITHDRAWAL_STATUSES.includes(status)) throw badRequest("status 不合法", "status");
      const pointer = pointerParam(input.pointer, "date", "pointer");
      const limit = Math.min(Math.max(input.limit ?? WITHDRAWALS_PAGE_SIZE, 1), 100);
      // One more than a page says whether there is a next one without counting.
      const rows = await withdrawalsPage(db, status, pointer, limit + 1);
      const { page, ...next } = keysetSlice(rows, limit, (r) => [r.bill.createdAt, r.bill.id]);
      return { list: page.map(presentWithdrawal), ...next };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
