/**
 * The anonymous page cache (issue 8, ADR 011): logged-out GETs of public pages and JSON lists are
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
import { randomFillSync } from "node:crypto";
import zlib from "node:zlib";
import { crc32Combine, crc32Shift, sumOfOperators, times, type Gf2Operator } from "./crc32.ts";
import type { Redis } from "ioredis";

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (UTF-8 bytes): a hit copies bytes, it never encodes text again. */
  body: Buffer;
  /** The CSP nonce written into `body` (and the CSP header) by the render; replaced per response. */
  nonce: string | null;
  /** When it was rendered (ms since epoch) and how long it stays fresh (ms). */
  storedAt: number;
  freshMs: number;
  /** The generation of each purge scope when it was rendered, in the rule's scope order. */
  gens: number[];
  /** The body cut at the nonce, cached on the in-process copy only. */
  parts?: Buffer[];
  /** Each part deflated once (ending on a byte boundary), for gzip answers without compressing. */
  deflated?: Buffer[];
  /** Each part's CRC-32 and shift operator: a response's checksum without reading the page. */
  partCrcs?: { crc: number; shift: Gf2Operator }[];
  /** The gzip answer with room for a nonce of the render's length (see `gzipTemplate`). */
  gzip?: GzipTemplate;
  /** The headers as a hit replays them, split at the nonce once (see `replayHeaders`). */
  replay?: ReplayHeaders;
}

/** A stored page's headers worked out once for every hit: the fixed ones as name/value pairs. */
export interface ReplayHeaders {
  /** Name, value, name, value…: what writeHead takes without building an object per hit. */
  fixed: string[];
  /** Headers that carry the nonce (the CSP), cut where it stands. */
  withNonce: [name: string, parts: string[]][];
  names: Set<string>;
}

/** The page's headers as `ReplayHeaders` (cached on the page: one object per stored render). */
export function replayHeaders(page: CachedPage): ReplayHeaders {
  if (page.replay) return page.replay;
  const fixed: string[] = [];
  const withNonce: [string, string[]][] = [];
  for (const [name, value] of Object.entries(page.headers)) {
    if (page.nonce && value.includes(page.nonce)) withNonce.push([name, value.split(page.nonce)]);
    else fixed.push(name, value);
  }
  return (page.replay = { fixed, withNonce, names: new Set(Object.keys(page.headers)) });
}

/**
 * A page's gzip answer built once, for nonces as long as the render's (every nonce is 128 bits):
 * a response copies it, writes its nonce into the stored blocks and its CRC into the trailer.
 * CRC-32 is affine, so for messages of one length crc(Z ⊕ E) = crc(Z) ⊕ lin(E): with Z the body
 * with zeros where the nonces go and E zeros but for the nonces, lin(E) is the nonce's own register
 * value shifted past what follows each place it stands: one operator, the sum of those shifts.
 */
interface GzipTemplate {
  bytes: Buffer;
  nonceLength: number;
  /** Where each copy of the nonce goes in `bytes`. */
  nonceAt: number[];
  crcOfZeroed: number;
  nonceShift: Gf2Operator;
  /** Where the trailer's CRC goes. */
  crcAt: number;
  /** Answers the socket is done with (`reuseGzip`): the next response rewrites only the nonces. */
  spare: Buffer[];
}

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
 * The in-process store: an LRU over a Map (insertion order is recency order: a hit moves its key to
 * the end) bounded by `maxBytes`; expired entries go when touched or when the budget needs room.
 */
