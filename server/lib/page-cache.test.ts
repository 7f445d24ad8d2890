import fc from "fast-check";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { bodyWithNonce, gzipWithNonce, newNonce, reuseGzip, type CachedPage } from "./cached-page.ts";
import { memoryPageStore, PageCache, redisPageStore } from "./page-cache.ts";

const page = (body: string, gens = [0]): CachedPage => ({
  status: 200,
  headers: { "content-type": "text/html" },
  body: Buffer.from(body),
  nonce: null,
  storedAt: Date.now(),
  freshMs: 30_000,
  gens,
});

describe("memory page store", () => {
  it("keeps within its byte budget, evicting the least recently used first", async () => {
    const store = memoryPageStore(10_000);
    // Each entry takes 2,324 bytes by the store's reckoning: four fit.
    for (let i = 0; i < 4; i++) await store.write(`k${i}`, page("x".repeat(2000)), 60_000);
    // A read makes k0 the most recently used: k1 goes first when room is needed.
    expect((await store.read("k0", ["*"])).page).not.toBeNull();
    for (let i = 4; i < 7; i++) await store.write(`k${i}`, page("x".repeat(2000)), 60_000);
    expect(store.bytes()).toBeLessThanOrEqual(10_000);
    expect((await store.read("k0", ["*"])).page).not.toBeNull();
    expect((await store.read("k1", ["*"])).page).toBeNull();
    expect((await store.read("k6", ["*"])).page).not.toBeNull();
  });

  it("never keeps an entry larger than the whole budget", async () => {
    const store = memoryPageStore(1000);
    await store.write("big", page("x".repeat(2000)), 60_000);
    expect(store.size()).toBe(0);
  });

  it("forgets expired entries", async () => {
    const store = memoryPageStore(100_000);
    await store.write("k", page("a"), 1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await store.read("k", ["*"])).page).toBeNull();
  });
});

