import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";

export { schema };
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: queries take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// drizzle-kit does not emit extensions, so they are created here, before the migrations that use them
// (trigram indexes for tag and user search). Idempotent.
const CREATE_EXTENSIONS = "CREATE EXTENSION IF NOT EXISTS pg_trgm;";

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
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (sql: string) => opts.onQuery!(sql) } : undefined;
  let database: Database;
  if (opts.databaseUrl) {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pg = await import("pg");
    // Return int8 (count(*)) as a number: counts here stay far below 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzle({ client: pool, schema, casing: "snake_case", logger }) as unknown as Db;
    await pool.query(CREATE_EXTENSIONS);
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db as never, { migrationsFolder });
    database = { db, kind: "postgres", close: () => pool.end() };
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const inMemory = opts.dataDir === ":memory:";
    const dir = inMemory ? undefined : path.join(opts.dataDir, "pglite");
    if (dir) fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      parsers: { 20: (v: string) => Number(v) },
    });
    const { drizzle } = await import("drizzle-orm/pglite");
    const db = drizzle({ client, schema, casing: "snake_case", logger }) as unknown as Db;
    await client.exec(CREATE_EXTENSIONS);
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as never, { migrationsFolder });
    database = { db, kind: "pglite", close: () => client.close() };
  }
  return database;
}
