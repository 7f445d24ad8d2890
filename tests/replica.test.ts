/**
 * The read replica (DATABASE_REPLICA_URL, ADR 012) against a real streaming replica of the test
 * cluster (.ci/run makes one on port 5433 and passes TEST_REPLICA_URL to this file only).
 *
 * Where a read went is proved by pausing the replica's replay: a row written on the primary then
 * exists there and not on the replica, so an answer that lacks it came from the replica and one
 * that has it came from the primary — neither can happen by accident.
 */
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { buildApp, type NuggetApp } from "../server/app.ts";
import { loadConfig, type Config } from "../server/config.ts";
import { REPLICA_STICKY_COOKIE } from "../server/plugins/read-routing.ts";
import { SESSION_COOKIE } from "../server/plugins/session.ts";
import { BUILD_DIR, built, uniqueIp } from "./support/app.ts";
import { call, registerByEmail } from "./support/client.ts";
import { makeEntry } from "./support/factories.ts";
import { pgliteTemplate } from "./support/pglite-template.ts";
import { until } from "./support/wait.ts";

const PRIMARY_URL = process.env.DATABASE_URL;
const REPLICA_URL = process.env.TEST_REPLICA_URL;
const WHY_SKIPPED = "needs DATABASE_URL and TEST_REPLICA_URL (a streaming replica of it; .ci/run makes one)";

async function replicaApp(
  url: string,
  overrides: Partial<Config> = {},
  buildDir?: string,
): Promise<NuggetApp> {
  const config = loadConfig(process.env, {
    devOutbox: true,
    logLevel: "silent",
    publicUrl: "http://nugget.test",
    databaseReplicaUrl: url,
    replicaMaxLagSeconds: 0,
    ...overrides,
  });
  config.pageCache = { ...config.pageCache, enabled: false };
  config.searchRankingTtl = 0;
  config.trackingRetentionDays = 0;
  config.counterRepair = false;
  const database = await openDatabase({ ...config, dataDir: ":memory:" });
  return buildApp({ config, database, buildDir });
}

async function closeApp(nugget: NuggetApp | undefined) {
  await nugget?.app.close();
  await nugget?.database.close();
}

