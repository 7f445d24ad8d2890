import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { countingTestApp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { makeUser, makeWalletHolder } from "../../../tests/support/factories.ts";
import { bills, users, wallets } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { balanceByBills, creditIncome } from "./queries.ts";
import { checkWithdrawal, MIN_WITHDRAW, parseYuan } from "../../../shared/wallet-rules.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const get = (url: string, auth?: Auth) => call(nugget.app, "GET", url, { auth });
const post = (url: string, body: Record<string, unknown>, auth?: Auth) =>
  call(nugget.app, "POST", url, { body, auth });

const register = (flags: Partial<typeof users.$inferInsert> = {}) => makeUser(nugget, flags);
/** A wallet holder with `cents` of income (one succeeded income bill, as a sale leaves it). */
const holder = (cents: number) => makeWalletHolder(nugget, cents);
const balanceOf = async (id: string) =>
  (await db().select().from(wallets).where(eq(wallets.userId, id)))[0]?.balance ?? 0;
const apply = (auth: Auth, volume: number, extra: Record<string, unknown> = {}) =>
  post("/api/wallet/apply", { volume, alipayAccount: "13800000000", name: "张三", ...extra }, auth);

describe("wallet replies (status 1 or 2)", () => {
  it("answers 401 logged out and status 2 without wallet access, on every call", async () => {
    for (const url of [
      "/api/wallet/haveWalletAccessRight",
      "/api/wallet/getAmount",
      "/api/wallet/getBill",
      "/api/wallet/checkApplyRules",
    ]) {
      expect((await get(url)).status).toBe(401);
    }
    expect((await apply(undefined as unknown as Auth, 1000)).status).toBe(401);
    const plain = await register();
    const access = await get("/api/wallet/haveWalletAccessRight", plain.auth);
    expect([access.status, access.s, access.d]).toEqual([200, 2, { hasWallet: false }]);
    for (const url of ["/api/wallet/getAmount", "/api/wallet/getBill", "/api/wallet/checkApplyRules"]) {
      const r = await get(url, plain.auth);
      expect([r.status, r.s, r.m]).toEqual([200, 2, "暂未开通钱包"]);
    }
    expect((await apply(plain.auth, 1000)).s).toBe(2);
  });

  it("shows balance, bills by page and the rules", async () => {
    const u = await holder(5000);
    expect((await get("/api/wallet/haveWalletAccessRight", u.auth)).d).toEqual({ hasWallet: true });
    expect((await get("/api/wallet/getAmount", u.auth)).d).toEqual({
      amount: 5000,
      held: 0,
      currency: "CNY",
    });
    const rules = await get("/api/wallet/checkApplyRules", u.auth);
    expect([rules.s, rules.d.canApply, rules.d.maxVolume]).toEqual([1, true, 5000]);
    for (let i = 0; i < 3; i++) {
      await db().transaction((tx) =>
        creditIncome(tx, { userId: u.user.id, amount: 100, orderId: newId(), description: `收入 ${i}` }),
      );
    }
    const page0 = await get("/api/wallet/getBill?page=0&pageSize=3", u.auth);
    expect(page0.d).toMatchObject({ total: 4, page: 0, pageSize: 3 });
    expect(page0.d.list[0]).toMatchObject({
      type: "income",
      status: "succeeded",
      amount: 100,
      description: "收入 2",
    });
    expect(page0.d.list[0].create_time).toMatch(/Z$/);
    const page1 = await get("/api/wallet/getBill?page=1&pageSize=3", u.auth);
    expect(page1.d.list.map((b: { amount: number }) => b.amount)).toEqual([5000]);
    const badPage = await get("/api/wallet/getBill?page=-1", u.auth);
    expect([badPage.status, badPage.d.field]).toEqual([400, "page"]);

    const poor = await holder(500);
    const no = await get("/api/wallet/checkApplyRules", poor.auth);
    expect([no.status, no.s, no.d.canApply]).toEqual([200, 2, false]);
    expect(no.m).toContain("余额不足");
  });
});

describe("withdrawals", () => {
  it("checks every field (400 naming it), holds the amount, allows one pending at a time", async () => {
    const u = await holder(20_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ volume: 999 }, "volume"],
      [{ volume: 30_000 }, "volume"],
      [{ volume: 1.5 }, "volume"],
      [{ alipayAccount: "not-an-account" }, "alipayAccount"],
      [{ alipayAccount: "" }, "alipayAccount"],
      [{ name: "" }, "name"],
      [{ name: "张" }, "name"],
      [{ name: "<b>x</b>" }, "name"],
    ];
    for (const [change, field] of cases) {
      const r = await apply(u.auth, 1000, change);
      expect([r.status, r.d?.field], JSON.stringify(change)).toEqual([400, field]);
    }
    const missing = await post("/api/wallet/apply", { volume: 1000, name: "张三" }, u.auth);
    expect([missing.status, missing.d.field]).toEqual([400, "alipayAccount"]);

    const ok = await apply(u.auth, 12_345, { alipayAccount: "zhang@example.com" });
    expect(ok.s).toBe(1);
    expect(ok.d.balance).toBe(7655);
    expect(ok.d.bill).toMatchObject({ type: "withdraw", status: "pending", amount: -12_345 });
    expect(ok.d.bill.description).toContain("zh***@example.com");
    expect((await get("/api/wallet/getAmount", u.auth)).d).toEqual({
      amount: 7655,
      held: 12_345,
      currency: "CNY",
    });
    const second = await apply(u.auth, 1000);
    expect([second.status, second.s]).toEqual([409, 409]);
    const rules = await get("/api/wallet/checkApplyRules", u.auth);
    expect([rules.s, rules.d.pendingCount]).toEqual([2, 1]);
    expect(await balanceByBills(db(), u.user.id)).toBe(await balanceOf(u.user.id));
  });

  it("settles: admins only; a failed withdrawal hands the amount back, once", async () => {
    const u = await holder(5000);
    const admin = await register({ role: "admin" });
    const w = await apply(u.auth, 3000);
    const billId = w.d.bill.id;
    expect((await post("/api/wallet/settle", { billId, status: "failed" }, u.auth)).status).toBe(403);
    expect((await post("/api/wallet/settle", { billId: newId(), status: "failed" }, admin.auth)).status).toBe(
      404,
    );
    const failed = await post("/api/wallet/settle", { billId, status: "failed" }, admin.auth);
    expect([failed.d.bill.status, failed.d.balance]).toEqual(["failed", 5000]);
    const again = await post("/api/wallet/settle", { billId, status: "failed" }, admin.auth);
    expect(again.d.balance).toBe(5000);
    // The other way once settled: 409, nothing moves.
    const opposite = await post("/api/wallet/settle", { billId, status: "succeeded" }, admin.auth);
    expect([opposite.status, opposite.s, opposite.d.field]).toEqual([409, 409, "status"]);
    expect(await balanceOf(u.user.id)).toBe(5000);
    const w2 = await apply(u.auth, 2000);
    expect(
      (await post("/api/wallet/settle", { billId: w2.d.bill.id, status: "succeeded" }, admin.auth)).d.balance,
    ).toBe(3000);
    expect(await balanceByBills(db(), u.user.id)).toBe(3000);
    expect(await balanceOf(u.user.id)).toBe(3000);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "50 concurrent applications against one balance never overdraw it; bills equal balance changes (PostgreSQL)",
    async () => {
      const u = await holder(30_000);
      const admin = await register({ role: "admin" });
      // Round 1: fifty at once, one pending allowed — exactly one wins.
      const round1 = await Promise.all(Array.from({ length: 50 }, (_, i) => apply(u.auth, 1000 + i * 37)));
      expect(round1.filter((r) => r.status >= 500)).toEqual([]);
      const won = round1.filter((r) => r.s === 1);
      expect(won).toHaveLength(1);
      expect(round1.filter((r) => r.status === 409)).toHaveLength(49);
      // Settle it, then fifty more at once, while income arrives at the same time.
      await post("/api/wallet/settle", { billId: won[0].d.bill.id, status: "succeeded" }, admin.auth);
      const round2 = await Promise.all([
        ...Array.from({ length: 50 }, () => apply(u.auth, 9000)),
        ...Array.from({ length: 10 }, (_, i) =>
          db().transaction((tx) =>
            creditIncome(tx, {
              userId: u.user.id,
              amount: 100 + i,
              orderId: newId(),
              description: "并发收入",
            }),
          ),
        ),
      ]);
      const replies = round2.slice(0, 50) as Awaited<ReturnType<typeof apply>>[];
      expect(replies.filter((r) => r.status >= 500)).toEqual([]);
      expect(replies.filter((r) => r.s === 1)).toHaveLength(1);
      const balance = await balanceOf(u.user.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await balanceByBills(db(), u.user.id)).toBe(balance);
      const rows = await db().select().from(bills).where(eq(bills.userId, u.user.id));
      expect(rows.filter((b) => b.type === "withdraw")).toHaveLength(2);
      expect(balance).toBe(30_000 + 1045 - won[0].d.bill.amount * -1 - 9000);
    },
    120_000,
  );
});

