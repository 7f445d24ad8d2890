// npm run capacity -- [--entries 20000,100000] [--requests 150] [--out docs/CAPACITY.md]
// (with NODE_ENV=production, as `npm run bench`)
//
// A capacity plan by measurement: what one request of each hot path costs (the app's CPU
// time, and its wall time one at a time, the rest of which is PostgreSQL), what one row of each table
// that grows costs on disk, both read off the databases `npm run bench` seeded (nugget_bench_<entries>;
// run `npm run bench -- --entries N` once first), then projected to 1M, 10M and 100M page views a day
// and 10k, 100k and 1M writes an hour under the traffic model written below. With two sizes, every
// path's cost is also printed as the ratio of the larger database to the smaller (how cost grows with
// data). The model's numbers are assumptions, named and kept in one table, so they can be argued with.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { buildApp } from "../server/app.ts";
import type { Caller } from "../server/services/deps.ts";
import { benchConfig } from "./config.ts";
import { measureCost } from "./cost.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "20000" },
    requests: { type: "string", default: "150" },
    out: { type: "string" },
    /** A line about the run's conditions (another load on the machine, say), printed under the header. */
    note: { type: "string" },
    "admin-url": { type: "string" },
  },
});
const SIZES = args.entries!.split(",").map(Number);
const REQUESTS = Number(args.requests);
const adminUrl =
  args["admin-url"] ?? process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const urlOf = (entries: number) => adminUrl.replace(/\/[^/]*$/, `/nugget_bench_${entries}`);
const log = (...a: unknown[]) => console.error(...a);

/** What one request of a path costs, one at a time through inject. */
interface PathCost {
  name: string;
  /** The app process's CPU (user + system) per request. */
  cpuMs: number;
  /** Wall time per request: app CPU plus waiting, mostly on PostgreSQL. */
  wallMs: number;
  /** PostgreSQL's CPU per request, measured where it runs on this machine (bench/cost.ts). */
  dbMs: number | null;
}

/** Bytes on disk (table, TOAST and indexes, every partition) per row of a table that grows. */
interface TableCost {
  table: string;
  rows: number;
  bytes: number;
}

const GROWING = [
  "entries",
  "entry_search",
  "entry_tags",
  "entry_likes",
  "comments",
  "comment_likes",
  "pins",
  "pin_likes",
  "follows",
  "notifications",
  "tracking_events",
  "users",
  "sessions",
] as const;

