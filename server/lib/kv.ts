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
  close(): Promise<void>;
}

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
  return {
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
    async close() {
      clearInterval(sweep);
    },
  };
}

export async function redisKv(url: string, prefix = "nugget:"): Promise<Kv> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  const k = (key: string) => prefix + key;
  return {
    get: (key) => redis.get(k(key)),
    async set(key, value, ttl) {
      await redis.set(k(key), value, "EX", ttl);
    },
    async take(key) {
      return redis.getdel(k(key));
    },
    async incr(key, windowSeconds) {
      const [[, n]] = (await redis.multi().incr(k(key)).expire(k(key), windowSeconds, "NX").exec()) as [
        [unknown, number],
      ];
      return n;
    },
    async del(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit();
    },
  };
}
