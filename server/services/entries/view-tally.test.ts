import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { entries, users } from "../../../db/schema/index.ts";
import { heatIndexes } from "../../../db/heat.ts";
import type { Db } from "../../../db/client.ts";
import type { NuggetApp } from "../../app.ts";
import { countingTestApp, uniqueIp } from "../../../tests/support/app.ts";
import { call, registerByEmail } from "../../../tests/support/client.ts";
import { makeEntry } from "../../../tests/support/factories.ts";
import { createViewTally } from "./view-tally.ts";

// Issue 14: a view is decided in the shared store and added to the counters in batches; it inserts
// no row and updates no entry row while the request runs.
let nugget: NuggetApp;
let record: (work: () => Promise<unknown>) => Promise<string[]>;
beforeAll(async () => {
  ({ nugget, record } = await countingTestApp());
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
});

const db = () => nugget.database.db;
const stored = async (id: string) => (await db().select().from(entries).where(eq(entries.id, id)))[0]!;
const viewed = async (userId: string) =>
  (await db().select({ n: users.viewedEntriesCount }).from(users).where(eq(users.id, userId)))[0]!.n;
const view = (id: string, opts: Parameters<typeof call>[3] = { ip: uniqueIp() }) =>
  call(nugget.app, "GET", `/api/getEntryView?entryId=${id}`, opts);

describe("views without a row each", () => {
  it("counts N concurrent views from distinct viewers as N after a flush, writing nothing meanwhile", async () => {
    const author = await registerByEmail(nugget);
    const entry = await makeEntry(db(), author.auth.uid);
    const readers = await Promise.all([registerByEmail(nugget), registerByEmail(nugget)]);
    const before = await Promise.all(readers.map((r) => viewed(r.auth.uid)));

    const answers: Awaited<ReturnType<typeof view>>[] = [];
    const statements = await record(async () => {
      answers.push(
        ...(await Promise.all([
          ...Array.from({ length: 18 }, () => view(entry.id)),
          ...readers.map((r) => view(entry.id, { auth: r.auth, ip: uniqueIp() })),
        ])),
      );
    });
    expect(answers.map((a) => [a.status, a.d.counted])).toEqual(answers.map(() => [200, true]));
    // The request only read: no INSERT, UPDATE or DELETE, so no entry row was locked.
    expect(statements.filter((s) => /^\s*(insert|update|delete)\b/i.test(s))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
    // Each answer already includes the views this instance has not written yet.
    expect(Math.max(...answers.map((a) => a.d.viewsCount))).toBe(20);
    expect((await stored(entry.id)).viewsCount).toBe(0);

    const writes = await record(() => nugget.services.entries.views.flush());
    const after = await stored(entry.id);
    expect(after.viewsCount).toBe(20);
    expect(after.hotIndex).toBeCloseTo(
      heatIndexes({ likes: 0, comments: 0, views: 20, createdAt: after.createdAt }).hotIndex,
    );
    expect(after.rankIndex).toBeCloseTo(
      heatIndexes({ likes: 0, comments: 0, views: 20, createdAt: after.createdAt }).rankIndex,
    );
    // One statement per table whatever the batch's size: entries' count, their heat, the authors'
    // heat, the viewers' counts.
    expect(writes.filter((s) => /^\s*update\b/i.test(s))).toHaveLength(4);
    expect(await Promise.all(readers.map((r) => viewed(r.auth.uid)))).toEqual(before.map((n) => n + 1));

    // The same viewer again within 30 minutes: not counted, nothing to write.
    const again = await view(entry.id, { auth: readers[0]!.auth, ip: uniqueIp() });
    expect([again.d.counted, again.d.entryViewId, again.d.viewsCount]).toEqual([false, null, 20]);
    expect(nugget.services.entries.views.pending(entry.id)).toBe(0);
    await nugget.services.entries.views.flush();
    expect((await stored(entry.id)).viewsCount).toBe(20);
  });

  it("keeps a batch whose write failed and writes it with the next one", async () => {
    const author = await registerByEmail(nugget);
    const entry = await makeEntry(db(), author.auth.uid);
    let failNext = true;
    // The real database, with its next transaction refused (as when the connection drops).
    const flaky = new Proxy(db(), {
      get(target, key, receiver) {
        if (key === "transaction" && failNext) {
          failNext = false;
          return async () => {
            throw new Error("connection terminated");
          };
        }
        return Reflect.get(target, key, receiver);
      },
    }) as Db;
    const errors: string[] = [];
    const tally = createViewTally(flaky, { flushMs: 60_000 });
    tally.useLogger({ error: (_o, m) => errors.push(m), warn: (_o, m) => errors.push(m) });
    tally.add(entry.id, null);
    tally.add(entry.id, author.auth.uid);
    await tally.flush();
    expect(errors).toHaveLength(1);
    expect((await stored(entry.id)).viewsCount).toBe(0);
    expect(tally.pending(entry.id)).toBe(2);
    tally.add(entry.id, null);
    await tally.close();
    expect((await stored(entry.id)).viewsCount).toBe(3);
    expect(tally.pending(entry.id)).toBe(0);
  });
});
