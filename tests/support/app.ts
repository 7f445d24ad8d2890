import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { pgliteTemplate } from "./pglite-template.ts";
import { openDatabase, type Database } from "../../db/client.ts";
import { buildApp, type NuggetApp } from "../../server/app.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import { testConfig } from "./test-config.ts";
import { checkSerializedAnswers } from "./serializer-check.ts";

/**
 * The database tests run on: the machine's PostgreSQL when DATABASE_URL is set (CI's second pass),
 * otherwise a throwaway in-memory PGlite. Tests never truncate: each makes its own users.
 */
export function testDatabase(): Promise<Database> {
  return openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: ":memory:",
    template: pgliteTemplate(),
  });
}

/** The client build server-rendered pages come from (npm run build; npm test makes it first). */
export const BUILD_DIR = path.resolve(process.env.NUGGET_BUILD_DIR ?? "build");
/** Whether that build is there: page tests that need it are skipped, or run without it, when not. */
export const built = fs.existsSync(path.join(BUILD_DIR, "server/index.js"));

export async function testApp(overrides: Partial<Config> = {}, buildDir?: string): Promise<NuggetApp> {
  const nugget = await buildApp({ config: testConfig(overrides), database: await testDatabase(), buildDir });
  checkSerializedAnswers(nugget.app);
  return nugget;
}

/** Page cache settings for a test: on, in its own Redis namespace so parallel files never share keys. */
export function withPageCache(prefix = `nugget:pc:test:${randomBytes(6).toString("hex")}:`): Partial<Config> {
  const base = loadConfig(process.env).pageCache;
  return { pageCache: { ...base, enabled: true, prefix } };
}

/**
 * An app on a database of its own whose drizzle logger counts the statements sent while `count`
 * runs (the no-N+1 proofs: tests/queries.test.ts, the wallet queue). Its own database, so nothing
 * else the test file does is counted.
 */
export async function countingTestApp(overrides: Partial<Config> = {}): Promise<{
  nugget: NuggetApp;
  count: (work: () => Promise<unknown>) => Promise<number>;
  /** The statements' texts, for tests that care what was sent (a view writes nothing). */
  record: (work: () => Promise<unknown>) => Promise<string[]>;
}> {
  let recording: string[] | null = null;
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: ":memory:",
    template: pgliteTemplate(),
    onQuery: (text) => recording?.push(text),
  });
  const nugget = await buildApp({ config: testConfig(overrides), database });
  checkSerializedAnswers(nugget.app);
  async function record(work: () => Promise<unknown>) {
    const texts: string[] = [];
    recording = texts;
    try {
      await work();
    } finally {
      recording = null;
    }
    return texts;
  }
  return { nugget, record, count: async (work) => (await record(work)).length };
}

/**
 * The preamble of an API test file: one app (and its database) for the whole file or describe
 * block, closed after it. `use` receives the app once it is built — `useTestApp((n) => (nugget = n))`.
 * With `buildDir` (BUILD_DIR) it renders pages too.
 */
export function useTestApp(
  use: (nugget: NuggetApp) => void,
  overrides: Partial<Config> = {},
  buildDir?: string,
) {
  let app: NuggetApp | undefined;
  beforeAll(async () => {
    app = await testApp(overrides, buildDir);
    use(app);
  });
  afterAll(async () => {
    await app?.app.close();
    await app?.database.close();
  });
}

const hex = (n: number) => randomBytes(n).toString("hex");
/** A unique phone number in the mainland pattern. */
export const uniquePhone = () =>
  `1${3 + (randomBytes(1)[0] % 7)}${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, "0")}`;
export const uniqueEmail = () => `u${hex(5)}@example.com`;
export const uniqueUsername = () => `用户_${hex(4)}`;
/** A fresh client address, so one test's failures and rate limits do not reach another's. */
export const uniqueIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
