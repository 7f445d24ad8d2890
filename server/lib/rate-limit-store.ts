import { createRequire } from "node:module";
import type { Redis } from "ioredis";

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreClass = new (...args: unknown[]) => Store;
// The plugin's own two stores (CommonJS without type declarations: the shape used is above).
const require = createRequire(import.meta.url);
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreClass;
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreClass;

/**
 * @fastify/rate-limit's store (`store` option) for several instances: counts in Redis, and while
 * Redis cannot answer (its commands fail within 500 ms, server/lib/redis.ts) in this process
 * instead, so a lost Redis leaves every limited route working with per-instance limits rather than
 * answering errors. Back to the shared counts as soon as Redis answers again.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string) {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.shared.incr(
        key,
        (err, res) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, res)),
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  // The plugin calls `new store(globalParams)` once, then `child` per route.
  return class extends FallbackStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff, 5000),
      );
    }
  };
}