export function memoryPageStore(maxBytes: number): PageStore & { bytes(): number; size(): number } {
  const entries = new Map<string, { page: CachedPage; bytes: number; expires: number }>();
  const gens = new Map<string, number>();
  let bytes = 0;
  const drop = (key: string) => {
    const item = entries.get(key);
    if (!item) return;
    bytes -= item.bytes;
    entries.delete(key);
  };
  const readNow = (key: string, scopes: string[]) => {
    const item = entries.get(key);
    let page: CachedPage | null = null;
    if (item && item.expires > Date.now()) {
      entries.delete(key);
      entries.set(key, item);
      page = item.page;
    } else if (item) drop(key);
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
      drop(key);
      const size = sizeOf(key, page);
      if (size > maxBytes) return;
      for (const oldest of entries.keys()) {
        if (bytes + size <= maxBytes) break;
        drop(oldest);
      }
      entries.set(key, { page, bytes: size, expires: Date.now() + ttlMs });
      bytes += size;
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
      bytes = 0;
    },
    bytes: () => bytes,
    size: () => entries.size,
  };
}

/** Pages a Redis store keeps decoded in the process (each its body and gzip answer: ~100 KB). */
const DECODED_PAGES = 64;

/**
 * The shared store. Values are `<JSON metadata>\n<body>`; generations are plain counters that expire
 * a day after their last purge (far beyond any entry's life, so an expired counter never revives
 * an entry). Commands fail fast while Redis is away (no offline queue), which the cache reads as a
 * miss: the site renders instead of waiting for the cache.
 */
