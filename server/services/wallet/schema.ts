import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";

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
