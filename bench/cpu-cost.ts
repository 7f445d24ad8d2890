// npm run bench:cpu -- [--entries 1000000] [--requests 200] [--only name,name]
// (with NODE_ENV=production, as `npm run bench`)
//
// What one request costs the app's own process in CPU time, uncached: each path is asked `requests`
// times in turn through Fastify's inject (no sockets, no load generator), and the process's user +
// system CPU time over those requests is divided by their number. PostgreSQL's own time is not in it
// (another process); the wall time per request is printed beside it. Unlike req/s under load, CPU ms
// per request hardly moves when the machine is busy with other work, so two builds or two versions can
// be compared on a shared machine, and the figures feed a capacity estimate (instances per req/s).
// Reads the database `npm run bench` seeded (nugget_bench_<entries>); run that once first.
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { benchConfig } from "./config.ts";
import { measureCost } from "./cost.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "1000000" },
    requests: { type: "string", default: "200" },
    only: { type: "string" },
    "admin-url": { type: "string" },
  },
});
const REQUESTS = Number(args.requests);
const adminUrl =
  args["admin-url"] ?? process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/nugget_bench_${Number(args.entries)}`);

const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
const config = benchConfig(databaseUrl, "fatal");
const { app } = await buildApp({
  config: { ...config, pageCache: { ...config.pageCache, enabled: false }, searchRankingTtl: 0 },
  database,
  buildDir: process.env.NUGGET_BUILD_DIR ?? "build",
});

// The hottest column article, so its page has comments and likes like a real one.
const hottest = (await database.db.execute(
  "select id from entries where type = 'post' and status = 'published' order by rank_index desc limit 1" as never,
)) as unknown as { rows: { id: string }[] };
const article = hottest.rows[0].id;
const PATHS: [name: string, url: string][] = [
  ["explore page (SSR)", "/explore"],
  ["article page (SSR)", `/post/${article}`],
  ["feed JSON, 20 entries", "/api/get_entry_by_rank?limit=20"],
  ["search 前端性能", `/api/search?query=${encodeURIComponent("前端性能")}`],
];

const rows: string[] = [];
for (const [name, url] of PATHS) {
  if (args.only && !args.only.split(",").some((o) => name.includes(o))) continue;
  const { cpuMs, wallMs } = await measureCost(app, url, REQUESTS);
  rows.push(`| ${name} | ${cpuMs.toFixed(2)} | ${wallMs.toFixed(2)} |`);
}
console.log(`${REQUESTS} requests each, one at a time, app process only (PostgreSQL not counted)\n`);
console.log("| path | app CPU ms / request | wall ms / request |\n| --- | ---: | ---: |");
console.log(rows.join("\n"));
await app.close();
await database.close();
