import type { Redis, RedisOptions } from "ioredis";
import { AppError } from "./errors.ts";

/** What the site says while a shared store it needs for an operation is away. */
export const SERVICE_BUSY = "服务繁忙，请稍后再试";

/** A Redis command that failed, as the operation that needed it answers: 503 「服务繁忙」. */
class RedisUnavailable extends AppError {
  constructor(cause?: unknown) {
    super(503, SERVICE_BUSY);
    this.cause = cause;
  }
}
export const serviceBusy = (cause?: unknown) => new RedisUnavailable(cause);

export interface RedisLog {
  warn: (message: string) => void;
  info: (message: string) => void;
}

/**
 * The app's one account of Redis outages, so that one is logged once when it starts and once when
 * it ends, whatever fails meanwhile: the connection reports its losses and returns (connectRedis),
 * and a failure of a command is handed here (`failed`) instead of logged where it happened — the
 * page cache's store through its onError, every other through the log itself (`outageLogHook`: a
 * line carrying a failed command's 503, e.g. a kv write whose caller logs it).
 * During an outage those are counted and told in its last line; outside one they are logged.
 */
export class RedisOutage {
  private since: number | null = null;
  private failures = 0;
  private log: RedisLog = { warn: () => {}, info: () => {} };
  /** Whether the connection can take a command now (connectRedis says how to tell). */
  connected: () => boolean = () => true;

  /** Where the two lines of an outage go (the app's logger, once it exists). */
  useLog(log: RedisLog) {
    this.log = log;
  }

  /**
   * The connection is lost: it is reconnecting, or could not connect (`err`). Said once an outage:
   * the events of every later try say nothing new.
   */
  lost(err?: unknown) {
    if (this.since !== null) return;
    this.since = Date.now();
    this.failures = 0;
    const reason = err instanceof Error ? err.message || err.name : "连接断开";
    this.log.warn(`Redis 不可用（${reason}），自动重连中；需要它的操作暂时返回 503`);
  }

  /** The connection is back. */
  back() {
    if (this.since === null) return;
    const seconds = Math.round((Date.now() - this.since) / 1000);
    this.since = null;
    this.log.info(`Redis 已恢复：断开约 ${seconds} 秒，其间 ${this.failures} 次操作失败（未逐条记录）`);
  }

  /**
   * A failed command: true when it belongs to an outage, counted instead of logged. The connection
   * may be seen gone here first (its socket ended, its close event not yet come): the outage begins.
   */
  failed(err?: unknown): boolean {
    if (this.since === null && this.connected()) return false;
    this.lost(err);
    this.failures++;
    return true;
  }
}

/**
 * pino's `hooks.logMethod` for the app's logger: a line whose error is a failed Redis command's 503
 * (`serviceBusy`) is the outage's to count while one is in course; every other line is written as
 * it came.
 */
export function outageLogHook(outage: RedisOutage) {
  return function (this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
    const [first] = args;
    const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
    if (err instanceof RedisUnavailable && outage.failed(err.cause)) return;
    method.apply(this, args);
  };
}

/**
 * Every Redis connection of the app is made here, so a lost Redis degrades the site instead of
 * hanging or killing it:
 * - a command fails within `commandTimeout` (500 ms) and at once while disconnected: no offline
 *   queue that would hold requests for as long as the outage lasts;
 * - reconnecting never stops (at most every 2 s), so the site recovers by itself;
 * - an outage is logged once when it starts and once when it ends, not per failed command
 *   (`outage`; an `error` event without a listener would be thrown and end the process).
 */
export async function connectRedis(
  url: string,
  outage: RedisOutage,
  options: RedisOptions = {},
): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(200 * times, 2000),
    ...options,
  });
  // Commands fail from the moment the connection closes: the outage begins with the reconnecting
  // that follows at once (a quit does not reconnect), or with the error of a connection never made.
  redis.on("reconnecting", () => outage.lost());
  redis.on("error", (err: Error) => outage.lost(err));
  redis.on("ready", () => outage.back());
  outage.connected = () => redis.status === "ready" && redis.stream?.writable === true;
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
