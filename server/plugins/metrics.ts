import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client.ts";
import type { JobQueue } from "../lib/queue.ts";

/**
 * /metrics in Prometheus's text format: request durations by route and status, the
 * anonymous page cache's hits (those answered in front of Fastify are counted but not timed), the
 * database pool, the job queues, and Node's own (memory, event loop lag, GC). Each app has its own
 * registry (tests build several apps in one process). Closed unless METRICS_TOKEN is set, and then
 * only to `Authorization: Bearer <token>`: the figures tell an outsider too much (which routes are
 * slow, how busy the site is).
 */
export function installMetrics(
  app: FastifyInstance,
  deps: { token: string | undefined; database: Database; jobs: JobQueue; eventStreams?: () => number },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "nugget_" });

  const duration = new Histogram({
    name: "nugget_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const COUNTED = new Set(["hit", "stale", "miss", "overlay-hit", "overlay-stale", "overlay-miss"]);
  const pageCache = new Counter({
    name: "nugget_page_cache_responses_total",
    help:
      "Cacheable responses by what the page cache did: hit, stale or miss for visitors; overlay-hit, " +
      "overlay-stale or overlay-miss for signed-in readers of a cached list",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "nugget_db_pool_connections",
    help: "PostgreSQL connections of this instance's pool: total, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = deps.database.pool?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "nugget_jobs",
    help: "Jobs each queue holds, by state (created, retry, active, completed, failed…)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of await deps.jobs.counts().catch(() => [])) {
        this.set({ queue, state }, count);
      }
    },
  });

  new Gauge({
    name: "nugget_sse_connections",
    help: "Server-Sent Event streams open on this instance (live unread counts)",
    registers: [registry],
    collect() {
      this.set(deps.eventStreams?.() ?? 0);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern, not its URL: one series per route, whatever the ids in the path.
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    // An event stream lasts as long as the page stays open: not a slow request (the gauge counts them).
    if (String(reply.raw.getHeader("content-type") ?? "").startsWith("text/event-stream")) return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    const cache = reply.getHeader("x-cache") ?? reply.raw.getHeader("x-cache");
    if (typeof cache === "string" && COUNTED.has(cache)) pageCache.inc({ result: cache });
  });

  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : null;
  app.get("/metrics", { schema: { hide: true }, logLevel: "warn" }, async (request, reply) => {
    if (!expected) return reply.code(404).send({ s: 404, m: "不存在", d: null });
    const presented = Buffer.from(String(request.headers.authorization ?? ""));
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      return reply
        .code(401)
        .header("www-authenticate", "Bearer")
        .send({ s: 401, m: "需要 METRICS_TOKEN", d: null });
    }
    reply.header("content-type", registry.contentType).header("cache-control", "no-store");
    return registry.metrics();
  });
  // Bound once: a hit in front of Fastify costs microseconds, and finding the child by its labels
  // on every count was a visible share of them.
  const frontCounts = {
    hit: pageCache.labels({ result: "hit" }),
    stale: pageCache.labels({ result: "stale" }),
    "overlay-hit": pageCache.labels({ result: "overlay-hit" }),
    "overlay-stale": pageCache.labels({ result: "overlay-stale" }),
  };
  return {
    /** Counts a page-cache answer given in front of Fastify (plugins/page-cache.ts), which no hook sees. */
    countPageCache: (result: keyof typeof frontCounts) => frontCounts[result].inc(),
  };
}
