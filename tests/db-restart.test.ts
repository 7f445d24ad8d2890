import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { findCounterDrift } from "../db/counters.ts";
import { buildApp, type NuggetApp } from "../server/app.ts";
import { databaseUnavailable } from "../server/lib/pg-errors.ts";
import { testConfig } from "./support/test-config.ts";
import { registerByEmail, type Auth } from "./support/client.ts";
import { makeEntry } from "./support/factories.ts";
import { freePorts } from "./support/nginx.ts";
import { ownClusterCan, startOwnCluster, type OwnCluster } from "./support/pg-cluster.ts";

// Issue 10, fault tests: the database restarted under load. Part of the PostgreSQL pass. Besides
// what each test asserts, vitest fails the run on any error nobody heard: a dropped connection
// must reach a request as a 503 and nothing else — no uncaught exception, no unhandled rejection.

describe.skipIf(!process.env.DATABASE_URL)("a connection dropped while a transaction holds it", () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  // The cause of the restart test's stray 57P01s: a transaction's connection is out of the pool,
  // and the server's "terminating connection" arriving between two statements was an 'error' event
  // no one listened to. Deterministic here: the backend is terminated, not the whole server.
  it("fails that transaction as 'database unavailable', and the pool goes on", async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ":memory:" });
    const { sql: raw } = database;
    const failed = await database.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const pid = rows[0].pid;
        await raw.executeSql("select pg_terminate_backend($1)", [pid]);
        // The backend says FATAL before it exits: once it is gone, the connection has heard it
        // while idle, which is the case to prove (not an error answering a statement in flight).
        for (let waited = 0; waited < 5000; waited += 20) {
          const left = await raw.executeSql("select 1 from pg_stat_activity where pid = $1", [pid]);
          if (left.rows.length === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failed).not.toBeNull();
    expect(databaseUnavailable(failed)).toBe(true);
    const { rows } = await raw.executeSql("select 1 as one");
    expect(rows).toEqual([{ one: 1 }]);
  });
});

// The whole server this time. The test runs a PostgreSQL cluster of its own (the shared test server
// stays up), stops it while requests keep coming, and starts it again. While it is down every
// answer is 503 with the envelope — never a 500, never an exit; within 10 s of its return requests
// succeed again; and no change is half-written (counters equal rows). Skipped where the machine
// cannot run initdb/pg_ctl (as `postgres` when the tests run as root).
const cannot = !process.env.DATABASE_URL ? "runs in the PostgreSQL pass (DATABASE_URL)" : ownClusterCan();

describe.skipIf(cannot)(`the database restarted under load${cannot ? ` — skipped: ${cannot}` : ""}`, () => {
  let cluster: OwnCluster | undefined;
  let database: Database | undefined;
  let nugget: NuggetApp | undefined;
  afterAll(async () => {
    // The cluster goes whatever happens: a close that hangs (a connection never given back) must
    // not leave a PostgreSQL server running after the test.
    try {
      const close = (async () => {
        await nugget?.app.close().catch(() => undefined);
        await database?.close().catch(() => undefined);
      })();
      await Promise.race([close, new Promise((r) => setTimeout(r, 15_000).unref())]);
    } finally {
      cluster?.destroy();
    }
  });

  it("answers 503 while it is down, recovers within 10 s, and writes nothing by halves", async () => {
    const [port] = await freePorts(1);
    cluster = startOwnCluster(port);
    database = await openDatabase({ databaseUrl: cluster.url, dataDir: ":memory:" });
    // Its own database and no Redis: only PostgreSQL goes away here.
    const config = testConfig({}, { ...process.env, REDIS_URL: "", DATABASE_URL: cluster.url });
    nugget = await buildApp({ config, database });
    const app = nugget.app;
    const people: Auth[] = [];
    for (let i = 0; i < 4; i++) people.push((await registerByEmail(nugget)).auth);
    const author = await registerByEmail(nugget);
    const entries = await Promise.all([0, 1, 2, 3].map(() => makeEntry(database!.db, author.user.id)));

    let phase: "before" | "down" | "back" = "before";
    const seen: { phase: string; status: number; s: number | undefined }[] = [];
    let running = true;
    const worker = async (k: number) => {
      const auth = people[k];
      for (let n = 0; running; n++) {
        const entry = entries[(k + n) % entries.length];
        // The phase a request began in: one begun before the stop may still end well after it.
        const began = phase;
        const res =
          n % 3 === 0
            ? await app.inject({ method: "GET", url: "/api/v1/getUserInfo", headers: { ...auth } })
            : await app.inject({
                method: n % 2 ? "PUT" : "DELETE",
                url: `/api/user/like/entry/${entry.id}`,
                headers: { ...auth },
              });
        const body = res.headers["content-type"]?.toString().includes("json") ? res.json() : {};
        seen.push({ phase: began, status: res.statusCode, s: body.s });
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const load = [0, 1, 2, 3].map(worker);

    await new Promise((r) => setTimeout(r, 800));
    cluster.stop();
    phase = "down";
    await new Promise((r) => setTimeout(r, 2000));
    const stoppedAt = Date.now();
    cluster.start();
    phase = "back";
    // Back within 10 s: a signed-in read answers 200 again.
    let recoveredMs = -1;
    while (Date.now() - stoppedAt < 15_000) {
      const res = await app.inject({ method: "GET", url: "/api/v1/getUserInfo", headers: { ...people[0] } });
      if (res.statusCode === 200) {
        recoveredMs = Date.now() - stoppedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await Promise.all(load);

    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThan(10_000);
    const down = seen.filter((x) => x.phase === "down");
    expect(down.length).toBeGreaterThan(10);
    // Down: 503 with the envelope (or a refusal that needs no database: 429).
    expect(down.filter((x) => x.status !== 503 && x.status !== 429)).toEqual([]);
    expect(down.filter((x) => x.status === 503).every((x) => x.s === 503)).toBe(true);
    expect(seen.filter((x) => x.status >= 500 && x.status !== 503)).toEqual([]);
    expect(seen.filter((x) => x.phase === "before" && x.status === 200).length).toBeGreaterThan(0);
    // Nothing half-written: every like counter equals its rows.
    expect(await findCounterDrift(database.db)).toEqual([]);
  }, 90_000);
});