describe("the admins' withdrawal queue", () => {
  type Item = { bill: { id: string; status: string; create_time: string }; user: { id: string } };
  const queue = (query: string, auth?: Auth) => get(`/api/wallet/withdrawals${query}`, auth);
  /** Every page of a list, following `pointer`; answers the ids in the order they came. */
  async function walk(status: string, limit: number, auth: Auth) {
    const seen: Item[] = [];
    let pointer: string | null = null;
    for (let pages = 0; pages < 500; pages++) {
      const query: string = `?status=${status}&limit=${limit}${pointer ? `&pointer=${encodeURIComponent(pointer)}` : ""}`;
      const r = await queue(query, auth);
      expect([r.status, r.s], r.m).toEqual([200, 1]);
      expect(r.d.list.length).toBeLessThanOrEqual(limit);
      seen.push(...r.d.list);
      if (!r.d.canNext) return seen;
      pointer = r.d.pointer;
    }
    throw new Error("the list never ended");
  }

  it("answers 401 logged out and 403 to anyone but an admin", async () => {
    expect((await queue("")).status).toBe(401);
    const author = await holder(5000);
    const r = await queue("", author.auth);
    expect([r.status, r.s]).toEqual([403, 403]);
  });

  it("lists pending withdrawals oldest first with the full account and name, page by page", async () => {
    const admin = await register({ role: "admin" });
    const authors = [];
    for (let i = 0; i < 5; i++) authors.push(await holder(5000));
    const applied: string[] = [];
    for (const [i, a] of authors.entries()) {
      const r = await apply(a.auth, 1000 + i, {
        alipayAccount: i % 2 ? `payee${i}@example.com` : `1380000000${i}`,
        name: ["张三", "李四", "王五", "赵六", "孙七"][i],
      });
      applied.push(r.d.bill.id as string);
    }

    const first = await queue("", admin.auth);
    expect(first.d.list.length).toBeLessThanOrEqual(20);
    const mine = (items: Item[]) => items.filter((x) => applied.includes(x.bill.id));
    const item = mine(first.d.list).find((x) => x.bill.id === applied[1]);
    expect(item).toMatchObject({
      bill: { id: applied[1], type: "withdraw", status: "pending", amount: -1001 },
      user: { id: authors[1].user.id, username: authors[1].user.username },
      alipayAccount: "payee1@example.com",
      realName: "李四",
    });
    expect(item!.bill).toHaveProperty("create_time");
    expect(item!.user).toHaveProperty("avatarLarge");
    // The author's own bill masks the account; the admin's queue does not.
    expect(item!.bill).toMatchObject({ description: expect.stringContaining("pa***@example.com") });

    // Two a page: every pending withdrawal once, oldest first, ours in the order they applied.
    const all = await walk("pending", 2, admin.auth);
    const ids = all.map((x) => x.bill.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine(all).map((x) => x.bill.id)).toEqual(applied);
    const times = all.map((x) => `${x.bill.create_time}_${x.bill.id}`);
    expect(times).toEqual([...times].sort());
    expect(all.every((x) => x.bill.status === "pending")).toBe(true);

    // A withdrawal applied between pages lands at the end, after the pointer: neither repeated nor lost.
    const head = await queue("?limit=2", admin.auth);
    const late = await holder(5000);
    const lateBill = (await apply(late.auth, 1500)).d.bill.id as string;
    let rest: Item[] = [];
    let pointer: string | null = head.d.pointer;
    while (pointer) {
      const r = await queue(`?limit=2&pointer=${encodeURIComponent(pointer)}`, admin.auth);
      rest = rest.concat(r.d.list);
      pointer = r.d.canNext ? r.d.pointer : null;
    }
    const walked = [...head.d.list, ...rest].map((x: Item) => x.bill.id);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.at(-1)).toBe(lateBill);
    expect(walked).toEqual(expect.arrayContaining(applied));
  });

  it("settled withdrawals leave the queue for the history, newest first", async () => {
    const admin = await register({ role: "admin" });
    const paid = await holder(5000);
    const refused = await holder(5000);
    const paidBill = (await apply(paid.auth, 2000)).d.bill.id as string;
    const refusedBill = (await apply(refused.auth, 3000)).d.bill.id as string;
    const pendingIds = async () => (await walk("pending", 100, admin.auth)).map((x) => x.bill.id);
    expect(await pendingIds()).toEqual(expect.arrayContaining([paidBill, refusedBill]));

    await post("/api/wallet/settle", { billId: paidBill, status: "succeeded" }, admin.auth);
    await post("/api/wallet/settle", { billId: refusedBill, status: "failed" }, admin.auth);
    const left = await pendingIds();
    expect(left).not.toContain(paidBill);
    expect(left).not.toContain(refusedBill);

    const succeeded = await walk("succeeded", 100, admin.auth);
    expect(succeeded.map((x) => x.bill.id)).toContain(paidBill);
    expect(succeeded.every((x) => x.bill.status === "succeeded")).toBe(true);
    const failed = await walk("failed", 100, admin.auth);
    expect(failed.find((x) => x.bill.id === refusedBill)).toMatchObject({
      user: { id: refused.user.id },
      alipayAccount: "13800000000",
      realName: "张三",
    });
    // History is newest first.
    const times = succeeded.map((x) => `${x.bill.create_time}_${x.bill.id}`);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("answers 400 naming the field for a bad pointer, status or limit", async () => {
    const admin = await register({ role: "admin" });
    for (const [query, field] of [
      ["?pointer=nonsense", "pointer"],
      [`?pointer=2024-01-01T00:00:00.000Z_${"z".repeat(24)}`, "pointer"],
      [`?pointer=${"9".repeat(81)}`, "pointer"],
      ["?status=paid", "status"],
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
    ]) {
      const r = await queue(query, admin.auth);
      expect([r.status, r.d?.field], query).toEqual([400, field]);
    }
    // The in-process door (page loaders) checks the status too.
    const caller = { userId: admin.user.id, sessionId: null, ip: "127.0.0.1", userAgent: "" };
    await expect(
      nugget.services.wallet.withdrawals({ status: "paid" as "pending" }, caller),
    ).rejects.toMatchObject({ code: 400, field: "status" });
  });
});

describe("the withdrawal queue's cost", () => {
  // Its own database, so the drizzle logger counts only what one request sends (tests/queries.test.ts).
  let counted: NuggetApp;
  let count: (work: () => Promise<unknown>) => Promise<number>;
  beforeAll(async () => {
    ({ nugget: counted, count } = await countingTestApp());
  });
  afterAll(async () => {
    await counted?.app.close();
    await counted?.database.close();
  });

  it("a page of 8 withdrawals by 8 people costs the statements a page of 2 does", async () => {
    const admin = await registerByEmail(counted);
    await counted.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    for (let i = 0; i < 8; i++) {
      const u = await registerByEmail(counted);
      await counted.database.db.update(users).set({ hasWalletAccess: true }).where(eq(users.id, u.user.id));
      await counted.database.db.transaction((tx) =>
        creditIncome(tx, { userId: u.user.id, amount: 5000, orderId: newId(), description: "收入" }),
      );
      const r = await call(counted.app, "POST", "/api/wallet/apply", {
        auth: u.auth,
        body: { volume: 1000, alipayAccount: "13800000000", name: "张三" },
      });
      expect(r.s).toBe(1);
    }
    const cost = async (limit: number) => {
      let listed = 0;
      const statements = await count(async () => {
        const r = await call(counted.app, "GET", `/api/wallet/withdrawals?limit=${limit}`, {
          auth: admin.auth,
        });
        listed = r.d.list.length;
      });
      expect(listed).toBe(limit);
      return statements;
    };
    await cost(2);
    expect(await cost(8)).toBe(await cost(2));
  });
});

describe("withdrawal rules (shared with the form)", () => {
  it("reads yuan and names the first bad field", () => {
    expect(parseYuan("10")).toBe(1000);
    expect(parseYuan("10.5")).toBe(1050);
    expect(parseYuan("10.555")).toBeNull();
    expect(parseYuan("abc")).toBeNull();
    expect(
      checkWithdrawal({ volume: MIN_WITHDRAW, alipayAccount: "13800000000", name: "李四" }, 5000),
    ).toBeNull();
    expect(checkWithdrawal({ volume: 6000, alipayAccount: "13800000000", name: "李四" }, 5000)?.field).toBe(
      "volume",
    );
    expect(checkWithdrawal({ volume: 1000, alipayAccount: "x", name: "李四" }, 5000)?.field).toBe(
      "alipayAccount",
    );
  });
});
