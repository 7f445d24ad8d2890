// NODE_ENV=production node --import tsx bench/sse.ts [--streams 10000] [--redis redis://127.0.0.1:6379]
//
// Live unread counts at scale: one app instance holds --streams open event streams
// (GET /api/notifications/stream, one bench user each) and an admin posts a system notification,
// which changes everyone's counts. Reported: the app's extra RSS for the open streams (target ≤ 200 MB
// for 10,000) and the time from the post until every stream has received its new counts (target
// ≤ 1 s). Memory is read twice while the streams are held, each time after a forced full GC: 10 s
// after opening (SSE_BENCH_SETTLE_MS), when V8 may not yet have given back what the opening storm
// used, and in the steady state 30 s after opening (SSE_BENCH_STEADY_MS), which is what holding
// the streams costs, against the app idle as long before; then once more after the push. The app
// runs in a child process (its memory is its own; the 10,000 client sockets live here), against
// PostgreSQL, with the signals through PostgreSQL LISTEN/NOTIFY, or Redis with --redis.
//
// The database `nugget_bench_sse` is made once (BENCH_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, must be allowed to CREATE DATABASE) and keeps its bench
// users and sessions; each run adds one system notification.
import http from "node:http";
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, "/nugget_bench_sse");
const token = (i: number) => `bench-sse-token-${i}`;
const userId = (i: number) => `ss${String(i).padStart(22, "0")}`;
const log = (...a: unknown[]) => console.error(...a);
const mb = (bytes: number) => Math.round(bytes / 1048576);

type FromChild = { url: string } | { rss: number; heap: number; streams: number };

// ---- the app process -------------------------------------------------------------------------
if (process.env.SSE_BENCH_CHILD) {
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  const config = loadConfig(process.env, {
    databaseUrl,
    redisUrl: process.env.SSE_BENCH_REDIS || undefined,
    logLevel: "fatal",
    devOutbox: true,
    mailDigests: false,
    counterRepair: false,
    trackingRetentionDays: 0,
  });
  const nugget = await buildApp({ config, database });
  const url = await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  const send = (m: FromChild) => process.send!(m);
  process.on("message", (m: string) => {
    if (m === "rss") {
      globalThis.gc?.();
      globalThis.gc?.();
      const m = process.memoryUsage();
      send({ rss: m.rss, heap: m.heapUsed, streams: nugget.services.notifications.liveStreams() });
    }
    if (m === "stop") void nugget.app.close().then(() => process.exit(0));
  });
  send({ url });
} else {
  await main();
}

