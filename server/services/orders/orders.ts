import { randomBytes } from "node:crypto";
import { AppError, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import {
  createPayments,
  PaymentNoticeError,
  type NotifyAck,
  type NotifyRequest,
  type PaymentChannel,
  type PaymentNotice,
  type Payments,
  type PayType,
} from "../../lib/payments/index.ts";
import { uniqueViolation } from "../../lib/pg-errors.ts";
import type { BookletService } from "../booklets/index.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import type { WalletService } from "../wallet/index.ts";
import { presentOrder, type PresentedOrder } from "./present.ts";
import {
  findOrder,
  insertOrder,
  lockOrder,
  lockPendingOrder,
  updateOrder,
  type OrderRow,
} from "./queries.ts";
import { AUTHOR_SHARE, ORDER_TTL_MS } from "./schema.ts";

const ORDER_MISSING = "订单不存在";

/** What the outcome of a payment notice was (logged; the provider only hears accepted or not). */
export type SettleResult = "paid" | "already" | "mismatch" | "unknown" | "duplicate";

/** What orders need of the booklet service: the booklet on sale, and who bought it. */
type BookletFace = Pick<BookletService, "forSale" | "row" | "hasBought" | "countPurchase">;
type BookletRow = Awaited<ReturnType<BookletFace["forSale"]>>;

/**
 * Orders (spec §7 Booklets: order/buy, order/check, AlipayWapToBuy) and the providers' payment
 * notices, through the providers of server/lib/payments/. A paid notice moves the order,
 * booklets.buyCount, the buyer's purchasedBookletCount and the author's wallet (income bill +
 * balance) in one transaction with the order row locked — lock order: order → author's wallet →
 * booklet → buyer's user row, users' rows last as in every transaction that writes them.
 */
export function createOrderService(
  deps: Deps,
  booklets: BookletFace,
  wallet: Pick<WalletService, "creditIncome">,
) {
  const { db, config } = deps;
  const payments: Payments = createPayments(config.payments, config.publicUrl);

  /**
   * Applies a verified paid notice. Idempotent: a replayed notice finds the order paid and changes
   * nothing. The amount must be the order's, to the cent.
   */
  async function settle(notice: PaymentNotice, channel: string): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, notice.orderId);
      if (!order) return "unknown";
      if (channel !== "dev" && order.provider !== channel) return "unknown";
      if (order.status === "paid") return "already";
      if (notice.amount !== order.amount) return "mismatch";
      // A closed order can still be paid late (the buyer had the page open); unless the booklet
      // was bought meanwhile through another order — then the money needs a refund by hand.
      if (await booklets.hasBought(tx, order.userId, order.bookletId)) {
        await updateOrder(tx, order.id, { status: "closed", tradeNo: notice.tradeNo || null });
        return "duplicate";
      }
      await updateOrder(tx, order.id, {
        status: "paid",
        paidAt: new Date(),
        tradeNo: notice.tradeNo || null,
      });
      const booklet = (await booklets.row(tx, order.bookletId))!;
      const income = Math.round(order.amount * AUTHOR_SHARE);
      if (income > 0) {
        await wallet.creditIncome(tx, {
          userId: booklet.userId,
          amount: income,
          orderId: order.id,
          description: `《${booklet.title}》销售收入`,
        });
      }
      await booklets.countPurchase(tx, order.bookletId, order.userId);
      return "paid";
    });
  }

  /** Closes a pending order past its time (under its lock); answers the row as it now is. */
  async function closeIfExpired(order: OrderRow): Promise<OrderRow> {
    if (order.status !== "pending" || !order.expiresAt || order.expiresAt > new Date()) return order;
    return db.transaction(async (tx) => {
      const locked = (await lockOrder(tx, order.id))!;
      if (locked.status !== "pending") return locked;
      return updateOrder(tx, order.id, { status: "closed" });
    });
  }

  /**
   * The caller's live pending order for the same pay type and price, or a new one with the provider's
   * pay URL. The provider call runs inside the transaction: the only thing it holds is this buyer's
   * pending slot (orders_pending_key), so a second buy by the same person waits and then reuses the
   * order instead of racing it, and a failed call leaves no order behind.
   */
  async function pendingOrder(
    userId: string,
    booklet: BookletRow,
    payType: PayType,
    channel: PaymentChannel,
  ) {
    return db.transaction(async (tx) => {
      const live = await lockPendingOrder(tx, userId, booklet.id);
      if (live) {
        const fresh = live.expiresAt && live.expiresAt > new Date();
        if (fresh && live.payType === payType && live.amount === booklet.price) return live;
        await updateOrder(tx, live.id, { status: "closed" });
      }
      const order = await insertOrder(tx, {
        id: newId(),
        userId,
        bookletId: booklet.id,
        amount: booklet.price,
        status: "pending",
        payType,
        provider: channel.name,
        expiresAt: new Date(Date.now() + ORDER_TTL_MS),
      });
      const start = await channel.start({
        orderId: order.id,
        amount: order.amount,
        description: `掘金小册《${booklet.title}》`,
        payType,
        expiresAt: order.expiresAt!,
        returnPath: `/book/${booklet.id}`,
      });
      return updateOrder(tx, order.id, { payUrl: start.payUrl });
    });
  }

  /** A free booklet is bought at once: a paid order of 0, counted in the same transaction. */
  async function takeFree(userId: string, booklet: BookletRow): Promise<PresentedOrder> {
    try {
      const order = await db.transaction(async (tx) => {
        const row = await insertOrder(tx, {
          id: newId(),
          userId,
          bookletId: booklet.id,
          amount: 0,
          status: "paid",
          payType: "free",
          provider: "free",
          paidAt: new Date(),
        });
        await booklets.countPurchase(tx, booklet.id, userId);
        return row;
      });
      return presentOrder(order);
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError(409, "你已经购买过这本小册");
      throw err;
    }
  }

  const service = {
    /** The providers (the dev pay page reads the dev one). */
    payments,

    /**
     * POST order/buy: starts a purchase. Free booklets are bought at once (a paid order of 0); paid
     * ones get a pending order (one live per user and booklet: a repeated buy answers the same one)
     * and the provider's pay URL. Owning it already, or being its author, is 409.
     */
    async buy(input: { bookletId: string; type?: PayType }, caller: Caller): Promise<PresentedOrder> {
      const userId = requireLogin(caller);
      const payType = input.type ?? "wxpay";
      const booklet = await booklets.forSale(input.bookletId);
      if (booklet.userId === userId) throw new AppError(409, "这是你自己的小册，无需购买");
      if (await booklets.hasBought(db, userId, booklet.id)) throw new AppError(409, "你已经购买过这本小册");
      if (booklet.price === 0) return takeFree(userId, booklet);

      const channel = payments.channelFor(payType);
      if (!channel) throw new AppError(503, "暂不支持该支付方式，请换一种方式支付");
      for (let attempt = 1; ; attempt++) {
        try {
          return presentOrder(await pendingOrder(userId, booklet, payType, channel));
        } catch (err) {
          // Two buys at once: the other one made the pending order; the next attempt answers it.
          if (!uniqueViolation(err) || attempt >= 3) throw err;
        }
      }
    },

    /** POST order/AlipayWapToBuy: buy with Alipay's mobile cashier (payUrl is the page to open). */
    alipayWapToBuy(input: { bookletId: string }, caller: Caller): Promise<PresentedOrder> {
      return service.buy({ bookletId: input.bookletId, type: "alipay" }, caller);
    },

    /**
     * GET order/check?orderId: the order's status, for the buyer only (404 for anyone else). A
     * pending order asks the provider when it can (a lost callback), and closes once expired.
     */
    async check(orderId: string, caller: Caller): Promise<PresentedOrder> {
      const userId = requireLogin(caller);
      let order = await findOrder(db, orderId);
      if (!order || order.userId !== userId) throw notFound(ORDER_MISSING);
      if (order.status === "pending") {
        const channel = payments.byName(order.provider === "wechat" ? "wxpay" : order.provider);
        if (channel?.query) {
          const notice = await channel.query(order.id).catch(() => null);
          if (notice?.paid) {
            await settle(notice, channel.name);
            order = (await findOrder(db, orderId))!;
          }
        }
        order = await closeIfExpired(order);
      }
      return presentOrder(order);
    },

    /**
     * A provider's callback (POST /api/payments/notify/{channel}): verify, settle, and answer in the
     * provider's own format. Anything not genuine is refused without touching an order.
     */
    async notify(
      channelName: string,
      req: NotifyRequest,
      log: (msg: string) => void = () => undefined,
    ): Promise<NotifyAck & { result?: SettleResult }> {
      const channel = payments.byName(channelName);
      if (!channel) return { status: 404, contentType: "application/json", body: '{"code":"FAIL"}' };
      let notice: PaymentNotice;
      try {
        notice = channel.parseNotify(req);
      } catch (err) {
        if (!(err instanceof PaymentNoticeError)) throw err;
        log(`payment notice refused (${channel.name}): ${err.message}`);
        return channel.ack(false, "签名验证失败");
      }
      if (!notice.paid) return channel.ack(true);
      const result = await settle(notice, channel.name);
      if (result === "mismatch" || result === "unknown") {
        log(`payment notice for order ${notice.orderId} refused: ${result}`);
        return { ...channel.ack(false, result === "mismatch" ? "金额不符" : "订单不存在"), result };
      }
      if (result === "duplicate") log(`order ${notice.orderId} paid twice for one booklet: refund by hand`);
      return { ...channel.ack(true), result };
    },

    /** The dev cashier page: the order and its booklet's title (dev provider only). */
    async devOrder(orderId: string) {
      if (!payments.dev) throw notFound();
      const order = await findOrder(db, orderId);
      if (!order) throw notFound(ORDER_MISSING);
      const booklet = await booklets.row(db, order.bookletId);
      return { order: presentOrder(order), title: booklet?.title ?? "" };
    },

    /** The notice the dev cashier sends when 确认支付 is pressed (signed with the dev secret). */
    devNotice(order: { orderId: string; amount: number }) {
      if (!payments.dev) throw notFound();
      return payments.dev.signNotice({
        out_trade_no: order.orderId,
        transaction_id: `dev${randomBytes(10).toString("hex")}`,
        trade_state: "SUCCESS",
        amount: { total: order.amount },
      });
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;