async function rowsOf(database: Database, text: string) {
  return ((await database.db.execute(text as never)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function tableCosts(database: Database): Promise<TableCost[]> {
  const out: TableCost[] = [];
  for (const table of GROWING) {
    const exists = await rowsOf(database, `select to_regclass('${table}') is not null as ok`);
    if (!exists[0]!.ok) continue;
    const [size] = await rowsOf(
      database,
      // pg_partition_tree has no rows for a table that is not partitioned.
      `select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree('${table}')),
                       pg_total_relation_size('${table}'))::float8 as bytes`,
    );
    const [count] = await rowsOf(database, `select count(*)::float8 as n from ${table}`);
    out.push({ table, rows: Number(count!.n), bytes: Number(size!.bytes) });
  }
  return out;
}

async function pathCosts(database: Database, databaseUrl: string): Promise<PathCost[]> {
  const config = benchConfig(databaseUrl, "fatal");
  const cached = await buildApp({
    config: { ...config, pageCache: { ...config.pageCache, enabled: true } },
    database,
    buildDir: process.env.NUGGET_BUILD_DIR ?? "build",
  });
  const uncached = await buildApp({
    config: { ...config, pageCache: { ...config.pageCache, enabled: false }, searchRankingTtl: 0 },
    database,
    buildDir: process.env.NUGGET_BUILD_DIR ?? "build",
  });
  const [post] = await rowsOf(
    database,
    "select id, user_id from entries where type = 'post' and status = 'published' order by rank_index desc limit 1",
  );
  const anon: Caller = { userId: null, sessionId: null, ip: "127.0.0.1", userAgent: "capacity" };
  const [reader] = await database.db
    .select()
    .from(users)
    .where(eq(users.id, String(post!.user_id)));
  const session = await uncached.services.auth.startSession(reader!, anon);
  const signedIn = { cookie: `nugget_session=${session.token}` };
  const paths: [string, typeof cached, string, Record<string, string>?][] = [
    ["page, anonymous cache hit", cached, "/explore/all"],
    ["page, uncached SSR (signed in or miss)", uncached, "/explore/all", signedIn],
    ["article page, uncached SSR", uncached, `/post/${post!.id}`],
    ["feed JSON, signed in", uncached, "/api/get_entry_by_rank?limit=20", signedIn],
    ["feed JSON, anonymous uncached", uncached, "/api/get_entry_by_rank?limit=20"],
    ["search 前端性能, uncached", uncached, `/api/search?query=${encodeURIComponent("前端性能")}`],
    ["view counted (getEntryView)", uncached, `/api/getEntryView?entryId=${post!.id}`],
    ["notifications page JSON", uncached, "/api/getUserNotification?limit=20", signedIn],
  ];
  const out: PathCost[] = [];
  for (const [name, target, url, headers] of paths) {
    out.push({ name, ...(await measureCost(target.app, url, REQUESTS, headers)) });
  }
  await cached.app.close();
  await uncached.app.close();
  return out;
}

// ---- The traffic model: assumptions, in one place ----

/** Busiest hour over the day's average (a Chinese developer site peaks around 10:00 and 21:00). */
const PEAK = 3;
/** Requests per page view, by path (the rest of a page view is static files: nginx/CDN). */
const MIX: [path: string, perPageView: number][] = [
  ["page, anonymous cache hit", 0.8], // 90% of views anonymous, ~90% of those hit the cache
  ["page, uncached SSR (signed in or miss)", 0.2], // signed-in readers, and anonymous misses
  ["feed JSON, signed in", 0.3], // scrolling a feed fetches the next page
  ["feed JSON, anonymous uncached", 0.1], // anonymous JSON misses (hits cost as little as a page hit)
  ["view counted (getEntryView)", 0.5], // half of all page views are of an entry
  ["search 前端性能, uncached", 0.03],
  ["notifications page JSON", 0.02],
];
/** A 2-vCPU app instance is kept below this share of its CPU at the peak. */
const INSTANCE_CPU = 2 * 0.6;
/** What one write an hour is, by table: rows added per write of each kind. */
const WRITE_MIX: [kind: string, share: number, rows: Partial<Record<(typeof GROWING)[number], number>>][] = [
  ["like", 0.45, { entry_likes: 1, notifications: 0.5 }],
  ["comment", 0.25, { comments: 1, notifications: 1 }],
  ["follow", 0.1, { follows: 1, notifications: 1 }],
  ["pin", 0.1, { pins: 1 }],
  // An entry: its row, search document and tags, and one notification per follower up to
  // FAN_OUT_ON_READ_FOLLOWERS (the mean author has ~50 followers; big ones broadcast one row).
  ["entry", 0.1, { entries: 1, entry_search: 1, entry_tags: 3, notifications: 50 }],
];
/** Tracking beacons (rows in tracking_events) per page view, kept TRACKING_RETENTION_DAYS (180). */
const BEACONS_PER_VIEW = 1.5;
const TRACKING_DAYS = 180;
/** A view-window key in Redis (`view:<entry>:<viewer>`, its value and expiry, Redis's overhead). */
const VIEW_KEY_BYTES = 120;
/** One PostgreSQL primary on a 16-core machine is kept below this many busy cores. */
const PRIMARY_CORES = 16 * 0.6;

const fmt = (n: number, digits = 0) =>
  n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(digits || (n < 10 ? 1 : 0));
const gb = (bytes: number) =>
  bytes < 1e9
    ? `${fmt(bytes / 1e6, 1)} MB`
    : `${bytes / 1e9 < 10 ? (bytes / 1e9).toFixed(1) : fmt(bytes / 1e9)} GB`;

/** Too few rows say nothing per row (a table's first pages and its indexes' roots dominate). */
const bytesPerRow = (t: TableCost) => (t.rows >= 1000 ? t.bytes / t.rows : 0);

function project(costs: PathCost[], tables: TableCost[]) {
  const cost = new Map(costs.map((c) => [c.name, c]));
  const perRow = new Map(tables.map((t) => [t.table, bytesPerRow(t)]));
  const lines: string[] = [];
  lines.push(
    "| page views a day | peak req/s (app) | app CPU cores | 2-vCPU instances | PostgreSQL busy cores | tracking_events kept | Redis: view windows |",
  );
  lines.push("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const reads: { views: number; dbCores: number }[] = [];
  for (const views of [1e6, 1e7, 1e8]) {
    const peakViews = (views / 86400) * PEAK;
    let reqs = 0;
    let cpu = 0;
    let db = 0;
    for (const [path, per] of MIX) {
      const c = cost.get(path)!;
      const rate = peakViews * per;
      reqs += rate;
      cpu += (rate * c.cpuMs) / 1000;
      // PostgreSQL's CPU as measured; where it could not be (a server elsewhere), wall time less
      // the app's CPU, one request at a time (PostgreSQL's time and a little waiting).
      db += (rate * (c.dbMs ?? Math.max(0, c.wallMs - c.cpuMs))) / 1000;
    }
    // One key per counted (viewer, entry) pair, alive 30 minutes: the peak half hour's entry views.
    const viewKeys = peakViews * 0.5 * 1800 * VIEW_KEY_BYTES;
    const tracking = views * BEACONS_PER_VIEW * TRACKING_DAYS * (perRow.get("tracking_events") ?? 0);
    reads.push({ views, dbCores: db });
    lines.push(
      `| ${fmt(views / 1e6)}M | ${fmt(reqs)} | ${fmt(cpu, 1)} | ${Math.max(2, Math.ceil(cpu / INSTANCE_CPU))} | ${fmt(db, 1)} | ${gb(tracking)} | ${gb(viewKeys)} |`,
    );
  }
  lines.push("");
  lines.push("| writes an hour | rows a month | storage growth a month | of which notifications |");
  lines.push("| ---: | ---: | ---: | ---: |");
  for (const writes of [1e4, 1e5, 1e6]) {
    let rows = 0;
    let bytes = 0;
    let notif = 0;
    for (const [, share, adds] of WRITE_MIX) {
      for (const [table, n] of Object.entries(adds)) {
        const r = writes * 24 * 30 * share * n!;
        rows += r;
        bytes += r * (perRow.get(table) ?? 0);
        if (table === "notifications") notif += r * (perRow.get(table) ?? 0);
      }
    }
    lines.push(`| ${fmt(writes / 1000)}k | ${fmt(rows / 1e6, 1)}M | ${gb(bytes)} | ${gb(notif)} |`);
  }
  return { table: lines.join("\n"), reads };
}

// ---- Measure, then write ----

const measured: { entries: number; costs: PathCost[]; tables: TableCost[] }[] = [];
for (const entries of SIZES) {
  const databaseUrl = urlOf(entries);
  log(`measuring nugget_bench_${entries}…`);
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  const tables = await tableCosts(database);
  const costs = await pathCosts(database, databaseUrl);
  await database.close();
  measured.push({ entries, costs, tables });
}
const largest = measured.at(-1)!;
const { table: projection, reads } = project(largest.costs, largest.tables);
const commandLine = `npm run capacity -- --entries ${args.entries} --requests ${REQUESTS}`;

const doc: string[] = [];
doc.push("# Capacity plan");
doc.push("");
doc.push(
  `Generated by \`${commandLine}\` on ${new Date().toISOString().slice(0, 10)} (bench/capacity.ts; ` +
    `the databases are the ones \`npm run bench -- --entries N\` seeds). Machine: 2 vCPU, PostgreSQL on the ` +
    "same machine; per-request costs are one request at a time, so they do not depend on the load the " +
    "machine was under as much as throughput does. Everything below the measurements is arithmetic on " +
    "them and on the model's assumptions, which are listed in bench/capacity.ts (MIX, WRITE_MIX, PEAK).",
);
if (args.note) doc.push("", args.note);
doc.push("");
doc.push("## Per-request cost");
doc.push("");
const header = measured
  .map((m) => `${fmt(m.entries / 1000)}k entries: app CPU / PostgreSQL CPU / wall ms`)
  .join(" | ");
doc.push(`| path | ${header} |${measured.length > 1 ? " wall, largest ÷ smallest |" : ""}`);
doc.push(`| --- |${measured.map(() => " ---: |").join("")}${measured.length > 1 ? " ---: |" : ""}`);
for (const [i, c] of largest.costs.entries()) {
  const cells = measured.map(({ costs: { [i]: m } }) =>
    [m!.cpuMs, m!.dbMs, m!.wallMs].map((ms) => (ms === null ? "—" : ms.toFixed(2))).join(" / "),
  );
  const ratio = measured.length > 1 ? ` ${(c.wallMs / measured[0]!.costs[i]!.wallMs).toFixed(2)}× |` : "";
  doc.push(`| ${c.name} | ${cells.join(" | ")} |${ratio}`);
}
doc.push("");
doc.push("## Bytes per row (table, TOAST and indexes, every partition)");
doc.push("");
doc.push(`| table | rows at ${fmt(largest.entries / 1000)}k entries | total | bytes / row |`);
doc.push("| --- | ---: | ---: | ---: |");
for (const t of largest.tables) {
  doc.push(
    `| ${t.table} | ${fmt(t.rows)} | ${gb(t.bytes)} | ${bytesPerRow(t) ? fmt(bytesPerRow(t)) : "— (too few rows)"} |`,
  );
}
doc.push("");
doc.push("## Projection");
doc.push("");
doc.push(projection);
doc.push("");
doc.push("## What breaks first, and what to do then");
doc.push("");
for (const r of reads) {
  const step = `${fmt(r.views / 1e6)}M page views a day`;
  if (r.dbCores <= PRIMARY_CORES / 4) {
    doc.push(
      `- **${step}**: PostgreSQL needs ~${fmt(r.dbCores, 1)} busy cores: one primary with room. The first limit is ` +
        "the app's CPU for uncached renders: add instances (stateless; the page cache in Redis is shared).",
    );
  } else if (r.dbCores <= PRIMARY_CORES) {
    doc.push(
      `- **${step}**: ~${fmt(r.dbCores, 1)} busy PostgreSQL cores: still one primary, but move reads to ` +
        "replicas now (DATABASE_REPLICA_URL, ADR 012) so the primary keeps its headroom for writes and for " +
        "the fan-out and flush jobs; notifications and tracking are already partitioned by month.",
    );
  } else {
    doc.push(
      `- **${step}**: ~${fmt(r.dbCores, 1)} busy PostgreSQL cores is more than one primary gives: reads on ` +
        `${Math.ceil(r.dbCores / PRIMARY_CORES)}+ replicas first; when writes alone outgrow the primary, ` +
        "distribute by user (Citus: users, follows, notifications, sessions co-located by user id; entries " +
        "and their likes and comments by entry id), and move search to a dedicated cluster (its uncached " +
        "cost is the largest per request).",
    );
  }
}
doc.push("");
const text = doc.join("\n") + "\n";
if (args.out) fs.writeFileSync(args.out, text);
process.stdout.write(text);
process.exit(0);
