import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDatabases } from "./support/scratch-database.ts";
import { testConfig } from "./support/test-config.ts";
import { makeEntry } from "./support/factories.ts";
import { FAN_OUT_BATCH } from "../server/services/notifications/notifications.ts";
import { startQueue, type JobQueue } from "../server/lib/queue.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { ensureReferenceData } from "../db/reference-data.ts";
import { buildApp, type NuggetApp } from "../server/app.ts";
import { waitFor } from "./support/wait.ts";

// Issue 9: every follower is told exactly once even when the worker dies mid-batch. A real
// worker process takes the job; the test holds back its second batch (a row lock on one follower's
// notification), kills the process with SIGKILL, and lets another instance take the job over.
// Needs a PostgreSQL server: PGlite cannot be shared between processes. A scratch database of its
// own: in the shared one, another file's app instance polls the same queue and could take the job
// (and close mid-batch when its file ends), which is not the death this test stages.
const baseUrl = process.env.DATABASE_URL;
const FOLLOWERS = FAN_OUT_BATCH * 2 + 500;

type Rows<T> = { rows: T[] };

describe.skipIf(!baseUrl)("the notify-followers job when its worker is killed mid-batch", () => {
  const scratch = baseUrl ? scratchDatabases(baseUrl) : undefined;
  let database: Database | undefined;
  let other: Database | undefined;
  let queue: JobQueue | undefined;
  let worker: ChildProcess | undefined;
  let lock: pg.Client | undefined;
  let nugget: NuggetApp | undefined;
  afterAll(async () => {
    worker?.kill("SIGKILL");
    await lock?.end().catch(() => undefined);
    await nugget?.app.close();
    await other?.close();
    await queue?.stop();
    await database?.close();
    await scratch?.dropAll();
  });

  it("tells every follower exactly once after another instance takes the job over", async () => {
    const url = await scratch!.create("nugget_fanout_test");
    database = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    const db = database.db;
    await ensureReferenceData(db);
    const tag = Math.random().toString(36).slice(2, 10);
    const ids = (await db.execute(sql`
      insert into users (id, username, email)
      select substr(md5(${tag} || '-' || i), 1, 24), 'crash_' || ${tag} || '_' || i, 'crash_' || ${tag} || '_' || i || '@test.invalid'
        from generate_series(0, ${FOLLOWERS}) as i
      returning id`)) as unknown as Rows<{ id: string }>;
    expect(ids.rows).toHaveLength(FOLLOWERS + 1);
    const author = (
      (await db.execute(sql`select substr(md5(${tag} || '-0'), 1, 24) as id`)) as unknown as Rows<{
        id: string;
      }>
    ).rows[0].id;
    // Followed one millisecond apart, so the job's batches are known in advance.
    await db.execute(sql`
      insert into follows (follower_id, followee_id, created_at)
      select substr(md5(${tag} || '-' || i), 1, 24), ${author}, now() - interval '1 hour' + i * interval '1 millisecond'
        from generate_series(1, ${FOLLOWERS}) as i`);
    const entry = await makeEntry(db, author, { title: "杀掉工人也只通知一次" });
    const secondBatchFollower = (
      (await db.execute(
        sql`select substr(md5(${tag} || '-' || ${FAN_OUT_BATCH + 10}), 1, 24) as id`,
      )) as unknown as Rows<{ id: string }>
    ).rows[0].id;

    // The second batch will wait on this uncommitted notification of one of its followers. It takes
    // the entry's createdAt, as the fan-out's rows do: the unique index it must collide on holds it.
    lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query("begin");
    await lock.query(
      `insert into notifications (id, user_id, type, actor_ids, entry_id, content, created_at)
       values (substr(md5(random()::text), 1, 24), $1, 'submitEntry', array[$2]::char(24)[], $3, '', $4)`,
      [secondBatchFollower, author, entry.id, entry.createdAt.toISOString()],
    );

    const told = async () =>
      (
        (await db.execute(sql`
          select count(*)::int as n, count(distinct user_id)::int as people
            from notifications where entry_id = ${entry.id} and type = 'submitEntry'`)) as unknown as Rows<{
          n: number;
          people: number;
        }>
      ).rows[0];

    // Only the worker process works jobs; this queue just sends and, every second, expires jobs
    // whose worker vanished (pg-boss's maintenance).
    queue = await startQueue(database, { error: () => undefined }, { maintenanceIntervalSeconds: 1 });
    const jobId = await queue.send("notify-followers", {
      authorId: author,
      entryId: entry.id,
      secondsHex: entry.id.slice(0, 8),
    });
    worker = spawn(process.execPath, ["--import", "tsx", "tests/support/fanout-worker.ts"], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "inherit"],
    });

    // The first batch commits; the second waits on the lock. A minute: the worker process compiles and
    // boots the whole app first, slow on a busy CI machine.
    await waitFor("the first batch", async () => ((await told()).n === FAN_OUT_BATCH ? true : undefined), {
      ms: 60_000,
    });
    const state = async () =>
      (
        (await db.execute(
          sql`select state::text as state from pgboss.job where id = ${jobId}::uuid`,
        )) as unknown as Rows<{ state: string }>
      ).rows[0]?.state;
    expect(await state()).toBe("active");

    // The machine dies: the process at once, its database session when the server notices.
    worker.kill("SIGKILL");
    await new Promise((resolve) => worker!.once("exit", resolve));
    await db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
         and query like '%submitEntry%'`);
    await lock.query("rollback");
    expect((await told()).n).toBe(FAN_OUT_BATCH);
    expect(await state()).toBe("active");

    // Fifteen minutes pass (the queue's expireInSeconds): the job counts as abandoned, pg-boss
    // expires it into a retry, and the other instance takes it over.
    await db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${jobId}::uuid`,
    );
    other = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    nugget = await buildApp({ config: testConfig(), database: other });
    await waitFor(
      "the retried job to complete",
      async () => ((await state()) === "completed" ? true : undefined),
      {
        ms: 30_000,
      },
    );
    expect(await told()).toEqual({ n: FOLLOWERS, people: FOLLOWERS });
  }, 150_000);
});
