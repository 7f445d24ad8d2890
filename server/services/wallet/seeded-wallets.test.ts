import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client.ts";
import { ensureReferenceData } from "../../../db/reference-data.ts";
import { wallets } from "../../../db/schema/index.ts";
import { seed } from "../../../db/seed/seed.ts";
import { balanceByBills } from "./queries.ts";

// The demo data follows the wallet's rule (ADR 008): balance = succeeded income + withdrawals pending
// or succeeded. On PGlite only: seeding needs the unique demo accounts of an empty database.
describe.skipIf(!!process.env.DATABASE_URL)("seeded wallets", () => {
  let database: Database;
  afterAll(async () => database?.close());

  it("agree with their bills", async () => {
    database = await openDatabase({ dataDir: ":memory:" });
    await ensureReferenceData(database.db);
    await seed(database.db, { users: 30, entries: 50, seed: 42, now: new Date("2026-06-01T00:00:00Z") });
    const rows = await database.db.select().from(wallets);
    expect(rows.length).toBeGreaterThan(0);
    for (const w of rows)
      expect([w.userId, w.balance]).toEqual([w.userId, await balanceByBills(database.db, w.userId)]);
  }, 120_000);
});
