// npm run bench -- [--entries 1000000] [--duration 10] [--connections 50] [--only name,name,publishing]
//                  [--warmup 2] [--publishing no] [--generator autocannon|wrk] [--pin]
//                  [--encoding "gzip, deflate, br"] (the Accept-Encoding sent; "identity" for none)
// (with NODE_ENV=production, so React renders with its production build as a deployment does)
//
// Load and latency of the read paths that must stay fast at scale, against PostgreSQL:
// explore (popular and newest, first page and 50th page by pointer), a tag feed, the SSR pages of
// explore and of an article, and search. Every scenario is also printed as a ratio to a bare Fastify
// JSON route measured in the same run, and the app runs twice: with the anonymous page cache (as
// deployed) and without it (what a logged-in reader or a cache miss costs), each on its own port. It seeds a database of its own once (sized by --entries,
// users and the rest in proportion), keeps it for later runs, then prints the EXPLAIN of each feed
// query and p50/p99 latency and throughput under concurrent load (autocannon over loopback).
//
// The database is named after its size and kept: openDatabase migrates it forward like any deployment,
// so a schema change does not cost a fresh million-entry seed.
// BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to CREATE DATABASE.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execSync, fork, type ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { eq, fillPlaceholders } from "drizzle-orm";
import { users } from "../db/schema/index.ts";
import { CREATE_RUM_INDEX, openDatabase } from "../db/client.ts";
import { ensureReferenceData } from "../db/reference-data.ts";
import { seed } from "../db/seed/seed.ts";
import { benchPublishing } from "./publish.ts";
import { wrkAvailable } from "./wrk.ts";
import { load, type LoadSettings, type Scenario } from "./load.ts";
import { buildApp } from "../server/app.ts";
import { benchConfig, SEARCH_MIX } from "./config.ts";
import { benchReport, type Explained } from "./report.ts";
import { feedStatement, type FeedFilter } from "../server/services/entries/queries.ts";
import { decodePointer } from "../shared/pagination.ts";
import { hasRumIndex, RUM_INDEX } from "../server/services/search/queries.ts";
import { refreshChampionLists } from "../server/services/search-index/index.ts";
import type { Caller } from "../server/services/deps.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "1000000" },
    duration: { type: "string", default: "10" },
    /**
     * Seconds of the same load before each measured one, thrown away: the JIT has optimized the
     * path and the cache's copies exist by then, as on a server that has been up for a while.
     */
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    encoding: { type: "string", default: "gzip, deflate, br" },
    only: { type: "string" },
    /** "no" skips the publishing scenario (its 100,000 followers take minutes to make once). */
    publishing: { type: "string", default: "yes" },
    /** The load generator: autocannon, or wrk where pages must be read faster (bench/wrk.ts). */
    generator: { type: "string", default: "autocannon" },
    /**
     * The servers on every core but the last, the load generator alone on the last (PostgreSQL where
     * the scheduler puts it): on a small machine the generator otherwise takes the server's core.
     */
    pin: { type: "boolean", default: false },
    "admin-url": { type: "string" },
  },
});
const ENTRIES = Number(args.entries);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const ENCODING = args.encoding!;
const GENERATOR = args.generator === "wrk" ? "wrk" : "autocannon";
const CORES = os.cpus().length;
const SERVER_CORES = `0-${Math.max(0, CORES - 2)}`;
const GENERATOR_CORE = String(CORES - 1);
const loadSettings: LoadSettings = {
  generator: GENERATOR,
  connections: CONNECTIONS,
  duration: DURATION,
  warmup: WARMUP,
  encoding: ENCODING,
  cores: args.pin ? GENERATOR_CORE : undefined,
};
/** Puts a process and all its threads on these cores (util-linux taskset). */
const pin = (pid: number, cores: string) => execSync(`taskset -a -p -c ${cores} ${pid}`, { stdio: "ignore" });
if (args.pin) pin(process.pid, GENERATOR_CORE);
if (GENERATOR === "wrk" && !wrkAvailable())
  throw new Error("--generator wrk: no wrk on the PATH (apt-get install wrk)");