/** A TCP relay in front of the replica that the test can cut and restore: a replica going away. */
async function relayTo(port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listenPort = 0;
  const start = async () => {
    server = net.createServer((inbound) => {
      const outbound = net.connect(port, "127.0.0.1");
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server!.listen(listenPort, "127.0.0.1", resolve));
    listenPort = (server!.address() as net.AddressInfo).port;
  };
  await start();
  return {
    port: listenPort,
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: start,
  };
}

describe.skipIf(!PRIMARY_URL || !REPLICA_URL)(`read replica (${WHY_SKIPPED})`, () => {
  let primary: pg.Client;
  let replica: pg.Client;
  let nugget: NuggetApp;
  let author: Awaited<ReturnType<typeof registerByEmail>>;

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    const done = await until(async () => {
      const r = await replica.query("select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok", [rows[0].lsn]);
      return r.rows[0].ok === true;
    }, 10_000);
    if (!done) throw new Error("the replica did not catch up within 10 s");
  }

  /** Runs `work` with the replica's replay paused (after it caught up), resuming whatever happens. */
  async function withReplayPaused<T>(work: () => Promise<T>): Promise<T> {
    await caughtUp();
    await replica.query("select pg_wal_replay_pause()");
    try {
      await until(
        async () =>
          (await replica.query("select pg_get_wal_replay_pause_state() as s")).rows[0].s === "paused",
        5000,
      );
      return await work();
    } finally {
      await replica.query("select pg_wal_replay_resume()");
    }
  }

  const anonymousGet = (url: string, headers: Record<string, string> = {}) =>
    call(nugget.app, "GET", url, { ip: uniqueIp(), headers });

  beforeAll(async () => {
    primary = new pg.Client({ connectionString: PRIMARY_URL });
    replica = new pg.Client({ connectionString: REPLICA_URL });
    await Promise.all([primary.connect(), replica.connect()]);
    // Left paused by a run that was killed midway, the replica would fail every test here.
    await replica.query("select pg_wal_replay_resume()").catch(() => undefined);
    nugget = await replicaApp(REPLICA_URL!);
    author = await registerByEmail(nugget);
  });
  afterAll(async () => {
    await replica?.query("select pg_wal_replay_resume()").catch(() => undefined);
    await closeApp(nugget);
    await primary?.end();
    await replica?.end();
  });

  it("is a real standby that refuses writes", async () => {
    expect((await replica.query("select pg_is_in_recovery() as r")).rows[0].r).toBe(true);
    await expect(replica.query("create table replica_write_probe (x int)")).rejects.toThrow(/read-only/);
    const ready = await call(nugget.app, "GET", "/readyz");
    expect([ready.status, ready.d.database, ready.d.replica]).toEqual([200, "ok", "ok"]);
  });

  it("answers anonymous reads — one entry, a feed — from the replica, and a write's own request from the primary", async () => {
    const entry = await withReplayPaused(async () => {
      // Written on the primary (no request around it: the primary), not yet replayed on the replica.
      const made = await makeEntry(nugget.database.db, author.auth.uid, { title: "只在主库上的条目" });
      const before = nugget.database.replica!.status().reads;

      const one = await anonymousGet(`/api/getEntry?entryId=${made.id}`);
      expect([one.status, one.s]).toEqual([404, 404]);
      const feed = await anonymousGet(`/api/get_entry_by_self?targetUid=${author.auth.uid}`);
      expect([feed.status, feed.s]).toEqual([200, 1]);
      expect(feed.d.list.map((e: { id: string }) => e.id)).not.toContain(made.id);
      expect(nugget.database.replica!.status().reads).toBeGreaterThan(before);

      // The same reads in a request that must read the primary (a browser that just wrote) see it.
      const sticky = { cookie: `${REPLICA_STICKY_COOKIE}=1` };
      const fromPrimary = await anonymousGet(`/api/getEntry?entryId=${made.id}`, sticky);
      expect([fromPrimary.status, fromPrimary.s, fromPrimary.d.title]).toEqual([200, 1, "只在主库上的条目"]);
      const feedFromPrimary = await anonymousGet(
        `/api/get_entry_by_self?targetUid=${author.auth.uid}`,
        sticky,
      );
      expect(feedFromPrimary.d.list.map((e: { id: string }) => e.id)).toContain(made.id);
      return made;
    });
    // Replayed: the replica answers it too.
    expect(
      await until(async () => (await anonymousGet(`/api/getEntry?entryId=${entry.id}`)).s === 1, 10_000),
    ).toBe(true);
  });

  it.skipIf(!built)("renders an anonymous entry page from the replica (npm run build first)", async () => {
    const site = await replicaApp(REPLICA_URL!, {}, BUILD_DIR);
    try {
      await withReplayPaused(async () => {
        const made = await makeEntry(site.database.db, author.auth.uid, { title: "页面只在主库上" });
        const page = (headers: Record<string, string> = {}) =>
          site.app.inject({ method: "GET", url: `/entry/${made.id}`, headers, remoteAddress: uniqueIp() });
        // The replica has not replayed it: the "unknown article" placeholder, 404.
        const fromReplica = await page();
        expect(fromReplica.statusCode).toBe(404);
        expect(fromReplica.body).not.toContain("页面只在主库上");
        const fromPrimary = await page({ cookie: `${REPLICA_STICKY_COOKIE}=1` });
        expect(fromPrimary.statusCode).toBe(200);
        expect(fromPrimary.body).toContain("页面只在主库上");
      });
    } finally {
      await closeApp(site);
    }
  });

  it("reads a signed-in person's own change from the primary for a few seconds after it", async () => {
    const entry = await makeEntry(nugget.database.db, author.auth.uid);
    const reader = await registerByEmail(nugget);
    await withReplayPaused(async () => {
      const liked = await call(nugget.app, "PUT", `/api/user/like/entry/${entry.id}`, { auth: reader.auth });
      expect([liked.status, liked.s]).toEqual([200, 1]);
      // The change marks the browser for REPLICA_STICKY_SECONDS (5 by default).
      const mark = liked.cookies[REPLICA_STICKY_COOKIE];
      expect(mark).toBe("1");
      expect(String(liked.headers["set-cookie"])).toMatch(/nugget_rw=1; Max-Age=5; Path=\/; HttpOnly/);

      const asReader = (headers: Record<string, string> = {}) =>
        call(nugget.app, "GET", `/api/user/like/entry/${entry.id}`, { auth: reader.auth, headers });
      // With the mark: the primary, which has the like.
      const fresh = await asReader({ cookie: `${REPLICA_STICKY_COOKIE}=${mark}` });
      expect([fresh.status, fresh.s, fresh.d.liked, fresh.d.collectionCount]).toEqual([200, 1, true, 1]);
      // Without it (the mark expired): the replica, which has not replayed the like yet.
      const stale = await asReader();
      expect([stale.status, stale.s, stale.d.liked, stale.d.collectionCount]).toEqual([200, 1, false, 0]);
    });
  });

  it("marks a browser that has just logged in, so its first pages find the new session", async () => {
    const r = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: author.email, password: author.password },
      ip: uniqueIp(),
    });
    expect(r.s).toBe(1);
    expect(r.cookies[SESSION_COOKIE]).toBeTruthy();
    expect(r.cookies[REPLICA_STICKY_COOKIE]).toBe("1");
    // An anonymous request that signs nobody in does not: anonymous readers stay on the replica.
    const failed = await call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: author.email, password: "wrong-password" },
      ip: uniqueIp(),
    });
    expect(failed.s).not.toBe(1);
    expect(failed.cookies[REPLICA_STICKY_COOKIE]).toBeUndefined();
  });

  it("writes a GET's counted view to the primary (in the next batch), never to the replica", async () => {
    const entry = await makeEntry(nugget.database.db, author.auth.uid);
    await caughtUp();
    const { reads, misrouted } = nugget.database.replica!.status();
    const viewed = await anonymousGet(`/api/getEntryView?entryId=${entry.id}`);
    expect([viewed.status, viewed.s, viewed.d.counted]).toEqual([200, 1, true]);
    await nugget.services.entries.views.flush();
    const { rows } = await primary.query("select views_count as n from entries where id = $1", [entry.id]);
    expect(rows[0].n).toBe(1);
    // The entry was read on the replica, the view written on the primary: nothing the replica refused.
    expect(nugget.database.replica!.status().reads).toBeGreaterThan(reads);
    expect(nugget.database.replica!.status().misrouted).toBe(misrouted);
  });

  it("sends reads to the primary while the replica lags more than REPLICA_MAX_LAG_SECONDS", async () => {
    const lagging = await replicaApp(REPLICA_URL!, { replicaMaxLagSeconds: 1 });
    try {
      await withReplayPaused(async () => {
        const made = await makeEntry(lagging.database.db, author.auth.uid);
        await new Promise((r) => setTimeout(r, 1500));
        expect(await lagging.database.replica!.check()).toBe("lagging");
        const r = await call(lagging.app, "GET", `/api/getEntry?entryId=${made.id}`, { ip: uniqueIp() });
        expect([r.status, r.s]).toEqual([200, 1]);
        const ready = await call(lagging.app, "GET", "/readyz");
        expect([ready.status, ready.d.replica]).toEqual([200, "lagging"]);
        expect(ready.d.replicaLagSeconds).toBeGreaterThan(1);
      });
      await caughtUp();
      expect(await lagging.database.replica!.check()).toBe("ok");
    } finally {
      await closeApp(lagging);
    }
  });

  it("keeps answering from the primary when the replica goes away, and uses it again when it is back", async () => {
    const relay = await relayTo(Number(new URL(REPLICA_URL!).port || 5432));
    const url = new URL(REPLICA_URL!);
    url.port = String(relay.port);
    const flaky = await replicaApp(url.toString());
    try {
      const entry = await makeEntry(flaky.database.db, author.auth.uid);
      await caughtUp();
      const get = () => call(flaky.app, "GET", `/api/getEntry?entryId=${entry.id}`, { ip: uniqueIp() });
      expect((await get()).s).toBe(1);
      expect(flaky.database.replica!.status().state).toBe("ok");

      await relay.cut();
      // The read in flight when it goes: retried on the primary, not an error.
      const started = Date.now();
      for (let i = 0; i < 3; i++) expect([(await get()).status, (await get()).s]).toEqual([200, 1]);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(flaky.database.replica!.status().state).toBe("down");
      const feed = await call(flaky.app, "GET", `/api/get_entry_by_self?targetUid=${author.auth.uid}`);
      expect([feed.status, feed.s]).toEqual([200, 1]);
      const ready = await call(flaky.app, "GET", "/readyz");
      expect([ready.status, ready.d.database, ready.d.replica]).toEqual([200, "ok", "down"]);

      await relay.restore();
      expect(await flaky.database.replica!.check()).toBe("ok");
      const reads = flaky.database.replica!.status().reads;
      expect((await get()).s).toBe(1);
      expect(flaky.database.replica!.status().reads).toBeGreaterThan(reads);
    } finally {
      await closeApp(flaky);
      await relay.cut().catch(() => undefined);
    }
  });

  it("starts and serves with the replica unreachable from the start", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const url = new URL(REPLICA_URL!);
    url.port = String(closed);
    const orphan = await replicaApp(url.toString());
    try {
      expect(orphan.database.replica!.status().state).toBe("down");
      const entry = await makeEntry(orphan.database.db, author.auth.uid);
      const r = await call(orphan.app, "GET", `/api/getEntry?entryId=${entry.id}`, { ip: uniqueIp() });
      expect([r.status, r.s]).toEqual([200, 1]);
      const ready = await call(orphan.app, "GET", "/readyz");
      expect([ready.status, ready.d.replica, ready.d.replicaLagSeconds]).toEqual([200, "down", null]);
    } finally {
      await closeApp(orphan);
    }
  });
});

describe.skipIf(!!PRIMARY_URL)("read replica on PGlite", () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it("is ignored: the embedded database has no replicas", async () => {
    database = await openDatabase({
      dataDir: ":memory:",
      template: pgliteTemplate(),
      databaseReplicaUrl: "postgres://postgres@127.0.0.1:5433/test",
    });
    expect(database.kind).toBe("pglite");
    expect(database.replica).toBeUndefined();
  });
});
