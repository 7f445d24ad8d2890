import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { retryConflicts } from "./conflict-retry.ts";
import { namedStatementClient } from "./named-statements.ts";
import { ensureAllMonthlyPartitions } from "./partitions.ts";
import { openReplica, routedDb, type Replica } from "./replica.ts";
import * as schema from "./schema/index.ts";

export { schema };
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: queries take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** Plain SQL with `$1…` parameters, as node-postgres takes it (pg-boss's `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null }>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Outside Drizzle, for libraries that bring their own SQL (the job queue): the whole database. */
  sql: SqlExecutor;
  /** The whole embedded database as a tar (PGlite only): tests start from a migrated copy. */
  dump?: () => Promise<Blob>;
  /** The connection pool's use now (PostgreSQL; PGlite is one connection): for /metrics. */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * The read replica (DATABASE_REPLICA_URL, PostgreSQL only; db/replica.ts): `db` then routes a
   * request's plain reads there when server/plugins/read-routing.ts allows it.
   */
  replica?: Replica;
  close(): Promise<void>;
}

/**
 * The same as `Database.sql`, inside a transaction (or on the database): a job enqueued through it
 * exists exactly when the transaction commits. Through Drizzle's public `execute`: the text is cut
 * at its `$n` markers and each becomes a parameter again. Not for text with `$` of its own
 * (dollar-quoted bodies): those run through `Database.sql`.
 */
/** As node-postgres sends a value: nothing is null, an object is its JSON (a jsonb parameter). */
function asParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (
    typeof value === "object" &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value) &&
    !Array.isArray(value)
  ) {
    return JSON.stringify(value);
  }
  return value;
}

export function sqlExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const query = sql.join(
        pieces.map((piece, i) =>
          i % 2 === 0 ? sql.raw(piece) : sql.param(asParameter(values[Number(piece) - 1])),
        ),
      );
      const result = (await tx.execute(query)) as unknown as { rows: unknown[]; rowCount?: number | null };
      return { rows: result.rows, rowCount: result.rowCount };
    },
  };
}

// drizzle-kit does not emit extensions, so they are created here, before the migrations that use them
// (trigram indexes for tag and user search). Idempotent.
const CREATE_EXTENSIONS = "CREATE EXTENSION IF NOT EXISTS pg_trgm;";

/**
 * Search ranks with a RUM index where PostgreSQL has the extension (Debian postgresql-15-rum; not
 * PGlite): it stores each word's positions, so it hands out matches already ordered by relevance
 * (server/services/search/queries.ts, relevance.ts). It lives outside the migrations because they
 * must run where RUM is missing; search looks for it by this name and uses GIN without it.
 */
const RUM_INDEX = "entry_search_document_rum_idx";
export const CREATE_RUM_INDEX = `CREATE INDEX IF NOT EXISTS ${RUM_INDEX} ON entry_search USING rum (document rum_tsvector_ops)`;
/**
 * Below this many documents the index is built while the app starts (seconds); above, concurrently
 * in the background (a million documents take minutes and writes must go on), and search uses GIN
 * until it is valid.
 */
const RUM_BUILD_INLINE_BELOW = 50_000;
/** One app instance (or test file) at a time creates the extension and the index. */
const RUM_LOCK = "select pg_advisory_lock(hashtext('nugget:rum-index'))";
const RUM_UNLOCK = "select pg_advisory_unlock(hashtext('nugget:rum-index'))";

type PgPool = import("pg").Pool;

/** Runs `work` while this session holds the named advisory lock (other instances wait for it). */
async function withAdvisoryLock<T>(pool: PgPool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [name]);
    return await work();
  } finally {
    await client.query("select pg_advisory_unlock(hashtext($1))", [name]).catch(() => undefined);
    client.release();
  }
}

async function createRumExtension(pool: PgPool) {
  const client = await pool.connect();
  try {
    await client.query(RUM_LOCK);
    const { rows } = await client.query<{ available: boolean }>(
      "select exists (select 1 from pg_available_extensions where name = 'rum') as available",
    );
    if (rows[0].available) await client.query("CREATE EXTENSION IF NOT EXISTS rum");
  } finally {
    await client.query(RUM_UNLOCK).catch(() => undefined);
    client.release();
  }
}

/**
 * After migrating: the RUM index, when the extension is there and the index is not. An index left
 * invalid by a failed concurrent build is reported, not replaced (another instance may be building
 * it right now): drop it to have it rebuilt at the next start.
 */
async function createRumIndex(pool: PgPool, databaseUrl: string) {
  const client = await pool.connect();
  let background = false;
  try {
    await client.query(RUM_LOCK);
    const { rows } = await client.query<{
      rum: boolean;
      exists: boolean;
      valid: boolean | null;
      big: boolean;
    }>(
      `select exists (select 1 from pg_extension where extname = 'rum') as rum,
              to_regclass($1) is not null as exists,
              (select indisvalid from pg_index where indexrelid = to_regclass($1)) as valid,
              (select count(*) from (select 1 from entry_search limit ${RUM_BUILD_INLINE_BELOW}) s) >= ${RUM_BUILD_INLINE_BELOW} as big`,
      [RUM_INDEX],
    );
    const state = rows[0];
    if (!state.rum) return;
    if (state.exists) {
      if (!state.valid) console.warn(`${RUM_INDEX} is invalid (a failed or running build); search uses GIN`);
      return;
    }
    if (!state.big) {
      await client.query(CREATE_RUM_INDEX);
      return;
    }
    background = true;
  } finally {
    await client.query(RUM_UNLOCK).catch(() => undefined);
    client.release();
  }
  if (background) void buildRumIndexConcurrently(databaseUrl);
}