const ADMIN_URL =
  args["admin-url"] ?? process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

// One database per size, migrated forward by openDatabase (a new migration applies to it as it would
// to a deployment's) and seeded only while it has fewer entries than asked.
const dbName = `nugget_bench_${ENTRIES}`;
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const log = (...a: unknown[]) => console.error(...a);

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount;
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  await ensureReferenceData(database.db);
  const counted = (await database.db.execute(
    "select count(*)::int as n from entries" as never,
  )) as unknown as {
    rows: { n: number }[];
  };
  const n = counted.rows[0].n;
  if (n < ENTRIES) {
    log(`seeding ${dbName}: ${ENTRIES} entries (once; later runs reuse it)…`);
    // Maintaining the RUM index (made at startup by db/client.ts) slows the seed's bulk indexing
    // pass severalfold: it is built once afterwards, below.
    await database.db.execute(`drop index if exists ${RUM_INDEX}` as never);
    const started = Date.now();
    let lastPhase = "";
    const summary = await seed(database.db, {
      users: Math.max(100, Math.round(ENTRIES / 50)),
      entries: ENTRIES,
      comments: ENTRIES,
      pins: Math.round(ENTRIES / 20),
      seed: "bench",
      onProgress: ({ phase, done, total }) => {
        if (phase !== lastPhase || done === total) log(`  ${phase} ${done}/${total}`);
        lastPhase = phase;
      },
    });
    // seed() also builds the search index (server/services/search-index/index-entry.ts).
    await database.db.execute("vacuum analyze" as never);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s:`, JSON.stringify(summary));
  }
  await buildRumIndex();
  await buildChampionLists(database.db);
  return database;
}

/**
 * The champion lists of the frequent words (search-index/champions.ts), when there are none (a fresh
 * seed, or a database from before them): what the hourly search-champions job would build.
 */
async function buildChampionLists(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const counted = (await db.execute(
    "select count(*)::int as n from search_champion_words where bound >= 0" as never,
  )) as unknown as { rows: { n: number }[] };
  if (counted.rows[0].n) return;
  log("building search champion lists…");
  const started = Date.now();
  let done = 0;
  const built = await refreshChampionLists(db, {
    rum: await hasRumIndex(db),
    onWord: () => {
      if (++done % 100 === 0) log(`  ${done} words`);
    },
  });
  log(`built ${built.words} champion lists in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The RUM index, when the server has the extension and the index is missing (a fresh seed): built
 * here, in the foreground, before anything is measured. The app would build it concurrently in the
 * background and search with GIN meanwhile.
 */
async function buildRumIndex() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select exists (select 1 from pg_extension where extname = 'rum') as rum, to_regclass($1) is not null as built`,
      [RUM_INDEX],
    );
    if (!rows[0].rum || rows[0].built) return;
    log(`building ${RUM_INDEX}…`);
    const started = Date.now();
    await client.query("set maintenance_work_mem = '1GB'");
    await client.query(CREATE_RUM_INDEX);
    await client.query("analyze entry_search");
    log(`built ${RUM_INDEX} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

async function explain(name: string, database: Awaited<ReturnType<typeof openDatabase>>, f: FeedFilter) {
  const statement = feedStatement(database.db, f);
  const built = statement.query.getQuery();
  const q = { sql: built.sql, params: fillPlaceholders(built.params, statement.values) };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Warm once, then measure: the benchmark is about steady state, not a cold cache.
  await client.query(q.sql, q.params as unknown[]);
  const res = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[]);
  await client.end();
  const plan = res.rows.map((r) => r["QUERY PLAN"]).join("\n");
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return {
    name,
    ms,
    usesIndex: /Index (Only )?Scan/.test(plan),
    // A Sort node under the Limit means the index does not match the ORDER BY.
    sortsRows: /^\s*->\s+(Incremental )?Sort\b/m.test(plan) || /^\s*(Incremental )?Sort\b/m.test(plan),
    plan,
  } satisfies Explained;
}

/**
 * The heap cap `npm run serve` gives a deployed instance (package.json, README NUGGET_HEAP_MB), read
 * from the script itself with its default expanded as the shell would: one place says 384.
 */