export function redisPageStore(redis: Redis, prefix: string): PageStore {
  const pageKey = (key: string) => `${prefix}p:${key}`;
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
      await redis.set(pageKey(key), value, "PX", Math.max(1, Math.round(ttlMs)));
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

const noncePool = Buffer.alloc(16 * 256);
let noncePoolAt = noncePool.length;
/**
 * 128 random bits, base64url. Drawn from a pool refilled 256 nonces at a time: one
 * randomBytes call per response cost more than the rest of a cache hit's bookkeeping.
 */
export function newNonce(): string {
  if (noncePoolAt >= noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64url", noncePoolAt, noncePoolAt + 16);
  noncePoolAt += 16;
  return nonce;
}

/** The body with the render's nonce replaced by this response's own. */
export function bodyWithNonce(page: CachedPage, nonce: string): Buffer {
  if (!page.nonce) return page.body;
  page.parts ??= splitAt(page.body, Buffer.from(page.nonce));
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [page.parts[0]];
  for (let i = 1; i < page.parts.length; i++) pieces.push(glue, page.parts[i]);
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty final stored block: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The gzip form of the body with this response's nonce, without compressing anything per response:
 * the parts between nonces are deflated once (each ends with a sync flush, so blocks can follow),
 * the nonce goes in between as a stored (uncompressed) block, and only the CRC is computed anew.
 * A browser inflates one ordinary gzip stream; compressing 80 KB per hit would cost more than the
 * rest of the hit.
 */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer {
  const template = (page.gzip ??= gzipTemplate(page));
  // Nonces are base64url, one byte a character; another length is put together piece by piece.
  if (nonce.length !== template.nonceLength) return gzipPieces(page, nonce);
  // Without a nonce the answer never changes: every response sends the template itself.
  if (!template.nonceAt.length) return template.bytes;
  // Everything but the nonces and the CRC is the template's: a spare answer needs only those.
  const out = template.spare.pop() ?? Buffer.from(template.bytes);
  // Encoded once and copied into each place (the explore page has 20), not encoded at each.
  const bytes = Buffer.from(nonce, "latin1");
  for (const at of template.nonceAt) out.set(bytes, at);
  // The nonce's own register value: zlib's crc32 from a zero register, not inverted at the end.
  const own = (zlib.crc32(bytes, 0xffffffff) ^ 0xffffffff) >>> 0;
  out.writeUInt32LE((template.crcOfZeroed ^ times(template.nonceShift, own)) >>> 0, template.crcAt);
  return out;
}

function gzipTemplate(page: CachedPage): GzipTemplate {
  const nonceLength = page.nonce ? Buffer.byteLength(page.nonce) : 0;
  const gz = gzipPieces(page, "\0".repeat(nonceLength));
  const parts = page.parts!;
  // Each nonce's place in the answer: after the header, the parts and stored blocks before it.
  const nonceAt: number[] = [];
  let at = GZIP_HEADER.length + page.deflated![0].length;
  const shifts: Gf2Operator[] = [];
  let after = parts.reduce((sum, p) => sum + p.length, 0) + nonceLength * (parts.length - 1);
  after -= parts[0].length;
  for (let i = 1; i < parts.length; i++) {
    nonceAt.push(at + 5);
    after -= nonceLength;
    shifts.push(crc32Shift(after));
    at += 5 + nonceLength + page.deflated![i].length;
    after -= parts[i].length;
  }
  return {
    bytes: gz,
    nonceLength,
    nonceAt,
    crcOfZeroed: gz.readUInt32LE(gz.length - 8),
    nonceShift: sumOfOperators(shifts),
    crcAt: gz.length - 8,
    spare: [],
  };
}

/** Spare answers a page keeps: on loopback or a fast link a write is done by the next hit. */
const SPARE_ANSWERS = 2;

/**
 * Hands back an answer `gzipWithNonce` made once its response has finished (the socket no longer
 * holds it): the next one then skips allocating and copying the whole page.
 */
export function reuseGzip(page: CachedPage, answer: Buffer): void {
  const template = page.gzip;
  if (!template?.nonceAt.length || answer === template.bytes || answer.length !== template.bytes.length)
    return;
  if (template.spare.length < SPARE_ANSWERS) template.spare.push(answer);
}

/** The gzip answer put together from the deflated parts and the nonce in stored blocks. */
function gzipPieces(page: CachedPage, nonce: string): Buffer {
  const parts = (page.parts ??= page.nonce ? splitAt(page.body, Buffer.from(page.nonce)) : [page.body]);
  const deflated = (page.deflated ??= parts.map((p) =>
    zlib.deflateRawSync(p, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  ));
  const sums = (page.partCrcs ??= parts.map((p) => ({ crc: zlib.crc32(p), shift: crc32Shift(p.length) })));
  const glue = Buffer.from(nonce);
  const glueCrc = zlib.crc32(glue);
  const glueShift = shiftFor(glue.length);
  const stored = Buffer.alloc(5 + glue.length);
  stored.writeUInt16LE(glue.length, 1);
  stored.writeUInt16LE(~glue.length & 0xffff, 3);
  glue.copy(stored, 5);
  const pieces: Buffer[] = [GZIP_HEADER, deflated[0]];
  let crc = sums[0].crc;
  let size = parts[0].length;
  for (let i = 1; i < parts.length; i++) {
    pieces.push(stored, deflated[i]);
    crc = crc32Combine(crc32Combine(crc, glueCrc, glueShift), sums[i].crc, sums[i].shift);
    size += glue.length + parts[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return Buffer.concat(pieces);
}

/** Shift operators by nonce length (every nonce has the same length: one entry in practice). */
const glueShifts = new Map<number, Gf2Operator>();
function shiftFor(length: number): Gf2Operator {
  let op = glueShifts.get(length);
  if (!op) glueShifts.set(length, (op = crc32Shift(length)));
  return op;
}

/** The bytes between the occurrences of `sep` (views into `body`, no copies). */
function splitAt(body: Buffer, sep: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(sep); at >= 0; at = body.indexOf(sep, from)) {
    parts.push(body.subarray(from, at));
    from = at + sep.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export class PageCache {
  private inflight = new Map<string, Promise<CachedPage | null>>();
  private refreshing = new Set<string>();
  /** Renders started because of a miss or a stale entry (tests count them). */
  renders = 0;

  constructor(
    readonly store: PageStore,
    private readonly onError: (err: unknown) => void,
  ) {}

  private async safeRead(key: string, scopes: string[]) {
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
    if (!this.store.readNow) return undefined;
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
      this.onError(err);
    }
  }

  close() {
    return this.store.close();
  }
}