describe.skipIf(!process.env.REDIS_URL)("redis page store", () => {
  it("hands out one object while Redis holds the same render, so a hit does not deflate it again", async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const store = redisPageStore(redis, `nugget:pc:unit:${Date.now()}:`, {
        maxBytes: 1 << 26,
        lifeSeconds: 120,
      });
      const first = { ...page("<p>a</p>".repeat(400)), storedAt: 1000 };
      await store.write("/k", first, 60_000);
      const a = (await store.read("/k", ["*"])).page!;
      gzipWithNonce(a, "");
      const b = (await store.read("/k", ["*"])).page!;
      expect(b).toBe(a);
      expect(b.gzip).toBeDefined();
      // Another render under the key: read afresh.
      await store.write("/k", { ...first, body: Buffer.from("<p>b</p>"), storedAt: 2000 }, 60_000);
      const c = (await store.read("/k", ["*"])).page!;
      expect(c).not.toBe(a);
      expect(c.body.toString()).toBe("<p>b</p>");
    } finally {
      await redis.quit();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)("redis page store budget", () => {
  it("stores pages until the bytes written within a page's life reach the budget, then none", async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const prefix = `nugget:pc:budget:${Date.now()}:`;
    try {
      const store = redisPageStore(redis, prefix, { maxBytes: 40_000, lifeSeconds: 120 });
      const body = "x".repeat(9_000);
      for (let i = 0; i < 8; i++) await store.write(`/flood?k=${i}`, page(body), 60_000);
      const kept: number[] = [];
      for (let i = 0; i < 8; i++) if ((await store.read(`/flood?k=${i}`, ["*"])).page) kept.push(i);
      // Four pages of ~9 KB fit in 40 KB; the flood's rest is rendered as misses, never stored.
      expect(kept).toEqual([0, 1, 2, 3]);
      const keys = await redis.keys(`${prefix}p:*`);
      expect(keys).toHaveLength(4);
      // The counters live no longer than the pages they count.
      const buckets = await redis.keys(`${prefix}b:*`);
      expect(buckets.length).toBeGreaterThan(0);
      for (const b of buckets) expect(await redis.ttl(b)).toBeLessThanOrEqual(150);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});

describe("page cache", () => {
  const rule = { ttl: 30, swr: 60, scopes: ["*", "entry:1"] };

  it("renders once for concurrent misses of one key, and a purge makes the entry a miss", async () => {
    const cache = new PageCache(memoryPageStore(1 << 20), (e) => {
      throw e;
    });
    const first = await cache.lookup("/x", rule, async () => {});
    const others = Array.from({ length: 20 }, () => cache.lookup("/x", rule, async () => {}));
    if (first.state !== "miss") throw new Error("no miss");
    // The others wait for the first render instead of rendering.
    await new Promise((r) => setTimeout(r, 5));
    first.done(page("rendered", first.gens));
    const states = (await Promise.all(others)).map((l) => l.state);
    expect(states.every((s) => s === "hit")).toBe(true);
    expect(cache.renders).toBe(1);
    expect((await cache.lookup("/x", rule, async () => {})).state).toBe("hit");
    await cache.purge(["entry:1"]);
    const after = await cache.lookup("/x", rule, async () => {});
    expect(after.state).toBe("miss");
    if (after.state === "miss") after.done(null);
  });

  it("serves no stored page after a purge the store did not take, until a purge of every page goes through", async () => {
    const memory = memoryPageStore(1 << 20);
    let refusing = false;
    // The store of a Redis that keeps its pages but times out on writes (a slow moment, CLIENT PAUSE).
    const store = {
      ...memory,
      async purge(scopes: string[]) {
        if (refusing) throw new Error("Command timed out");
        return memory.purge(scopes);
      },
    };
    const cache = new PageCache(store, () => undefined);
    const first = await cache.lookup("/z", rule, async () => {});
    if (first.state !== "miss") throw new Error("no miss");
    first.done(page("shows entry 1", first.gens));
    expect((await cache.lookup("/z", rule, async () => {})).state).toBe("hit");
    refusing = true;
    await cache.purge(["entry:1"]);
    // The page still in the store shows what was just deleted: not served, rendered.
    const during = await cache.lookup("/z", rule, async () => {});
    expect(during.state).toBe("miss");
    if (during.state === "miss") during.done(null);
    expect(cache.peekNow("/z", rule, async () => {})).toBeUndefined();
    refusing = false;
    // Back: everything is purged once, so the old page never returns; the next render is kept.
    const after = await cache.lookup("/z", rule, async () => {});
    expect(after.state).toBe("miss");
    if (after.state === "miss") after.done(page("without entry 1", after.gens));
    const hit = await cache.lookup("/z", rule, async () => {});
    expect(hit.state === "hit" && hit.page.body.toString()).toBe("without entry 1");
  });

  it("owes the purge again when another one fails while the owed one is being made", async () => {
    const memory = memoryPageStore(1 << 20);
    let refusing = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = {
      ...memory,
      async purge(scopes: string[]) {
        if (refusing) throw new Error("Command timed out");
        if (scopes.includes("*")) await held;
        return memory.purge(scopes);
      },
    };
    const cache = new PageCache(store, () => undefined);
    await cache.purge(["entry:1"]);
    refusing = false;
    // The owed purge of every page starts and waits; another purge fails meanwhile.
    const during = cache.lookup("/v", rule, async () => {});
    await new Promise((r) => setTimeout(r, 5));
    refusing = true;
    await cache.purge(["entry:2"]);
    refusing = false;
    release();
    const first = await during;
    expect(first.state).toBe("miss");
    if (first.state === "miss") first.done(page("rendered during the outage", first.gens));
    // Still owed: the page rendered meanwhile may predate what failed, so it is not served.
    const next = await cache.lookup("/v", rule, async () => {});
    expect(next.state).toBe("miss");
    if (next.state === "miss") next.done(null);
  });

  it("purges every page once the store answers, when a writer's mark could not be stored", async () => {
    const cache = new PageCache(memoryPageStore(1 << 20), () => undefined);
    const first = await cache.lookup("/w", rule, async () => {});
    if (first.state !== "miss") throw new Error("no miss");
    first.done(page("before the write", first.gens));
    expect((await cache.lookup("/w", rule, async () => {})).state).toBe("hit");
    cache.owePurge();
    const after = await cache.lookup("/w", rule, async () => {});
    expect(after.state).toBe("miss");
    if (after.state === "miss") after.done(null);
  });

  it("serves a stale entry while one background render refreshes it", async () => {
    const cache = new PageCache(memoryPageStore(1 << 20), () => undefined);
    await cache.store.write("/y", { ...page("old", [0, 0]), storedAt: Date.now() - 31_000 }, 90_000);
    let refreshes = 0;
    const states = await Promise.all(
      Array.from({ length: 5 }, () =>
        cache.lookup("/y", rule, async () => {
          refreshes++;
        }),
      ),
    );
    expect(states.map((s) => s.state)).toEqual(["stale", "stale", "stale", "stale", "stale"]);
    expect(refreshes).toBe(1);
  });

  it("gives every response its own nonce in place of the render's", () => {
    const p = { ...page('<script nonce="AAA">1</script><script nonce="AAA">2</script>'), nonce: "AAA" };
    expect(bodyWithNonce(p, "BBB").toString()).toBe(
      '<script nonce="BBB">1</script><script nonce="BBB">2</script>',
    );
    expect(bodyWithNonce(p, "CCC").toString()).not.toContain("AAA");
  });

  it("answers gzip without compressing per response: the stream inflates to the body with the new nonce", () => {
    const nonce = "nonce-of-the-render-0001";
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 3000 }), { maxLength: 6 }), (pieces) => {
        const p = { ...page(pieces.join(nonce)), nonce };
        const fresh = "fresh-nonce-of-response";
        const gz = gzipWithNonce(p, fresh);
        expect(zlib.gunzipSync(gz).equals(bodyWithNonce(p, fresh))).toBe(true);
        // The second answer reuses the deflated parts and still carries its own nonce.
        expect(zlib.gunzipSync(gzipWithNonce(p, "another-nonce-for-resp")).toString()).toBe(
          pieces.join("another-nonce-for-resp"),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("writes a fresh nonce of the render's length into one gzip answer built once, its CRC computed from the nonce alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 3000 }), { maxLength: 25 }),
        fc.array(fc.uint8Array({ minLength: 16, maxLength: 16 }), { minLength: 1, maxLength: 4 }),
        (pieces, randoms) => {
          const rendered = newNonce();
          const p = { ...page(pieces.join(rendered)), nonce: rendered };
          const out: [Buffer, string][] = [];
          for (const [i, random] of randoms.entries()) {
            const fresh = Buffer.from(random).toString("base64url");
            const answer = gzipWithNonce(p, fresh);
            // gunzip checks the trailer's CRC-32 and length against what it inflated.
            expect(zlib.gunzipSync(answer).equals(Buffer.from(pieces.join(fresh)))).toBe(true);
            // Every other answer is handed back as a finished response's would be: the next one
            // rewrites that buffer, and only a nonce'd answer may ever be reused.
            if (i % 2 === 0) reuseGzip(p, answer);
            else out.push([answer, fresh]);
          }
          // Answers still out (not handed back) are never rewritten by later ones.
          for (const [answer, fresh] of out) {
            expect(zlib.gunzipSync(answer).equals(Buffer.from(pieces.join(fresh)))).toBe(true);
          }
          if (pieces.length < 2) expect(gzipWithNonce(p, newNonce())).toBe(p.gzip!.bytes);
          expect(p.gzip?.nonceAt.length).toBe(Math.max(0, pieces.length - 1));
        },
      ),
      { numRuns: 80 },
    );
  });
});
