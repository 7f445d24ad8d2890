/**
 * The anonymous page cache (ADR 011): logged-out GETs of public pages and JSON lists are
 * kept for a short time and served without rendering or querying.
 *
 * - Stores: an in-process LRU with a byte budget (the embedded default) or Redis (REDIS_URL, shared
 *   by every instance). Either can fail without failing a request: a store error is a miss.
 * - Freshness: an entry is fresh for its route's TTL, then served stale for `swr` seconds while one
 *   background render refreshes it.
 * - Single-flight: concurrent misses of one key in one process wait for the first render; across
 *   instances a short claim in Redis makes the others wait briefly for that render too.
 * - Purging: every entry records the generation of its purge scopes when it was rendered ("*" for
 *   all, and e.g. "entry:<id>" for one entry's pages); a purge increments the scopes' generations,
 *   so older entries stop matching at once on every instance, without scanning keys.
 * - CSP: the nonce of the render is remembered and replaced by a fresh one in every response.
 * - Theme: the key ignores the dark-mode cookie, as the HTML never carries a reader's choice; the
 *   nonce'd head script applies it in the browser (shared/theme.ts).
 */
import type { Redis } from "ioredis";
import type { CachedPage } from "./cached-page.ts";
import { ByteBudgetMap } from "../../shared/byte-budget-map.ts";

export interface PageStore {
  /** The entry under `key` and the current generation of each scope, in one round trip. */
  read(key: string, scopes: string[]): Promise<{ page: CachedPage | null; gens: number[] }>;
  /**
   * The same read answered at once, by a store that holds its entries in the process: a hit then
   * costs no promise, which in a hit's few microseconds is a share worth having.
   */
  readNow?(key: string, scopes: string[]): { page: CachedPage | null; gens: number[] };
  write(key: string, page: CachedPage, ttlMs: number): Promise<void>;
  /** Makes every entry rendered under these scopes stale at once. */
  purge(scopes: string[]): Promise<void>;
  /** Claims the render of `key` for `ms` across instances; false when another instance holds it. */
  claim(key: string, ms: number): Promise<boolean>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Rough bytes an entry holds in memory (the key is a UTF-16 string in V8, the body bytes). */
const sizeOf = (key: string, page: CachedPage) =>
  2 * key.length + page.body.length + 64 * Object.keys(page.headers).length + 256;

/**
 * The in-process store: least recently used first out within `maxBytes` (ByteBudgetMap); expired
 * entries go when touched or when the budget needs room. A page larger than the budget is not kept.
 */
export function memoryPageStore(maxBytes: number): PageStore & { bytes(): number; size(): number } {
  const entries = new ByteBudgetMap<{ page: CachedPage; expires: number }>(maxBytes);
  const gens = new Map<string, number>();
  const readNow = (key: string, scopes: string[]) => {
    const item = entries.get(key);
    let page: CachedPage | null = null;
    if (item && item.expires > Date.now()) page = item.page;
    else if (item) entries.delete(key);
    const current: number[] = [];
    for (const s of scopes) current.push(gens.get(s) ?? 0);
    return { page, gens: current };
  };
  return {
    readNow,
    async read(key, scopes) {
      return readNow(key, scopes);
    },
    async write(key, page, ttlMs) {
      entries.delete(key);
      const size = sizeOf(key, page);
      if (size > maxBytes) return;
      entries.set(key, { page, expires: Date.now() + ttlMs }, size);
    },
    async purge(scopes) {
      for (const s of scopes) gens.set(s, (gens.get(s) ?? 0) + 1);
    },
    async claim() {
      return true;
    },
    async release() {},
    async close() {
      entries.clear();
    },
    bytes: () => entries.bytes,
    size: () => entries.size,
  };
}

/**
 * The Redis store's byte budget. A page lives at most `lifeSeconds` after it is
 * written, so the bytes written within that long bound the bytes stored: they are counted in
 * buckets of BUCKET_SECONDS, and a page that would take the last window past `maxBytes` is not
 * written (the site renders it again, as for a miss). Every distinct URL a flood makes up costs
 * the store nothing once the budget is spent, and a Redis kept at `noeviction` for its security
 * counters (README) never fills with pages.
 */
export interface RedisBudget {
  maxBytes: number;
  lifeSeconds: number;
}
const BUCKET_SECONDS = 10;
/** KEYS: the page, then the window's buckets (the current one first). ARGV: value, ms, budget, bucket TTL. */
const WRITE_WITHIN_BUDGET = `
local total = 0
for i = 2, #KEYS do total = total + tonumber(redis.call('GET', KEYS[i]) or '0') end
local size = string.len(ARGV[1]) + string.len(KEYS[1])
if total + size > tonumber(ARGV[3]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('INCRBY', KEYS[2], size)
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 1
`;

/** Pages a Redis store keeps decoded in the process (each its body and gzip answer: ~100 KB). */
const DECODED_PAGES = 64;

/**
 * The shared store. Values are `<JSON metadata>\n<body>`; generations are plain counters that expire
 * a day after their last purge (far beyond any entry's life, so an expired counter never revives
 * an entry). Commands fail fast while Redis is away (no offline queue), which the cache reads as a
 * miss: the site renders instead of waiting for the cache.
 */
export function redisPageStore(redis: Redis, prefix: string, budget: RedisBudget): PageStore {
  const pageKey = (key: string) => `${prefix}p:${key}`;
  const bucketCount = Math.ceil(budget.lifeSeconds / BUCKET_SECONDS) + 1;
  /** The byte counters of the buckets a page stored now may still be alive in, newest first. */
  const bucketKeys = () => {
    const now = Math.floor(Date.now() / 1000 / BUCKET_SECONDS);
    return Array.from({ length: bucketCount }, (_, i) => `${prefix}b:${now - i}`);
  };
  const genKey = (scope: string) => `${prefix}g:${scope}`;
  // The last pages read, by key: while Redis answers the same render (its storedAt), a hit reuses
  // what was worked out of it (the deflated parts and gzip answer, an overlay's parsed list)
  // instead of deflating the page again on every read.
  const decoded = new Map<string, CachedPage>();
  const remember = (key: string, page: CachedPage) => {
    decoded.delete(key);
    decoded.set(key, page);
    if (decoded.size > DECODED_PAGES) decoded.delete(decoded.keys().next().value!);
    return page;
  };
  return {
    async read(key, scopes) {
      const values = await redis.mgetBuffer(pageKey(key), ...scopes.map(genKey));
      const raw = values[0];
      let page: CachedPage | null = null;
      if (raw) {
        const cut = raw.indexOf(10);
        const meta = JSON.parse(raw.subarray(0, cut).toString("utf8")) as Omit<CachedPage, "body">;
        const known = decoded.get(key);
        page =
          known && known.storedAt === meta.storedAt && known.body.length === raw.length - cut - 1
            ? remember(key, known)
            : remember(key, { ...meta, body: raw.subarray(cut + 1) });
      }
      return { page, gens: values.slice(1).map((v) => (v ? Number(v.toString()) : 0)) };
    },
    async write(key, page, ttlMs) {
      const { body, parts: _p, deflated: _d, partCrcs: _c, gzip: _g, replay: _r, ...meta } = page;
      const value = Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), body]);
      const buckets = bucketKeys();
      await redis.eval(
        WRITE_WITHIN_BUDGET,
        1 + buckets.length,
        pageKey(key),
        ...buckets,
        value,
        Math.max(1, Math.round(ttlMs)),
        budget.maxBytes,
        (bucketCount + 1) * BUCKET_SECONDS,
      );
    },
    async purge(scopes) {
      const multi = redis.multi();
      for (const s of scopes) multi.incr(genKey(s)).expire(genKey(s), 86_400);
      await multi.exec();
    },
    async claim(key, ms) {
      return (await redis.set(`${prefix}l:${key}`, "1", "PX", ms, "NX")) === "OK";
    },
    async release(key) {
      await redis.del(`${prefix}l:${key}`);
    },
    // The connection is the app's (server/app.ts closes it).
    async close() {},
  };
}

