import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { bookletKit } from "../../../tests/support/booklets.ts";
import { openApiPaths } from "../../../tests/support/client.ts";
import { bills, orders, wallets } from "../../../db/schema/index.ts";
import { DEV_SIGNATURE_HEADER, DEV_TIMESTAMP_HEADER } from "../../lib/payments/index.ts";
import { balanceByBills } from "../wallet/queries.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

// The booklets to buy are made through the booklet API, as booklets.test.ts makes them.
const { db, get, post, touched, register, author, makeBooklet, drift, bookletRow, userRow } = bookletKit(
  () => nugget,
);
const walletOf = async (id: string) => (await db().select().from(wallets).where(eq(wallets.userId, id)))[0];

/** Pays an order through the dev cashier page, as a person pressing 确认支付 would. */
async function payOnDevPage(orderId: string) {
  const page = await nugget.app.inject({ method: "GET", url: `/dev/pay/${orderId}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("确认支付");
  const confirm = await nugget.app.inject({ method: "POST", url: `/dev/pay/${orderId}/confirm` });
  expect(confirm.statusCode).toBe(303);
  return confirm;
}

/** Posts a dev notice signed with the dev secret (what the cashier sends), with any amount. */
function devNotify(orderId: string, amount: number, extra: Record<string, string> = {}) {
  const n = nugget.services.orders.devNotice({ orderId, amount });
  return nugget.app.inject({
    method: "POST",
    url: "/api/payments/notify/dev",
    headers: { ...n.headers, ...extra },
    payload: n.rawBody,
  });
}

describe("buying through the dev provider", () => {
  it("buy → pay on the dev cashier → notify → check paid → the section opens; counters, bill and balance in step", async () => {
    const a = await author();
    const reader = await register();
    const { id, sections } = await makeBooklet(a.auth, { price: 1990 });

    expect((await post("/api/booklets/order/buy", { bookletId: id })).status).toBe(401);
    const badType = await post("/api/booklets/order/buy", { bookletId: id, type: "bitcoin" }, reader.auth);
    expect([badType.status, badType.d.field]).toEqual([400, "type"]);
    expect((await post("/api/booklets/order/buy", { bookletId: "0".repeat(24) }, reader.auth)).status).toBe(
      404,
    );
    expect((await post("/api/booklets/order/buy", { bookletId: id }, a.auth)).status).toBe(409);

    const buy = await post("/api/booklets/order/buy", { bookletId: id, type: "wxpay" }, reader.auth);
    expect(buy.d).toMatchObject({
      bookletId: id,
      amount: 1990,
      status: "pending",
      paid: false,
      payType: "wxpay",
    });
    expect(buy.d.payUrl).toBe(`/dev/pay/${buy.d.orderId}`);
    touched.add(buy.d.orderId);
    // One live pending order: buying again answers the same one.
    const again = await post("/api/booklets/order/buy", { bookletId: id, type: "wxpay" }, reader.auth);
    expect(again.d.orderId).toBe(buy.d.orderId);
    expect((await get(`/api/booklets/order/check?orderId=${buy.d.orderId}`, reader.auth)).d.status).toBe(
      "pending",
    );
    expect((await get(`/api/booklets/order/check?orderId=${buy.d.orderId}`, a.auth)).status).toBe(404);
    expect((await get(`/api/booklets/order/check?orderId=${buy.d.orderId}`)).status).toBe(401);

    await payOnDevPage(buy.d.orderId);
    const checked = await get(`/api/booklets/order/check?orderId=${buy.d.orderId}`, reader.auth);
    expect(checked.d).toMatchObject({ status: "paid", paid: true, payUrl: "" });
    expect((await get(`/api/booklets/getSection?sectionId=${sections[2]}`, reader.auth)).s).toBe(1);
    const info = await get(`/api/booklets/get?bookletId=${id}`, reader.auth);
    expect(info.d).toMatchObject({ bought: true, canRead: true, buyCount: 1 });
    const twice = await post("/api/booklets/order/buy", { bookletId: id }, reader.auth);
    expect([twice.status, twice.s]).toEqual([409, 409]);

    expect((await userRow(reader.user.id)).purchasedBookletCount).toBe(1);
    const income = await db().select().from(bills).where(eq(bills.userId, a.user.id));
    expect(income).toHaveLength(1);
    expect(income[0]).toMatchObject({
      type: "income",
      status: "succeeded",
      amount: 1393,
      orderId: buy.d.orderId,
    });
    expect((await walletOf(a.user.id)).balance).toBe(1393);
    expect(await balanceByBills(db(), a.user.id)).toBe(1393);

    expect((await get("/api/booklets/userBuyList", reader.auth)).d).toEqual([id]);
    const bought = await get(`/api/booklets/getListBuy?userId=${reader.user.id}`, reader.auth);
    expect(bought.d).toMatchObject({ total: 1, page: 0 });
    expect(bought.d.list[0]).toMatchObject({ id, bought: true });
    expect((await get(`/api/booklets/getListBuy?userId=${reader.user.id}`, a.auth)).status).toBe(403);
    expect((await get("/api/booklets/getListBuy")).status).toBe(401);
    expect(await drift()).toEqual([]);
  });

  it("counts a replayed notice once, refuses a wrong amount and a forged signature", async () => {
    const a = await author();
    const reader = await register();
    const { id } = await makeBooklet(a.auth, { price: 2990 });
    const buy = await post("/api/booklets/order/buy", { bookletId: id, type: "alipay" }, reader.auth);
    touched.add(buy.d.orderId);

    const wrong = await devNotify(buy.d.orderId, 1);
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ code: "FAIL" });
    const forged = await devNotify(buy.d.orderId, 2990, { [DEV_SIGNATURE_HEADER]: "AAAA" });
    expect(forged.statusCode).toBe(400);
    const stale = await devNotify(buy.d.orderId, 2990, { [DEV_TIMESTAMP_HEADER]: "1000000000" });
    expect(stale.statusCode).toBe(400);
    expect((await get(`/api/booklets/order/check?orderId=${buy.d.orderId}`, reader.auth)).d.status).toBe(
      "pending",
    );

    const [first, second] = [await devNotify(buy.d.orderId, 2990), await devNotify(buy.d.orderId, 2990)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await bookletRow(id)).buyCount).toBe(1);
    expect((await userRow(reader.user.id)).purchasedBookletCount).toBe(1);
    expect(await db().select().from(bills).where(eq(bills.orderId, buy.d.orderId))).toHaveLength(1);
    expect((await walletOf(a.user.id)).balance).toBe(2093);
    expect(await drift()).toEqual([]);

    expect(
      (await nugget.app.inject({ method: "POST", url: "/api/payments/notify/wxpay", payload: "{}" }))
        .statusCode,
    ).toBe(404);
  });

  it("closes an expired pending order and makes a new one; a late payment of the old one still counts once", async () => {
    const a = await author();
    const reader = await register();
    const { id } = await makeBooklet(a.auth, { price: 990 });
    const first = await post("/api/booklets/order/buy", { bookletId: id }, reader.auth);
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.d.orderId));
    expect((await get(`/api/booklets/order/check?orderId=${first.d.orderId}`, reader.auth)).d.status).toBe(
      "closed",
    );
    const second = await post("/api/booklets/order/buy", { bookletId: id }, reader.auth);
    expect(second.d.orderId).not.toBe(first.d.orderId);
    // The old page was still open and got paid: the money counts (the booklet was not bought yet).
    expect((await devNotify(first.d.orderId, 990)).statusCode).toBe(200);
    expect((await get(`/api/booklets/get?bookletId=${id}`, reader.auth)).d.bought).toBe(true);
    // Then the second one is paid too: acknowledged, not counted (a refund by hand).
    expect((await devNotify(second.d.orderId, 990)).statusCode).toBe(200);
    expect((await bookletRow(id)).buyCount).toBe(1);
    expect((await walletOf(a.user.id)).balance).toBe(693);
    expect(await drift()).toEqual([]);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "10 buys at once make one pending order; 10 notices at once pay it once (PostgreSQL)",
    async () => {
      const a = await author();
      const reader = await register();
      const { id } = await makeBooklet(a.auth, { price: 1000 });
      const buys = await Promise.all(
        Array.from({ length: 10 }, () => post("/api/booklets/order/buy", { bookletId: id }, reader.auth)),
      );
      expect(buys.filter((r) => r.status >= 500)).toEqual([]);
      expect(new Set(buys.map((r) => r.d.orderId)).size).toBe(1);
      const orderId = buys[0].d.orderId as string;
      touched.add(orderId);
      const acks = await Promise.all(Array.from({ length: 10 }, () => devNotify(orderId, 1000)));
      expect(acks.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect((await bookletRow(id)).buyCount).toBe(1);
      expect((await walletOf(a.user.id)).balance).toBe(700);
      expect(await balanceByBills(db(), a.user.id)).toBe(700);
      expect(await drift()).toEqual([]);
    },
    60_000,
  );

  it("buys a free booklet at once", async () => {
    const a = await author();
    const reader = await register();
    const { id, sections } = await makeBooklet(a.auth, { price: 0, free: 0 });
    expect((await get(`/api/booklets/getSection?sectionId=${sections[1]}`, reader.auth)).s).toBe(1);
    const buy = await post("/api/booklets/order/buy", { bookletId: id }, reader.auth);
    expect(buy.d).toMatchObject({ status: "paid", amount: 0, payType: "free" });
    expect((await post("/api/booklets/order/buy", { bookletId: id }, reader.auth)).status).toBe(409);
    expect((await bookletRow(id)).buyCount).toBe(1);
    expect(await walletOf(a.user.id)).toBeUndefined();
    expect(await drift()).toEqual([]);
  });
});

describe("OpenAPI", () => {
  it("documents every order and callback route", async () => {
    const paths = Object.keys(await openApiPaths(nugget.app));
    for (const p of [
      "/api/booklets/order/buy",
      "/api/booklets/order/check",
      "/api/booklets/order/AlipayWapToBuy",
      "/api/payments/notify/{channel}",
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
