import type { FastifyInstance } from "fastify";

/** What `requests` uncached asks of one URL cost the app's own process, per request. */
export interface Cost {
  /** User + system CPU time of this process (PostgreSQL, another process, not counted). */
  cpuMs: number;
  wallMs: number;
}

/**
 * Asks `url` of `app` through inject, one request at a time (no sockets, no load generator): 20 to
 * warm (JIT, prepared plans, a cache's one miss), then `requests` measured. Each request comes from
 * its own forwarded address, as the load bench's do, so search's per-address limit is not measured.
 * CPU time per request hardly moves when the machine is busy with other work, unlike req/s under load.
 */
export async function measureCost(
  app: FastifyInstance,
  url: string,
  requests: number,
  headers: Record<string, string> = {},
): Promise<Cost> {
  const ask = (i: number) =>
    app.inject({
      url,
      headers: { "accept-encoding": "gzip", "x-forwarded-for": `10.9.${i >> 8}.${i & 255}`, ...headers },
    });
  for (let i = 0; i < 20; i++) await ask(i);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const res = await ask(1000 + i);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / requests,
    wallMs: (performance.now() - started) / requests,
  };
}
