import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { PointerPage, Timestamp } from "../../lib/response.ts";

/** Bills page by 20 (spec §9). */
export const BILLS_PAGE_SIZE = 20;

export const BillQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: "从 0 开始" })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: BILLS_PAGE_SIZE })),
});

export const ApplyBody = Type.Object({
  volume: Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: "提现金额，单位分" }),
  alipayAccount: Type.String({ maxLength: 100, description: "支付宝账号（手机号或邮箱）" }),
  name: Type.String({ maxLength: 50, description: "支付宝实名认证的姓名" }),
});

export const SettleBody = Type.Object({
  billId: hexId("提现账单 id"),
  status: Type.Union([Type.Literal("succeeded"), Type.Literal("failed")]),
});

/** The admins' withdrawal queue pages by 20. */
export const WITHDRAWALS_PAGE_SIZE = 20;

export const WithdrawalQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal("pending"), Type.Literal("succeeded"), Type.Literal("failed")], {
      default: "pending",
      description: "pending 待处理（默认，最早申请的在前）；succeeded 已打款、failed 已退回（最新在前）",
    }),
  ),
  pointer: Type.Optional(
    Type.String({ maxLength: 80, description: "上一页返回的 pointer（申请时间_账单 id），不传为第一页" }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: WITHDRAWALS_PAGE_SIZE })),
});

// ---------------------------------------------------------------- answers (amounts in cents)

export const AccessRight = Type.Object({ hasWallet: Type.Boolean() });

export const Amount = Type.Object({
  amount: Type.Number({ description: "可提现余额，分" }),
  held: Type.Number({ description: "提现处理中冻结的金额，分" }),
  currency: Type.Literal("CNY"),
});

/** A bill (present.ts presentBill; spec §3 Wallet spells its times create_time, update_time). */
export const Bill = Type.Object({
  id: Type.String(),
  amount: Type.Number({ description: "分：收入为正、提现为负" }),
  type: Type.Union([Type.Literal("income"), Type.Literal("withdraw")]),
  status: Type.Union([Type.Literal("pending"), Type.Literal("succeeded"), Type.Literal("failed")]),
  description: Type.String(),
  orderId: Type.Union([Type.String(), Type.Null()]),
  create_time: Timestamp,
  update_time: Timestamp,
});

/** getBill: bills by page number from 0. */
export const BillPage = Type.Object({
  list: Type.Array(Bill),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
});

/** checkApplyRules (wallet.ts ApplyRules). */
export const ApplyRules = Type.Object({
  canApply: Type.Boolean(),
  reasons: Type.Array(Type.String(), { description: "不能提现的原因，按表单显示的顺序" }),
  minVolume: Type.Number(),
  maxVolume: Type.Number(),
  balance: Type.Number(),
  pendingCount: Type.Number(),
  maxPending: Type.Number(),
});

/** apply and settle: the withdrawal's bill and the balance after it. */
export const BillAndBalance = Type.Object({ bill: Bill, balance: Type.Number() });

/** The admins' queue (present.ts presentWithdrawal). */
export const WithdrawalPage = PointerPage(
  Type.Object({
    bill: Bill,
    user: Type.Object({ id: Type.String(), username: Type.String(), avatarLarge: Type.String() }),
    alipayAccount: Type.String({ description: "完整的支付宝账号，用于打款" }),
    realName: Type.String(),
  }),
);