/**
 * CONCURRENTLY cannot run in a transaction and holds its connection for the whole build, so it
 * gets a connection of its own, outside the pool (closing the database does not wait for it; a
 * build cut short leaves an invalid index, reported at the next start).
 */
async function buildRumIndexConcurrently(databaseUrl: string) {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: databaseUrl });
  const started = Date.now();
  console.warn(`building ${RUM_INDEX} concurrently; search uses GIN until it is done`);
  try {
    await client.connect();
    await client.query(CREATE_RUM_INDEX.replace("CREATE INDEX", "CREATE INDEX CONCURRENTLY"));
    console.warn(`${RUM_INDEX} built in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (err) {
    console.warn(`building ${RUM_INDEX} failed: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite under `dataDir` (":memory:" for a
 * throwaway one), and applies the one migration history to it.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Sees every statement the app sends (tests count them: a list page costs a constant number). */
  onQuery?: (sql: string) => void;
  /**
   * An in-memory PGlite starts as a copy of this dump (`Database.dump`) instead of empty: the
   * migrations then find themselves applied. Tests use it; a migration from scratch costs seconds.
   */
  template?: Blob;
  /** A streaming replica of `databaseUrl` for reads (ADR 012); ignored, with a line, on PGlite. */
  databaseReplicaUrl?: string;
  /** Reads leave a replica further behind than this for the primary (0: no limit). */
  replicaMaxLagSeconds?: number;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (sql: string) => opts.onQuery!(sql) } : undefined;
  let database: Database;
  if (opts.databaseUrl) {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pg = await import("pg");
    // Return int8 (count(*)) as a number: counts here stay far below 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const Client = namedStatementClient(pg.default.Client);
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: 10, Client });
    // An idle connection the server dropped (a restart, a failover) is reported on the pool; with no
    // listener Node would end the process. Log it (once per 10 s) — the pool opens a new one when
    // the next query needs it.
    let lastDropLog = 0;
    pool.on("error", (err) => {
      if (Date.now() - lastDropLog < 10_000) return;
      lastDropLog = Date.now();
      console.warn(`数据库连接断开（将自动重连）：${err.message}`);
    });
    // A connection a transaction holds is out of the pool, and so is the pool's listener: the
    // server dropping it between two statements (a restart: 57P01) is an 'error' on the client
    // that, unheard, Node throws as an uncaught exception. Nothing is lost by hearing it here: the
    // transaction's next statement fails ("not queryable"), the request answers 503, and the pool
    // discards the connection when it comes back.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const primaryDb = drizzle({ client: pool, schema, casing: "snake_case", logger }) as unknown as Db;
    let db = primaryDb;
    let replica: Replica | undefined;
    if (opts.databaseReplicaUrl) {
      const opened = await openReplica({
        url: opts.databaseReplicaUrl,
        primary: pool,
        Client,
        maxLagSeconds: opts.replicaMaxLagSeconds ?? 10,
        log: (m) => console.warn(m),
      });
      replica = opened.replica;
      const replicaDb = drizzle({
        client: opened.client as never,
        schema,
        casing: "snake_case",
        logger,
      }) as unknown as Db;
      db = routedDb(primaryDb, replicaDb);
    }
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // Instances starting together (a first deploy, a release with a new migration) would each run
    // the same CREATEs and all but one fail: one at a time, the later ones find them applied.
    await withAdvisoryLock(pool, "nugget:migrate", async () => {
      await pool.query(CREATE_EXTENSIONS);
      await createRumExtension(pool);
      await migrate(primaryDb as never, { migrationsFolder });
      await ensureAllMonthlyPartitions(primaryDb);
    });
    await createRumIndex(pool, opts.databaseUrl);
    database = {
      db,
      kind: "postgres",
      sql: { executeSql: (text, values) => pool.query(text, values) },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      replica,
      close: async () => {
        await replica?.close();
        await pool.end();
      },
    };
  } else {
    if (opts.databaseReplicaUrl) {
      console.warn("DATABASE_REPLICA_URL is ignored: the embedded PGlite has no replicas (set DATABASE_URL)");
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const inMemory = opts.dataDir === ":memory:";
    const dir = inMemory ? undefined : path.join(opts.dataDir, "pglite");
    if (dir) fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create({
      dataDir: dir,
      ...(inMemory && opts.template ? { loadDataDir: opts.template } : {}),
      extensions: { pg_trgm },
      parsers: { 20: (v: string) => Number(v) },
    });
    const { drizzle } = await import("drizzle-orm/pglite");
    const db = drizzle({ client, schema, casing: "snake_case", logger }) as unknown as Db;
    await client.exec(CREATE_EXTENSIONS);
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder });
    await ensureAllMonthlyPartitions(db);
    database = {
      db,
      kind: "pglite",
      sql: {
        // Without parameters the text may hold several statements (pg-boss's schema): exec runs
        // them all and answers each one's result; the last is the caller's.
        async executeSql(text, values) {
          if (values?.length) return client.query(text, values);
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        },
      },
      dump: () => client.dumpDataDir("none"),
      close: () => client.close(),
    };
  }
  // A deadlock or serialization failure runs the transaction again, then answers 503.
  retryConflicts(database.db);
  return database;
}
