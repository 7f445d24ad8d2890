import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { trackingEvents } from "../../db/schema/index.ts";
import type { NuggetApp } from "../app.ts";
import { testApp } from "../../tests/support/app.ts";
import { newId } from "./ids.ts";

// The job queue as the app sets it up (pg-boss in the app's own database; PGlite on the embedded
// default). Jobs are sent by hand here and run by `drain`, as a worker would run them.
describe("the job queue (pg-boss)", () => {
  let nugget: NuggetApp;
  beforeAll(async () => {
    nugget = await testApp({ trackingRetentionDays: 30 });
  });
  afterAll(async () => {
    await nugget.app.close();
    await nugget.database.close();
  });

  it("schedules the periodic jobs in China Standard Time: retention on, digests off as configured", async () => {
    const rows = (await nugget.database.sql.executeSql(
      "select name, cron, timezone from pgboss.schedule where name in ('tracking-retention', 'mail-digests')",
    )) as { rows: { name: string; cron: string; timezone: string }[] };
    expect(rows.rows).toEqual([
      { name: "tracking-retention", cron: "30 4 * * *", timezone: "Asia/Shanghai" },
    ]);
  });

  // On the embedded database only: on the PostgreSQL test database other files' tracking tests
  // write and delete old events at the same time, and this job deletes by age across the table.
  it.skipIf(process.env.DATABASE_URL)(
    "runs a tracking-retention job as its worker does: old events go, recent ones stay",
    async () => {
      const at = (days: number) => new Date(Date.now() - days * 86_400_000);
      const suid = newId();
      await nugget.database.db.insert(trackingEvents).values([
        { action: "view", objectType: "page", suid, value: "old", createdAt: at(31) },
        { action: "view", objectType: "page", suid, value: "recent", createdAt: at(29) },
      ]);
      await nugget.jobs.send("tracking-retention", {});
      await nugget.jobs.drain();
      const left = await nugget.database.db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.suid, suid));
      expect(left.map((r) => r.value)).toEqual(["recent"]);
    },
  );

  it("keeps a job sent inside a transaction that rolls back from ever existing", async () => {
    const before = await nugget.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'notify-followers'",
    );
    await nugget.database.db
      .transaction(async (tx) => {
        await nugget.jobs.send("notify-followers", { authorId: "x", entryId: "y", secondsHex: "0" }, { tx });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const after = await nugget.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'notify-followers'",
    );
    expect(after.rows).toEqual(before.rows);
  });
});
