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

/** The search mix of the bench: common and rare words, one and two of them. */
export const SEARCH_MIX = [
  "前端性能",
  "React",
  "数据库 索引",
  "Rust",
  "微前端",
  "性能优化",
  "TypeScript 类型",
  "Kubernetes",
  "缓存",
  "面试",
  "WebAssembly",
  "分布式 事务",
];
