/**
 * Withdrawal rules (spec §5 wallet, §7 checkApplyRules/apply), written once: the API checks them and
 * the wallet page's form shows the same messages before sending. Pure, so the browser bundle can
 * import it. Money in integer cents.
 */
import { isEmail, isPhone } from "./validation.ts";

/** Smallest withdrawal: ¥10.00. */
export const MIN_WITHDRAW = 1000;
/** Largest single withdrawal: ¥50,000.00. */
export const MAX_WITHDRAW = 5_000_000;
/** Pending withdrawals a wallet may have at once. */
export const MAX_PENDING = 1;
/** The payee's real name: 2–20 characters, Chinese or letters (with · and spaces between). */
export const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·.\s]{0,18}[\u4e00-\u9fa5A-Za-z]$/;

export type WithdrawField = "volume" | "alipayAccount" | "name";

export interface WithdrawInput {
  volume: number;
  alipayAccount: string;
  name: string;
}

/** 1234 (cents) → "12.34" (yuan): the one money format of the site, for amounts of zero or more. */
export function formatYuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The first problem with the form, or null; `balance` is what may be withdrawn (cents). */
export function checkWithdrawal(
  input: WithdrawInput,
  balance: number,
): { field: WithdrawField; message: string } | null {
  const { volume } = input;
  if (!Number.isInteger(volume) || volume <= 0) return { field: "volume", message: "请输入提现金额" };
  if (volume < MIN_WITHDRAW)
    return { field: "volume", message: `单笔最低提现 ${formatYuan(MIN_WITHDRAW)} 元` };
  if (volume > MAX_WITHDRAW)
    return { field: "volume", message: `单笔最多提现 ${formatYuan(MAX_WITHDRAW)} 元` };
  if (volume > balance) return { field: "volume", message: `余额不足，最多可提现 ${formatYuan(balance)} 元` };
  const account = input.alipayAccount.trim();
  if (!account) return { field: "alipayAccount", message: "请输入支付宝账号" };
  if (!isPhone(account) && !isEmail(account)) {
    return { field: "alipayAccount", message: "支付宝账号应为手机号或邮箱" };
  }
  const name = input.name.trim();
  if (!name) return { field: "name", message: "请输入支付宝实名认证的姓名" };
  if (!NAME_PATTERN.test(name)) return { field: "name", message: "姓名应为 2–20 个汉字或字母" };
  return null;
}

/** "12.34" typed by a person → 1234 cents; null when it is not an amount with at most two decimals. */
export function parseYuan(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : null;
}
