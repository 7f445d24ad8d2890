import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  AccessRight,
  Amount,
  ApplyBody,
  ApplyRules,
  BillAndBalance,
  BillPage,
  BillQuery,
  SettleBody,
  WithdrawalPage,
  WithdrawalQuery,
} from "./schema.ts";
import { NO_WALLET_MESSAGE, WALLET_NO } from "./wallet.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["wallet"];
const STATUS_NOTE =
  "需要登录（401）。规格 §5/§8：钱包接口的 s 只有 1 和 2 是应答——s=2（HTTP 200）表示“没有钱包”（未开通钱包权限，m 为“" +
  NO_WALLET_MESSAGE +
  "”）或 checkApplyRules 的“暂不能提现”；其他 s 都是错误。金额一律为整数分。";

/**
 * Wallet of spec §7: haveWalletAccessRight, getAmount, getBill, checkApplyRules, apply (+ the admins'
 * withdrawals queue and settle).
 */
export function walletRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const wallet = services.wallet;

    app.get(
      "/wallet/haveWalletAccessRight",
      route({
        cache: false,
        tags,
        summary: "是否有钱包权限",
        description: "d 为 {hasWallet}；没有权限时 s=2。" + STATUS_NOTE,
        response: okResponse(AccessRight),
      }),
      async (req) => {
        const d = await wallet.accessRight(req.caller);
        return d.hasWallet ? ok(d) : { s: WALLET_NO, m: NO_WALLET_MESSAGE, d };
      },
    );

    app.get(
      "/wallet/getAmount",
      route({
        cache: false,
        tags,
        summary: "钱包余额",
        description: "d 为 {amount（可提现余额）, held（提现处理中冻结的金额）, currency}。" + STATUS_NOTE,
        response: okResponse(Amount),
      }),
      async (req) => ok(await wallet.amount(req.caller)),
    );

    app.get(
      "/wallet/getBill",
      route({
        cache: false,
        tags,
        summary: "账单",
        description:
          "最新在前，page 从 0 开始（页码分页：账单按人分开且不多，总数用于翻页）。d 为 {list, total, page, pageSize}；" +
          "账单 {id, amount（收入为正、提现为负）, type（income/withdraw）, status（pending/succeeded/failed）, description, orderId, create_time, update_time}。" +
          STATUS_NOTE,
        querystring: BillQuery,
        response: okResponse(BillPage),
      }),
      async (req) => ok(await wallet.bills(req.query, req.caller)),
    );

    app.get(
      "/wallet/checkApplyRules",
      route({
        cache: false,
        tags,
        summary: "提现规则检查",
        description:
          "d 为 {canApply, reasons, minVolume, maxVolume, balance, pendingCount, maxPending}。规则：单笔不少于 10 元、不超过 5 万元且不超过余额；" +
          "同时只能有一笔处理中的提现。不能提现时 s=2，m 为第一条原因，d 照常给出。" +
          STATUS_NOTE,
        response: okResponse(ApplyRules),
      }),
      async (req) => {
        const d = await wallet.rules(req.caller);
        return d.canApply ? ok(d) : { s: WALLET_NO, m: d.reasons[0], d };
      },
    );

    app.post(
      "/wallet/apply",
      route({
        tags,
        summary: "申请提现",
        description:
          "规格 §7 把 apply 列在 GET 里；它会扣款，这里用 POST（带 CSRF 校验）。volume 为分；alipayAccount 为手机号或邮箱；name 为实名。字段不合规 400 并指出字段（余额不足也是 400 volume），" +
          "已有处理中的提现 409。成功后生成 pending 的提现账单并立即从余额扣除（冻结），d 为 {bill, balance}。" +
          STATUS_NOTE,
        body: ApplyBody,
        response: okResponse(BillAndBalance),
      }),
      async (req) => ok(await wallet.apply(req.body, req.caller)),
    );

    app.get(
      "/wallet/withdrawals",
      route({
        cache: false,
        tags,
        summary: "提现申请列表（管理员）",
        description:
          "需要登录（401），仅管理员（否则 403）。status 默认 pending：待处理的提现，最早申请的在前；succeeded（已打款）、failed（已退回）为历史记录，最新在前。" +
          "按最后一项的 (申请时间, 账单 id) 翻页：把上一页的 pointer 传回；每页 limit 条（默认 20，最多 100）。d 为 {list, pointer, canNext}；" +
          "list 每项为 {bill（同 getBill 的账单）, user {id, username, avatarLarge}, alipayAccount（完整的支付宝账号，用于打款）, realName}。" +
          "账号与实名取自钱包（最近一次申请时填写的）。pointer 或 status 不合法返回 400 并指出字段。" +
          POINTER_FORMS_NOTE,
        querystring: WithdrawalQuery,
        response: okResponse(WithdrawalPage),
      }),
      async (req) => ok(await wallet.withdrawals(req.query, req.caller)),
    );

    app.post(
      "/wallet/settle",
      route({
        tags,
        summary: "处理提现（管理员）",
        description:
          "仅管理员（否则 403）。status succeeded 为已打款，failed 为退回（金额回到余额）。重复处理不生效。",
        body: SettleBody,
        response: okResponse(BillAndBalance),
      }),
      async (req) => ok(await wallet.settle(req.body, req.caller)),
    );
  };
}
