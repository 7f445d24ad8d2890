import { loadConfig } from "../server/config.ts";

/**
 * The app's configuration in the bench: its own database, no Redis, and no mail or repair jobs
 * while measuring. `npm run bench` sets NODE_ENV=production (React's production build, as a
 * deployment runs it).
 */
export function benchConfig(databaseUrl: string, logLevel: "warn" | "fatal") {
  return loadConfig(process.env, {
    databaseUrl,
    redisUrl: undefined,
    logLevel,
    devOutbox: true,
    seedOnEmpty: false,
    trustProxy: true,
    mailDigests: false,
    counterRepair: false,
    trackingRetentionDays: 0,
  });
}