export interface CacheRule {
  /** Seconds fresh, then seconds served stale while one render refreshes it. */
  ttl: number;
  swr: number;
  /** Purge scopes this response depends on; "*" always comes first. */
  scopes: string[];
}

/** What a lookup found: a page to serve, or a miss the caller renders (then calls `store`). */
export type Lookup =
  | { state: "hit" | "stale"; page: CachedPage }
  | { state: "miss"; gens: number[]; done: (page: CachedPage | null) => void };

export class PageCache {
  private inflight = new Map<string, Promise<CachedPage | null>>();
  private refreshing = new Set<string>();
  /** Renders started because of a miss or a stale entry (tests count them). */
  renders = 0;
  /**
   * Purges the store did not take, counted (Redis away, or too slow for the command timeout, while
   * its pages stay): any stored page may show what should be gone, so none is served until a purge
   * of every page ("*") goes through. Which scopes failed does not matter: other instances' purges
   * failed in the same outage unseen.
   */
  private owed = 0;
  /** `owed` as it stood when the last purge of every page was made: owed again if it moved since. */
  private paid = 0;
  private settling: Promise<boolean> | null = null;
  private get purgeOwed(): boolean {
    return this.owed !== this.paid;
  }

  constructor(
    readonly store: PageStore,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * What this instance wrote may be missing from stored pages and its purges lost (a write's
   * marks could not be stored): every page is purged once the store answers again.
   */
  owePurge(): void {
    this.owed++;
  }

  /** True once no purge is owed; else tries the owed one (one attempt at a time). */
  private owedSettled(): Promise<boolean> | true {
    if (!this.purgeOwed) return true;
    const owed = this.owed;
    this.settling ??= this.store
      .purge(["*"])
      .then(
        () => {
          // Owed again meanwhile: the purge just made may have come before what failed.
          this.paid = owed;
          return !this.purgeOwed;
        },
        (err: unknown) => {
          this.onError(err);
          return false;
        },
      )
      .finally(() => (this.settling = null));
    return this.settling;
  }

  private async safeRead(key: string, scopes: string[]) {
    // While a purge is owed every stored page is suspect: a miss, rendered afresh.
    if (this.purgeOwed && !(await this.owedSettled())) return null;
    try {
      return await this.store.read(key, scopes);
    } catch (err) {
      this.onError(err);
      return null;
    }
  }

  /**
   * Finds `key`. A miss makes the caller the one renderer of the key in this process (others wait
   * for its `done`); `refresh(key)` renders a stale entry again in the background, once at a time.
   */
  async lookup(key: string, rule: CacheRule, refresh: (key: string) => Promise<void>): Promise<Lookup> {
    const found = await this.safeRead(key, rule.scopes);
    const current = found?.gens ?? rule.scopes.map(() => -1);
    const usable = this.usable(key, rule, found, refresh);
    if (usable) return usable;
    const pending = this.inflight.get(key);
    if (pending) {
      const rendered = await pending;
      if (rendered) return { state: "hit", page: rendered };
    }
    return this.startRender(key, rule, current, found !== null);
  }

  /**
   * Finds `key` without becoming its renderer: a fresh or stale entry (a stale one is refreshed in
   * the background as by `lookup`), the result of a render in progress here, or null.
   */
  async peek(
    key: string,
    rule: CacheRule,
    refresh: (key: string) => Promise<void>,
  ): Promise<{ state: "hit" | "stale"; page: CachedPage } | null> {
    const usable = this.usable(key, rule, await this.safeRead(key, rule.scopes), refresh);
    if (usable) return usable;
    const rendered = await this.inflight.get(key);
    return rendered ? { state: "hit", page: rendered } : null;
  }

  /**
   * `peek` without waiting, for a store that answers at once (`readNow`): the usable entry, or null
   * when there is none and no render of it in progress here; undefined when only `peek` can tell.
   */
  peekNow(
    key: string,
    rule: CacheRule,
    refresh: (key: string) => Promise<void>,
  ): { state: "hit" | "stale"; page: CachedPage } | null | undefined {
    if (!this.store.readNow || this.purgeOwed) return undefined;
    let found;
    try {
      found = this.store.readNow(key, rule.scopes);
    } catch {
      return undefined;
    }
    const usable = this.usable(key, rule, found, refresh);
    if (usable) return usable;
    return this.inflight.has(key) ? undefined : null;
  }

  /** The stored entry when its scopes were not purged since and it is fresh or within `swr`. */
  private usable(
    key: string,
    rule: CacheRule,
    found: { page: CachedPage | null; gens: number[] } | null,
    refresh: (key: string) => Promise<void>,
  ): { state: "hit" | "stale"; page: CachedPage } | null {
    const page = found?.page;
    if (!page || page.gens.length !== found.gens.length || page.gens.some((g, i) => g !== found.gens[i])) {
      return null;
    }
    const age = Date.now() - page.storedAt;
    if (age < page.freshMs) return { state: "hit", page };
    if (age >= page.freshMs + rule.swr * 1000) return null;
    if (!this.refreshing.has(key) && !this.inflight.has(key)) {
      this.refreshing.add(key);
      void refresh(key)
        .catch(this.onError)
        .finally(() => this.refreshing.delete(key));
    }
    return { state: "stale", page };
  }

  /** The background refresh of a stale entry: always renders, with the scopes' current generations. */
  async renderAgain(
    key: string,
    rule: CacheRule,
  ): Promise<{ gens: number[]; done: (page: CachedPage | null) => void }> {
    const found = await this.safeRead(key, rule.scopes);
    const lookup = await this.startRender(key, rule, found?.gens ?? rule.scopes.map(() => -1), false);
    return lookup.state === "miss" ? lookup : { gens: [], done: () => undefined };
  }

  private async startRender(key: string, rule: CacheRule, gens: number[], storeUp: boolean): Promise<Lookup> {
    let done!: (page: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((resolve) => (done = resolve));
    this.inflight.set(key, promise);
    this.renders++;
    // Another instance may be rendering this key right now: give it a moment before rendering too.
    if (storeUp && !(await this.store.claim(key, 3000).catch(() => true))) {
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const again = await this.safeRead(key, rule.scopes);
        const p = again?.page;
        if (p && again && p.gens.every((g, n) => g === again.gens[n])) {
          this.inflight.delete(key);
          this.renders--;
          done(p);
          return { state: "hit", page: p };
        }
      }
    }
    let finished = false;
    return {
      state: "miss",
      gens,
      done: (page) => {
        if (finished) return;
        finished = true;
        this.inflight.delete(key);
        done(page);
        if (storeUp) void this.store.release(key).catch(() => undefined);
        if (page) {
          this.store.write(key, page, (rule.ttl + rule.swr) * 1000).catch(this.onError);
        }
      },
    };
  }

  /** Makes the pages of these scopes stale everywhere ("*": every cached page). */
  async purge(scopes: string[]): Promise<void> {
    try {
      await this.store.purge(scopes);
    } catch (err) {
      this.owePurge();
      this.onError(err);
    }
  }

  close() {
    return this.store.close();
  }
}
