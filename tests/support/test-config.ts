import { loadConfig, type Config } from "../../server/config.ts";

/**
 * The configuration every test app starts from (no vitest import: worker processes use it too).
 * Tests see their own writes at once — no page cache (its own tests and the walks that want it pass
 * `pageCache`), no search ranking kept — and run no periodic job: on the shared PostgreSQL test
 * database a retention run, a counter repair or an upload cleanup would touch other files' rows by
 * age (the jobs' own tests turn them on). `overrides` win over all of it.
 */
export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env, {
    devOutbox: true,
    logLevel: "silent",
    publicUrl: "http://nugget.test",
    siteName: "掘金",
    ...overrides,
  });
  if (!overrides.pageCache) config.pageCache = { ...config.pageCache, enabled: false };
  if (overrides.searchRankingTtl === undefined) config.searchRankingTtl = 0;
  if (overrides.trackingRetentionDays === undefined) config.trackingRetentionDays = 0;
  if (overrides.notificationRetentionDays === undefined) config.notificationRetentionDays = 0;
  if (overrides.counterRepair === undefined) config.counterRepair = false;
  if (overrides.accountHousekeeping === undefined) config.accountHousekeeping = false;
  if (overrides.uploadOrphanHours === undefined) config.uploadOrphanHours = 0;
  return config;
}
