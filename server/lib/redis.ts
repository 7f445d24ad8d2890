import type { Redis, RedisOptions } from "ioredis";
import { AppError } from "./errors.ts";

/** What the site says while a shared store it needs for an operation is away (issue 9). */
export const SERVICE_BUSY = "服务繁忙，请稍后再试";
export const serviceBusy = () => new AppError(503, SERVICE_BUSY);

export interface RedisLog {
  warn: (message: string) => void;
  info: (message: string) => void;
}

/**
 * Every Redis connection of the app is made here, so a lost Redis degrades the site instead of
 * hanging or killing it:
 * - a command fails within `commandTimeout` (500 ms) and at once while disconnected: no offline
 *   queue that would hold requests for as long as the outage lasts;
 * - reconnecting never stops (at most every 2 s), so the site recovers by itself;
 * - an outage is logged once when it starts and once when it ends, not per failed command (an
 *   `error` event without a listener would be thrown and end the process).
 */
export async function connectRedis(url: string, log: RedisLog, options: RedisOptions = {}): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(200 * times, 2000),
    ...options,
  });
  let down = false;
  redis.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn(`Redis 不可用（${err.message || err.name}），自动重连中；需要它的操作暂时返回 503`);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("Redis 已恢复");
  });
  // Commands fail fast until the first connection is up: give it a moment at startup, then carry
  // on degraded (one log line above) rather than refuse to start.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, 3000);
    redis.once("ready", done);
  });
  return redis;
}
