import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Kv } from "../lib/kv.ts";

/** How long a readiness probe waits for the database before calling it down. */
const DATABASE_PROBE_MS = 1000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T | "timeout"> =>
  Promise.race([work, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms).unref())]);

/**
 * Probes for a load balancer or orchestrator: /healthz says the process answers (restart it when
 * not); /readyz says whether it can serve now — the database answers and, when REDIS_URL is set,
 * Redis does (send it traffic when 200; 503 names what is down), and the instance is not draining
 * for a shutdown (plugins/drain.ts: 503 with d.draining). Neither is cached or logged in as anyone.
 */
export function installHealth(
  app: FastifyInstance,
  deps: { database: Database; kv: Kv; redisConfigured: boolean; draining?: () => boolean },
) {
  app.get("/healthz", { schema: { hide: true }, logLevel: "warn" }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { s: 1, m: "ok", d: null };
  });

  app.get("/readyz", { schema: { hide: true }, logLevel: "warn" }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (deps.draining?.()) {
      reply.code(503);
      return { s: 503, m: "实例正在停止", d: { draining: true } };
    }
    const [database, redis] = await Promise.all([
      withTimeout(
        deps.database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        DATABASE_PROBE_MS,
      ).then((r) => r === true),
      deps.redisConfigured ? deps.kv.ping() : Promise.resolve(null),
    ]);
    const ready = database && redis !== false;
    reply.code(ready ? 200 : 503);
    return {
      s: ready ? 1 : 503,
      m: ready ? "ok" : "服务繁忙，请稍后再试",
      d: {
        database: database ? "ok" : "down",
        redis: redis === null ? "off" : redis ? "ok" : "down",
        // With a replica: shown, never a reason to refuse traffic, since reads then fall back to
        // the primary (db/replica.ts).
        ...(deps.database.replica ? replicaDetails(deps.database.replica) : {}),
      },
    };
  });
}

function replicaDetails(replica: NonNullable<Database["replica"]>) {
  const { state, lagSeconds } = replica.status();
  return { replica: state, replicaLagSeconds: lagSeconds === null ? null : Math.round(lagSeconds * 10) / 10 };
}