// ---- the load side ---------------------------------------------------------------------------
async function main() {
  const { values: args } = parseArgs({
    options: { streams: { type: "string", default: "10000" }, redis: { type: "string" } },
  });
  const N = Number(args.streams);

  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'nugget_bench_sse'");
  if (!exists.rowCount) await admin.query("create database nugget_bench_sse");
  await admin.end();

  // N readers and one admin (index 0), each with a session whose token is known here.
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  const db = database.db;
  await db.execute(sql`
    insert into users (id, username, email, role)
    select 'ss' || lpad(i::text, 22, '0'), 'bench_sse_' || i, 'bench_sse_' || i || '@bench.invalid',
           case when i = 0 then 'admin' else 'user' end
      from generate_series(0, ${N}) as i
    on conflict do nothing`);
  await db.execute(sql`
    insert into sessions (id, user_id, client_id, token_hash, expires_at)
    select 'se' || lpad(i::text, 22, '0'), 'ss' || lpad(i::text, 22, '0'), 'bench',
           encode(sha256(convert_to('bench-sse-token-' || i, 'UTF8')), 'hex'), now() + interval '30 days'
      from generate_series(0, ${N}) as i
    on conflict (id) do update set expires_at = excluded.expires_at`);
  await database.close();

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, SSE_BENCH_CHILD: "1", SSE_BENCH_REDIS: args.redis ?? "" },
    execArgv: ["--import", "tsx", "--expose-gc"],
  });
  const fromChild = () =>
    new Promise<FromChild>((resolve) => child.once("message", (m) => resolve(m as FromChild)));
  const { url } = (await fromChild()) as { url: string };
  const { hostname, port } = new URL(url);
  const rss = async () => {
    child.send("rss");
    return (await fromChild()) as { rss: number; heap: number; streams: number };
  };

  /** Per stream: when each counts event arrived. */
  const arrivals: number[][] = [];
  const sockets: http.ClientRequest[] = [];
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const times: number[] = [];
      arrivals.push(times);
      const req = http.get(
        {
          hostname,
          port,
          path: "/api/notifications/stream",
          agent: false,
          headers: { uid: userId(i), client: "bench", token: token(i) },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${i}: HTTP ${res.statusCode}`));
          res.setEncoding("utf8");
          let tail = "";
          res.on("data", (chunk: string) => {
            tail += chunk;
            let cut: number;
            while ((cut = tail.indexOf("\n\n")) >= 0) {
              if (tail.startsWith("event: counts")) {
                times.push(performance.now());
                if (times.length === 1) resolve();
              }
              tail = tail.slice(cut + 2);
            }
          });
        },
      );
      req.on("error", reject);
      sockets.push(req);
    });

  const settleMs = Number(process.env.SSE_BENCH_SETTLE_MS ?? 10_000);
  const steadyMs = Math.max(settleMs, Number(process.env.SSE_BENCH_STEADY_MS ?? 30_000));
  // Warm the app's code paths with a few streams, then measure from there: idle as long as the
  // steady reading below, so that what startup left to give back is not counted to the streams.
  await Promise.all([1, 2, 3].map(open));
  sockets.splice(0).forEach((s) => s.destroy());
  arrivals.length = 0;
  await new Promise((r) => setTimeout(r, steadyMs));
  const before = await rss();

  const opening = performance.now();
  for (let i = 1; i <= N; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, N - i + 1) }, (_, k) => open(i + k)));
  }
  const opened = performance.now() - opening;
  // Held, not just opened: what opening 10,000 at once left behind is collected and given back.
  const heldFor = async (ms: number) => {
    await new Promise((r) => setTimeout(r, Math.max(0, opening + opened + ms - performance.now())));
    return rss();
  };
  const after = await heldFor(settleMs);
  log(`${after.streams} streams open in ${Math.round(opened)} ms (first counts received by each)`);
  const perStream = (m: { heap: number }) => Math.round((m.heap - before.heap) / N);
  const report = (when: string, m: { rss: number; heap: number }) =>
    log(
      `${when}: app RSS ${mb(before.rss)} → ${mb(m.rss)} MB (+${mb(m.rss - before.rss)} MB), ` +
        `live JS heap +${mb(m.heap - before.heap)} MB (${perStream(m)} bytes a stream)`,
    );
  report(`${settleMs / 1000} s after opening`, after);
  const steady = await heldFor(steadyMs);
  report(`${steadyMs / 1000} s after opening (steady)`, steady);

  // The change: a system notification, everyone's system count moves.
  const posted = performance.now();
  const res = await fetch(`${url}/api/systemNotification`, {
    method: "POST",
    headers: { uid: userId(0), client: "bench", token: token(0), "content-type": "application/json" },
    body: JSON.stringify({ message: `压测系统通知 ${new Date().toISOString()}` }),
  });
  const answered = performance.now() - posted;
  if (!res.ok) throw new Error(`post: HTTP ${res.status} ${await res.text()}`);
  const deadline = Date.now() + 30_000;
  while (arrivals.some((t) => t.length < 2) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  const delays = arrivals
    .filter((t) => t.length >= 2)
    .map((t) => t[1] - posted)
    .sort((a, b) => a - b);
  const at = (p: number) => Math.round(delays[Math.min(delays.length - 1, Math.floor(delays.length * p))]);
  log(`system notification posted (answered in ${Math.round(answered)} ms)`);
  log(
    `pushed to ${delays.length} of ${arrivals.length} streams: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, all ${Math.round(delays.at(-1) ?? NaN)} ms`,
  );
  const peak = await rss();
  report("after the push", peak);

  console.log(
    JSON.stringify({
      streams: after.streams,
      bus: args.redis ? "redis" : "postgres",
      openMs: Math.round(opened),
      rssBeforeMb: mb(before.rss),
      rssAfterMb: mb(after.rss),
      extraRssMb: mb(after.rss - before.rss),
      heapBytesPerStream: perStream(after),
      steadyExtraRssMb: mb(steady.rss - before.rss),
      steadyHeapBytesPerStream: perStream(steady),
      rssAfterPushMb: mb(peak.rss),
      extraRssAfterPushMb: mb(peak.rss - before.rss),
      postAnsweredMs: Math.round(answered),
      pushP50Ms: at(0.5),
      pushP99Ms: at(0.99),
      pushAllMs: Math.round(delays.at(-1) ?? NaN),
      pushed: delays.length,
    }),
  );
  sockets.forEach((s) => s.destroy());
  child.send("stop");
  await new Promise((r) => child.once("exit", r));
}
