import fs from "node:fs";
import type { FastifyInstance } from "fastify";

/** What `requests` uncached asks of one URL cost the app's own process, per request. */
export interface Cost {
  /** User + system CPU time of this process (PostgreSQL, another process, not counted). */
  cpuMs: number;
  wallMs: number;
  /**
   * PostgreSQL's own CPU per request (every `postgres` process of this machine, from /proc), when
   * the server runs here; null elsewhere. Unlike wall − app CPU it does not vanish when the app's
   * threads (GC, compression) overlap PostgreSQL's work.
   */
  dbMs: number | null;
}

/** Clock ticks a second of /proc's utime and stime (USER_HZ: 100 on Linux everywhere). */
const TICK_MS = 10;

/** The CPU time so far of every process named postgres, in ms; null without /proc or postgres. */
function postgresCpuMs(): number | null {
  let dirs: string[];
  try {
    dirs = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of dirs) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …": the name may hold spaces, so fields count from the last ')'.
    const open = stat.indexOf("(");
    const close = stat.lastIndexOf(")");
    if (stat.slice(open + 1, close) !== "postgres") continue;
    const fields = stat.slice(close + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    found = true;
  }
  return found ? ticks * TICK_MS : null;
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
  const db = postgresCpuMs();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const res = await ask(1000 + i);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  const used = process.cpuUsage(cpu);
  const wallMs = (performance.now() - started) / requests;
  const dbAfter = db === null ? null : postgresCpuMs();
  return {
    cpuMs: (used.user + used.system) / 1000 / requests,
    wallMs,
    dbMs: db === null || dbAfter === null ? null : (dbAfter - db) / requests,
  };
}
