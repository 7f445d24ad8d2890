import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { findCounterDrift } from "../../db/counters.ts";
import { listPartitions } from "../../db/partitions.ts";
import { notifications, trackingEvents, users } from "../../db/schema/index.ts";
import { call, registerByEmail } from "../../tests/support/client.ts";
import type { NuggetApp } from "../app.ts";
import { testApp, testDatabase } from "../../tests/support/app.ts";
import { newId } from "./ids.ts";
import { startQueue } from "./queue.ts";

// The job queue as the app sets it up (pg-boss in the app's own database; PGlite on the embedded
// default). Jobs are sent by hand here and run by `drain`, as a worker would run them.
/** A user's followers_count as stored. */
async function followersOf(nugget: NuggetApp, id: string) {
  const [row] = await nugget.database.db
    .select({ n: users.followersCount })
    .from(users)
    .where(eq(users.id, id));
  return row.n;
}

describe("the job queue (pg-boss)", () => {
  let nugget: NuggetApp;
  beforeAll(async () => {
    nugget = await testApp({ trackingRetentionDays: 30, notificationRetentionDays: 90, counterRepair: true });
  });
  afterAll(async () => {
    await nugget.app.close();
    await nugget.database.close();
  });

  it("schedules the periodic jobs in China Standard Time: retention on, digests off as configured", async () => {
    const rows = (await nugget.database.sql.executeSql(
      "select name, cron, timezone from pgboss.schedule where name in ('tracking-retention', 'mail-digests') order by name",
    )) as { rows: { name: string; cron: string; timezone: string }[] };
    expect(rows.rows).toEqual([
      { name: "tracking-retention", cron: "30 4 * * *", timezone: "Asia/Shanghai" },
    ]);
  });

  // On the embedded database only: on the PostgreSQL test database other files' tracking tests
  // write and delete old events at the same time, and this job deletes by age across the table.
  it.skipIf(process.env.DATABASE_URL)(
    "runs a tracking-retention job as its worker does: months past the window go, this one stays",
    async () => {
      // tracking_events is partitioned by month, its first partition holding everything before next
      // month (migration 0006). This file's own database gets months of its own instead: one three
      // months back, and this one.
      const db = nugget.database.db;
      const month = (add: number) => {
        const now = new Date();
        return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + add, 1)).toISOString();
      };
      const [first] = await listPartitions(db, "tracking_events");
      await db.execute(sql.raw(`alter table tracking_events detach partition "${first!.name}"`));
      await db.execute(sql.raw(`drop table "${first!.name}"`));
      await db.execute(
        sql.raw(`create table tracking_events_old partition of tracking_events
          for values from ('${month(-3)}') to ('${month(-2)}')`),
      );
      await db.execute(
        sql.raw(`create table tracking_events_now partition of tracking_events
          for values from ('${month(0)}') to ('${month(1)}')`),
      );
      const suid = newId();
      await db.insert(trackingEvents).values([
        { action: "view", objectType: "page", suid, value: "old", createdAt: new Date(month(-3)) },
        { action: "view", objectType: "page", suid, value: "recent" },
      ]);
      await nugget.jobs.send("tracking-retention", {});
      await nugget.jobs.drain(["tracking-retention"]);
      const left = await nugget.database.db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.suid, suid));
      expect(left.map((r) => r.value)).toEqual(["recent"]);
      // Dropped whole, not emptied row by row.
      const names = (await listPartitions(db, "tracking_events")).map((p) => p.name);
      expect(names).not.toContain("tracking_events_old");
      expect(names).toContain("tracking_events_now");
    },
  );

  // On the embedded database only, as above: the shared test database's notifications are every file's.
  it.skipIf(process.env.DATABASE_URL)(
    "runs a monthly-partitions job: months of notifications past retention go whole, the next months are made",
    async () => {
      const db = nugget.database.db;
      const month = (add: number) => {
        const now = new Date();
        return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + add, 1));
      };
      // This file's own months: one six months back (past the 90 days), one two months back (its
      // newest row within them), and this one; the catch-all first partition goes.
      const [first] = await listPartitions(db, "notifications");
      await db.execute(sql.raw(`alter table notifications detach partition "${first!.name}"`));
      await db.execute(sql.raw(`drop table "${first!.name}"`));
      for (const [name, from] of [
        ["notifications_six_back", -6],
        ["notifications_two_back", -2],
        ["notifications_now", 0],
      ] as const) {
        await db.execute(
          sql.raw(`create table ${name} partition of notifications
            for values from ('${month(from).toISOString()}') to ('${month(from + 1).toISOString()}')`),
        );
      }
      const next = (await listPartitions(db, "notifications")).filter((p) => p.until > month(1));
      for (const p of next) {
        await db.execute(sql.raw(`alter table notifications detach partition "${p.name}"`));
        await db.execute(sql.raw(`drop table "${p.name}"`));
      }
      const person = await registerByEmail(nugget);
      const at = (add: number, day: number) => new Date(month(add).getTime() + day * 86_400_000);
      await db.insert(notifications).values([
        { id: newId(), userId: person.auth.uid, type: "system", content: "old", createdAt: at(-6, 3) },
        // Two months back, late in that month: within the 90 days, so its month stays.
        { id: newId(), userId: person.auth.uid, type: "system", content: "kept", createdAt: at(-1, -1) },
        { id: newId(), userId: person.auth.uid, type: "system", content: "recent" },
      ]);

      await nugget.jobs.send("monthly-partitions", {});
      await nugget.jobs.drain(["monthly-partitions"]);

      const left = await db
        .select({ content: notifications.content })
        .from(notifications)
        .where(eq(notifications.userId, person.auth.uid));
      expect(left.map((r) => r.content).sort()).toEqual(["kept", "recent"]);
      const parts = await listPartitions(db, "notifications");
      const names = parts.map((p) => p.name);
      expect(names).not.toContain("notifications_six_back");
      expect(names).toEqual(expect.arrayContaining(["notifications_two_back", "notifications_now"]));
      // The next two months are there again, ahead of their first row.
      const ahead = parts.filter((p) => p.until > month(1)).map((p) => p.until.getTime());
      expect(ahead).toEqual(expect.arrayContaining([month(2).getTime(), month(3).getTime()]));
    },
  );

  it("runs a counter-repair job: a drifted counter is set back to its recount, the rest untouched", async () => {
    const person = await registerByEmail(nugget);
    const fan = await registerByEmail(nugget);
    expect(
      (await call(nugget.app, "POST", "/api/follow", { auth: fan.auth, body: { ids: person.auth.uid } })).s,
    ).toBe(1);
    // A bug (or a hand in the database) breaks one counter.
    await nugget.database.db.update(users).set({ followersCount: 7 }).where(eq(users.id, person.auth.uid));
    expect(await followersOf(nugget, person.auth.uid)).toBe(7);
    await nugget.jobs.send("counter-repair", {});
    // This queue only: on the shared PostgreSQL another file's app may have closed holding a job of
    // another queue, which draining everything would wait for until it expires.
    await nugget.jobs.drain(["counter-repair"]);
    expect(await followersOf(nugget, person.auth.uid)).toBe(1);
    expect(await followersOf(nugget, fan.auth.uid)).toBe(0);
    // Nothing drifted is left among this test's rows.
    const drift = await findCounterDrift(nugget.database.db, 100_000);
    expect(drift.filter((d) => d.id === person.auth.uid || d.id === fan.auth.uid)).toEqual([]);
  });

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

describe("stopping the job queue with a job in hand", () => {
  // What CI's PostgreSQL pass met: a test file's app closed while a notify-followers job ran past the
  // stop's wait; when the handler ended, pg-boss recorded it (unawaited) on the closed pool.
  it("lets a handler that outlives stop() end without touching the closed database", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    const database = await testDatabase();
    try {
      const queue = await startQueue(database, { error: () => undefined }, { stopTimeoutMs: 1000 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const entered = new Promise<void>((resolve) =>
        queue.work("follow-mail", async () => {
          resolve();
          await released;
        }),
      );
      await queue.send("follow-mail", { test: "outlives stop" });
      await entered;
      await queue.stop();
      await database.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
