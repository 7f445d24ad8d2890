import type { Redis } from "ioredis";
import { serviceBusy } from "./redis.ts";

/**
 * A small key-value store with expiry for short-lived state: captcha answers and the login-failure
 * and rate-limit windows. Redis when REDIS_URL is set (so several app instances share it),
 * otherwise an in-process map.
 */
export interface Kv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step: one-time values such as captcha answers. */
  take(key: string): Promise<string | null>;
  /** Increments a counter, starting its expiry window on the first increment. */
  incr(key: string, windowSeconds: number): Promise<number>;
  del(key: string): Promise<void>;
  /** Whether the store answers now (the readiness check). */
  ping(): Promise<boolean>;
  /**
   * The same store for security counters (operation limits): while the shared store is away they
   * are counted in this process at the same limits, never skipped, and go back to the shared counts
   * as soon as it answers again (as the route limits do, rate-limit-store.ts).
   */
  counters: Counters;
  close(): Promise<void>;
}

/** Counting windows: the part of the store a limit reads and moves. */
export type Counters = Pick<Kv, "get" | "incr">;

export function memoryKv(): Kv {
  const map = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const item = map.get(key);
    if (!item) return undefined;
    if (item.expires <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return item;
  };
  // Sweep expired keys now and then so a long-running process does not grow without bound.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of map) if (v.expires <= now) map.delete(k);
  }, 60_000);
  sweep.unref();
  const kv: Kv = {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttl) {
      map.set(key, { value, expires: Date.now() + ttl * 1000 });
    },
    async take(key) {
      const item = live(key);
      map.delete(key);
      return item?.value ?? null;
    },
    async incr(key, windowSeconds) {
      const item = live(key);
      if (!item) {
        map.set(key, { value: "1", expires: Date.now() + windowSeconds * 1000 });
        return 1;
      }
      item.value = String(Number(item.value) + 1);
      return Number(item.value);
    },
    async del(key) {
      map.delete(key);
    },
    async ping() {
      return true;
    },
    get counters() {
      return kv;
    },
    async close() {
      clearInterval(sweep);
    },
  };
  return kv;
}

/**
 * The shared store. Redis being away is not this store's failure to hide: an operation that needs
 * it (a captcha, a login window, an SMS quota) answers 503 「服务繁忙，请稍后再试」 within 500 ms
 * (server/lib/redis.ts); callers that can do without (view counting, job slots) catch it. Its
 * `counters` count in this process meanwhile.
 */
export function redisKv(redis: Redis, prefix = "nugget:"): Kv {
  const k = (key: string) => prefix + key;
  const busy = <T>(op: Promise<T>): Promise<T> =>
    op.catch((err: unknown) => {
      throw serviceBusy(err);
    });
  // This process's counts while Redis is away, made at the first need.
  let local: Kv | undefined;
  const own = () => (local ??= memoryKv());
  const kv: Kv = {
    get: (key) => busy(redis.get(k(key))),
    async set(key, value, ttl) {
      await busy(redis.set(k(key), value, "EX", ttl));
    },
    take: (key) => busy(redis.getdel(k(key))),
    async incr(key, windowSeconds) {
      const replies = await busy(redis.multi().incr(k(key)).expire(k(key), windowSeconds, "NX").exec());
      const [error, n] = replies?.[0] ?? [new Error("no reply"), 0];
      if (error) throw serviceBusy(error);
      return n as number;
    },
    async del(key) {
      await busy(redis.del(k(key)));
    },
    async ping() {
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
    counters: {
      get: (key) => kv.get(key).catch(() => own().get(key)),
      incr: (key, windowSeconds) => kv.incr(key, windowSeconds).catch(() => own().incr(key, windowSeconds)),
    },
    // The connection is the app's (server/app.ts closes it).
    async close() {
      await local?.close();
    },
  };
  return kv;
}