function serveHeapFlags(): string[] {
  const serve = String(JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.serve);
  return serve
    .split(/\s+/)
    .filter((arg) => arg.startsWith("--max-old-space-size="))
    .map((arg) =>
      arg.replace(
        /\$\{(\w+):-(\w+)\}/g,
        (_, name: string, fallback: string) => process.env[name] || fallback,
      ),
    );
}

async function main() {
  if (!fs.existsSync(path.join(process.env.NUGGET_BUILD_DIR ?? "build", "server/index.js"))) {
    log("building the site…");
    execSync("npx react-router build", { stdio: "inherit" });
  }
  const database = await ensureDatabase();
  const anon: Caller = { userId: null, sessionId: null, ip: "127.0.0.1", userAgent: "bench" };
  const config = benchConfig(databaseUrl, "warn");
  // Services for finding pointers and sessions (no server here); the measured app is its own process.
  const nugget = await buildApp({ config, database });
  const servers = new Map<NonNullable<Scenario["target"]>, ChildProcess>();
  const startServer = (role: NonNullable<Scenario["target"]>, env: Record<string, string> = {}) => {
    const child = fork(path.join("bench", "serve.ts"), {
      execArgv: [...serveHeapFlags(), "--import", "tsx"],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_ROLE: role, ...env },
    });
    servers.set(role, child);
    if (args.pin) pin(child.pid!, SERVER_CORES);
    return new Promise<string>((resolve, reject) => {
      child.once("message", (m) => resolve((m as { url: string }).url));
      child.once("exit", (code) => reject(new Error(`bench ${role} server exited with ${code}`)));
    });
  };
  const [cachedUrl, uncachedUrl] = await Promise.all([startServer("cached"), startServer("uncached")]);
  const baseUrls = {
    cached: cachedUrl,
    uncached: uncachedUrl,
    bare: await startServer("bare", { BENCH_EXPLORE_URL: `${cachedUrl}/explore/all` }),
  };

  // Pointers of the 50th page, found by walking 49 pages through the service.
  const pointerAt = async (
    sort: "popular" | "newest",
    page: number,
    extra: Partial<FeedFilter> & { tag?: string } = {},
  ) => {
    let pointer: string | undefined;
    for (let i = 1; i < page; i++) {
      const r = await nugget.services.entries.feed({ sort, pointer, limit: 20, tag: extra.tag }, anon);
      pointer = r.pointer ?? undefined;
    }
    return pointer!;
  };
  // The popular list's first 100 pages, each by its pointer (page 1 has none).
  const popularPages: string[] = ["/api/get_entry_by_rank?limit=20"];
  for (let pointer: string | null | undefined, i = 1; i < 100; i++) {
    pointer = (
      await nugget.services.entries.feed({ sort: "popular", pointer: pointer ?? undefined, limit: 20 }, anon)
    ).pointer;
    if (!pointer) break;
    popularPages.push(`/api/get_entry_by_rank?limit=20&before=${encodeURIComponent(pointer)}`);
  }
  const popular50 = await pointerAt("popular", 50);
  const newest50 = await pointerAt("newest", 50);
  const sample = (await database.db.execute(
    `select (select id from tags order by entries_count desc limit 1) as tag,
            (select id from entries where type = 'post' and status = 'published' order by rank_index desc limit 1) as post,
            (select id from entries where type = 'article' and status = 'published' order by rank_index desc limit 1) as share` as never,
  )) as unknown as { rows: { tag: string; post: string; share: string }[] };
  const { tag, post, share } = sample.rows[0];
  // The busiest comment thread, a collection set with entries, the most active language, and the
  // demo author's login (for the notification list, which needs a session).
  const social = (await database.db.execute(
    `select (select id from entries where status = 'published' order by comments_count desc limit 1) as discussed,
            (select id from collection_sets order by entry_count desc limit 1) as cs,
            (select language from repos where language <> '' group by language order by count(*) desc limit 1) as lang,
            (select user_id from notifications group by user_id order by count(*) desc limit 1) as notified` as never,
  )) as unknown as {
    rows: { discussed: string; cs: string | null; lang: string | null; notified: string }[];
  };
  const { discussed, cs, lang, notified } = social.rows[0];
  // A session for the most-notified user, made through the service as a login would.
  const [notifiedRow] = await database.db.select().from(users).where(eq(users.id, notified));
  const session = await nugget.services.auth.startSession(notifiedRow, anon);
  const asNotified = { uid: notified, client: session.clientId, token: session.token };
  const tagNewest50 = await pointerAt("newest", 50, { tag });
  const tagPopular50 = await pointerAt("popular", 50, { tag });

  const base: FeedFilter = { sort: "popular", pointer: null, limit: 21 };
  const explained = [
    await explain("explore popular, page 1", database, base),
    await explain("explore popular, page 50", database, {
      ...base,
      pointer: decodePointer(popular50, "number"),
    }),
    await explain("explore newest, page 1", database, { ...base, sort: "newest" }),
    await explain("explore newest, page 50", database, {
      ...base,
      sort: "newest",
      pointer: decodePointer(newest50, "date"),
    }),
    await explain("tag newest, page 1", database, { ...base, sort: "newest", tagId: tag }),
    await explain("tag newest, page 50", database, {
      ...base,
      sort: "newest",
      tagId: tag,
      pointer: decodePointer(tagNewest50, "date"),
    }),
    await explain("tag popular, page 1", database, { ...base, tagId: tag }),
    await explain("tag popular, page 50", database, {
      ...base,
      tagId: tag,
      pointer: decodePointer(tagPopular50, "number"),
    }),
  ];

  // A reader with a session, for the per-viewer scenarios (liked flags, never cached).
  const [reader] = await database.db.select().from(users).where(eq(users.id, notified));
  const readerSession = await nugget.services.auth.startSession(reader, anon);
  const asReader = { uid: reader.id, client: readerSession.clientId, token: readerSession.token };
  // And many readers (up to 400), each with likes of their own somewhere.
  const manyReaders = await Promise.all(
    (await database.db.select().from(users).orderBy(users.id).limit(400)).map(async (user) => {
      const login = await nugget.services.auth.startSession(user, anon);
      return { uid: user.id, client: login.clientId, token: login.token };
    }),
  );
  const searchPaths = SEARCH_MIX.map((q) => `/api/search?query=${encodeURIComponent(q)}`);

  const scenarios: Scenario[] = (
    [
      { name: "bare Fastify JSON route", path: "/", target: "bare" },
      { name: "bare route sending the explore page's gzip bytes", path: "/explore-bytes", target: "bare" },
      { name: "explore page, cache hit (SSR)", path: "/explore/all" },
      { name: "article page, cache hit (SSR)", path: `/post/${post}` },
      { name: "explore popular p1, cache hit (API)", path: "/api/get_entry_by_rank?limit=20" },
      { name: "explore page, uncached (SSR)", path: "/explore/all", target: "uncached" },
      { name: "article page, uncached (SSR)", path: `/post/${post}`, target: "uncached" },
      {
        name: "explore page, logged in (SSR)",
        path: "/explore/all",
        headers: { cookie: `nugget_session=${readerSession.token}` },
        target: "uncached",
      },
      {
        name: "explore popular p1, logged in (API)",
        path: "/api/get_entry_by_rank?limit=20",
        headers: asReader,
      },
      {
        // The same list read by many readers on many pages, each pair once before any twice: the
        // reader's first read of a page asks the database for their likes on it (what the one reader
        // above asks only once per stored page, its answer remembered).
        name: "explore popular, many readers × 100 pages (API)",
        path: popularPages[0],
        paths: popularPages,
        headerSets: manyReaders,
      },
      {
        name: "search mix of 12, uncached (API)",
        path: searchPaths[0],
        paths: searchPaths,
        manyAddresses: true,
        target: "uncached",
      },
      {
        name: "search mix of 12, cached (API)",
        path: searchPaths[0],
        paths: searchPaths,
        manyAddresses: true,
      },
      { name: "explore popular p1 (API)", path: "/api/get_entry_by_rank?limit=20", target: "uncached" },
      {
        name: "explore popular p50 (API)",
        path: `/api/get_entry_by_rank?limit=20&before=${encodeURIComponent(popular50)}`,
      },
      { name: "explore newest p1 (API)", path: "/api/get_entry_by_timeline?limit=20" },
      {
        name: "explore newest p50 (API)",
        path: `/api/get_entry_by_timeline?limit=20&before=${encodeURIComponent(newest50)}`,
      },
      { name: "tag feed newest p1 (API)", path: `/api/entries?sort=newest&tag=${tag}` },
      {
        name: "tag feed newest p50 (API)",
        path: `/api/entries?sort=newest&tag=${tag}&pointer=${encodeURIComponent(tagNewest50)}`,
      },
      { name: "tag feed popular p1 (API)", path: `/api/entries?sort=popular&tag=${tag}` },
      {
        name: "tag feed popular p50 (API)",
        path: `/api/entries?sort=popular&tag=${tag}&pointer=${encodeURIComponent(tagPopular50)}`,
      },
      { name: "shared link page (SSR)", path: `/entry/${share}` },
      {
        name: "search 前端性能 (API)",
        path: `/api/search?query=${encodeURIComponent("前端性能")}`,
        manyAddresses: true,
      },
      { name: "comments of the busiest entry (API)", path: `/api/comments/entry/${discussed}?pageSize=20` },
      { name: "pins feed (API)", path: "/api/pins?limit=20" },
      {
        name: "notifications of the most-notified user (API)",
        path: "/api/getUserNotification",
        headers: asNotified,
      },
      { name: "collections home (API)", path: "/api/homeCollectionSet?page=0&rankType=hot" },
      ...(cs
        ? [{ name: "collection set entries (API)", path: `/api/getCollectionSetEntries?csId=${cs}&page=0` }]
        : []),
      ...(lang
        ? [
            {
              name: "repo trending (API)",
              path: `/api/get_trending?since=weekly&lang=${encodeURIComponent(lang)}`,
            },
          ]
        : []),
      { name: "booklets list (API)", path: "/api/booklets/getList" },
    ] satisfies Scenario[] as Scenario[]
  )
    // The lists below the first rows measure their queries: the app without the page cache.
    .map((s, i) => (i > 11 && !s.target ? { ...s, target: "uncached" as const } : s))
    .filter((s) => !args.only || args.only.split(",").some((o) => s.name.includes(o)));

  const results: Awaited<ReturnType<typeof load>>[] = [];
  for (const s of scenarios) {
    log(`load: ${s.name}`);
    results.push(await load(loadSettings, baseUrls, s));
  }
  // Last: it writes (and removes again) a million notifications.
  log("publishing: an author with 100,000 followers and one with none");
  const wantPublishing =
    args.publishing !== "no" && (!args.only || args.only.split(",").includes("publishing"));
  const publishing = wantPublishing ? await benchPublishing(nugget) : null;
  // Each server's peak RSS: one app instance as deployed ("cached"), one without its cache.
  const peakRss: Partial<Record<NonNullable<Scenario["target"]>, number>> = {};
  for (const [role, child] of servers) {
    peakRss[role] = await new Promise<number>((resolve) => {
      child.once("message", (m) => resolve((m as { peakRss: number }).peakRss));
      child.send("stop");
    });
  }
  await nugget.app.close();
  await database.close();
  const report = benchReport({
    database: dbName,
    entries: ENTRIES,
    setup: `${CONNECTIONS} connections, ${DURATION} s a scenario after ${WARMUP} s of the same load unmeasured, Accept-Encoding: ${ENCODING}, load from ${GENERATOR}${args.pin ? ` pinned to core ${GENERATOR_CORE}, the servers to cores ${SERVER_CORES}` : ""}`,
    results,
    explained,
    peakRss,
    publishing,
  });
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/latest.md", report);
  console.log(report);
  const bad = explained.filter((e) => !e.usesIndex || e.sortsRows);
  if (bad.length) {
    console.error("feed queries without a matching index:", bad.map((b) => b.name).join(", "));
    process.exitCode = 1;
  }
}

await main();
