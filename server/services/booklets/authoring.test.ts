import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { useTestApp } from "../../../tests/support/app.ts";
import { bookletKit } from "../../../tests/support/booklets.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

// The calls the booklet editor added: reorder, delete, sales (and editable, behind the editor page).
const { get, post, put, del, register, author, makeBooklet, drift, bookletRow } = bookletKit(() => nugget);

const titles = async (id: string) =>
  (await get(`/api/booklets/getListSection?bookletId=${id}`)).d.map((s: { title: string }) => s.title);

/** Buys the booklet as `reader` and pays through the dev cashier's signed notice. */
async function buy(bookletId: string, reader: Awaited<ReturnType<typeof register>>) {
  const order = await post("/api/booklets/order/buy", { bookletId, type: "wxpay" }, reader.auth);
  const confirm = await nugget.app.inject({ method: "POST", url: `/dev/pay/${order.d.orderId}/confirm` });
  expect(confirm.statusCode).toBe(303);
}

describe("booklet editor calls", () => {
  it("reorders sections: the whole list, once each, by the author or an admin", async () => {
    const a = await author();
    const other = await register();
    const admin = await register({ role: "admin" });
    const { id, sections } = await makeBooklet(a.auth, { sections: 3 });
    const url = `/api/booklets/${id}/sections/order`;
    const order = [sections[2], sections[0], sections[1]];

    expect((await put(url, { sectionIds: order })).status).toBe(401);
    expect((await put(url, { sectionIds: order }, other.auth)).status).toBe(403);
    // A missing section, a repeated one, a foreign one, a bad id: 400 naming sectionIds.
    for (const sectionIds of [
      order.slice(0, 2),
      [order[0], order[0], order[1]],
      [...order.slice(0, 2), "0".repeat(24)],
      ["nope"],
      [],
    ]) {
      const bad = await put(url, { sectionIds }, a.auth);
      expect([bad.status, bad.d.field], JSON.stringify(sectionIds)).toMatchObject([400, /^sectionIds/]);
    }
    expect(await titles(id)).toEqual(["第 1 节", "第 2 节", "第 3 节"]);

    const moved = await put(url, { sectionIds: order }, a.auth);
    expect(moved.d.map((s: { id: string; order: number }) => [s.id, s.order])).toEqual([
      [sections[2], 0],
      [sections[0], 1],
      [sections[1], 2],
    ]);
    expect(await titles(id)).toEqual(["第 3 节", "第 1 节", "第 2 节"]);
    // An admin may too; a new section still goes last.
    expect((await put(url, { sectionIds: sections }, admin.auth)).s).toBe(1);
    await post(`/api/booklets/${id}/sections`, { title: "第 4 节" }, a.auth);
    expect(await titles(id)).toEqual(["第 1 节", "第 2 节", "第 3 节", "第 4 节"]);
    // Someone else's draft does not exist for them.
    const draft = await post("/api/booklets", { title: "草稿" }, a.auth);
    const s = await post(`/api/booklets/${draft.d.id}/sections`, { title: "一" }, a.auth);
    const hidden = await put(
      `/api/booklets/${draft.d.id}/sections/order`,
      { sectionIds: [s.d.id] },
      other.auth,
    );
    expect(hidden.status).toBe(404);
  });

  it("deletes a section, keeping one in a published booklet; counters follow", async () => {
    const a = await author();
    const other = await register();
    const { id, sections } = await makeBooklet(a.auth, { sections: 2 });
    const url = (s: string) => `/api/booklets/sections/${s}`;

    expect((await del(url(sections[0]))).status).toBe(401);
    expect((await del(url(sections[0]), other.auth)).status).toBe(403);
    expect((await del(url("0".repeat(24)), a.auth)).status).toBe(404);
    const bad = await del(url("nope"), a.auth);
    expect([bad.status, bad.d.field]).toEqual([400, "sectionId"]);

    expect((await del(url(sections[0]), a.auth)).d).toEqual({ id: sections[0] });
    expect(await titles(id)).toEqual(["第 2 节"]);
    expect((await bookletRow(id)).sectionsCount).toBe(1);
    expect((await get(`/api/booklets/getSection?sectionId=${sections[0]}`, a.auth)).status).toBe(404);
    // The last section of a booklet on sale stays; taken back to draft, it may go.
    const last = await del(url(sections[1]), a.auth);
    expect([last.status, last.d.field]).toEqual([400, "sectionId"]);
    await put("/api/booklets/isDraft", { bookletId: id, isDraft: true }, a.auth);
    expect((await del(url(sections[1]), a.auth)).s).toBe(1);
    expect((await bookletRow(id)).sectionsCount).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it("sales: paid orders, what buyers paid, the author's income; for the author and admins only", async () => {
    const a = await author();
    const admin = await register({ role: "admin" });
    const readers = [await register(), await register()];
    const { id } = await makeBooklet(a.auth, { price: 1990 });
    const url = `/api/booklets/sales?bookletId=${id}`;

    expect((await get(url, a.auth)).d).toEqual({ buyCount: 0, revenue: 0, income: 0 });
    for (const reader of readers) await buy(id, reader);
    // 70% of ¥19.90 twice (orders/schema.ts AUTHOR_SHARE), as the wallet's bills say.
    expect((await get(url, a.auth)).d).toEqual({ buyCount: 2, revenue: 3980, income: 2786 });
    expect((await get(url, admin.auth)).d.buyCount).toBe(2);
    expect((await get(url, readers[0].auth)).status).toBe(403);
    expect((await get(url)).status).toBe(401);
    const bad = await get("/api/booklets/sales?bookletId=x", a.auth);
    expect([bad.status, bad.d.field]).toEqual([400, "bookletId"]);
    // Another booklet of the same author earns apart.
    const second = await makeBooklet(a.auth, { price: 990 });
    expect((await get(`/api/booklets/sales?bookletId=${second.id}`, a.auth)).d.income).toBe(0);
  });
});
