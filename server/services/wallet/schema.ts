import { Type } from "@sinclair/typebox";

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
  billId: Type.String({ pattern: "^[0-9a-f]{24}$", description: "提现账单 id" }),
  status: Type.Union([Type.Literal("succeeded"), Type.Literal("failed")]),
});
