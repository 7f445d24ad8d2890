import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import type { Db } from "./client.ts";

/**
 * The read replica (DATABASE_REPLICA_URL, ADR 012). Services keep the one `db` they were built
 * with; what it does per call depends on the request it runs in:
 *
 * - a request marked `replica: true` (server/plugins/read-routing.ts: a GET or HEAD with no own
 *   write of its caller in the last REPLICA_STICKY_SECONDS) sends its plain reads — Drizzle
 *   `select`, `selectDistinct(On)`, `$count`, `query.*` — to the replica;
 * - everything else goes to the primary: insert/update/delete, `transaction` (a transaction's reads
 *   too), raw `execute` (its text may write), and all work outside a request (jobs, startup).
 *
 * Once a request touches a writing method its later reads go to the primary as well, so a loader
 * that counts a view and then reads sees its own row.
 */
export interface ReadRoute {
  replica: boolean;
}

/** Per request: may its plain reads go to the replica? No store (jobs, startup): the primary. */
export const readRouting = new AsyncLocalStorage<ReadRoute>();

const READS = new Set<PropertyKey>(["select", "selectDistinct", "selectDistinctOn", "$count", "query"]);
const WRITES = new Set<PropertyKey>([
  "insert",
  "update",
  "delete",
  "execute",
  "transaction",
  "refreshMaterializedView",
]);

/** The `db` services hold when a replica is configured: the primary's, with reads re-routed. */
export function routedDb(primary: Db, replica: Db): Db {
  const bound = new Map<PropertyKey, unknown>();
  const onReplica = (prop: PropertyKey) => {
    if (!bound.has(prop)) {
      const value = Reflect.get(replica, prop) as unknown;
      bound.set(prop, typeof value === "function" ? value.bind(replica) : value);
    }
    return bound.get(prop);
  };
  return new Proxy(primary, {
    get(target, prop, receiver) {
      const route = readRouting.getStore();
      if (route?.replica) {
        if (READS.has(prop)) return onReplica(prop);
        if (WRITES.has(prop)) route.replica = false;
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

export type ReplicaState = "ok" | "lagging" | "down";

export interface ReplicaStatus {
  state: ReplicaState;
  /** Seconds behind the primary at the last check; null when unknown (down, nothing replayed). */
  lagSeconds: number | null;
  /** Statements the replica answered, since start. */
  reads: number;
  /** Reads the replica failed (down, conflict with recovery) that the primary answered instead. */
  retried: number;
  /** Statements the replica refused because they write: routing mistakes, answered by the primary. */
  misrouted: number;
}

export interface Replica {
  /** The last check's view (every CHECK_MS, and at once after a failed read): /readyz shows it. */
  status(): ReplicaStatus;
  /** Checks reachability and lag now (tests; otherwise on a timer). */
  check(): Promise<ReplicaState>;
  close(): Promise<void>;
}

/** How often reachability and lag are looked at. A down replica is tried again at this pace. */
const CHECK_MS = 2000;
/** A check that takes longer than this calls the replica down (a hung host must not hang reads). */
const CHECK_TIMEOUT_MS = 1000;

/** Node's socket errors: the replica cannot be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * Why a read failed on the replica, when retrying it on the primary is the answer:
 * - "down": the connection failed or the server is shutting down or refusing (SQLSTATE class 08,
 *   57P01–57P03, 53300 too many connections) — stop sending reads there until a check says so;
 * - "retry": this statement only — cancelled by a conflict with recovery (40001 on a standby), or
 *   refused because it writes (25006: a routing mistake, logged once per text so it gets fixed).
 * Anything else (a syntax error, a bad parameter) would fail on the primary too: thrown as it is.
 */
function failureKind(err: unknown): "down" | "retry" | "write" | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (NETWORK_CODES.has(code) || code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code))
    return "down";
  if (/Connection terminated|connection error|timeout exceeded when trying to connect/i.test(message))
    return "down";
  if (code === "40001" && /recovery/i.test(message)) return "retry";
  if (code === "25006") return "write";
  return null;
}

type Queryable = Pick<pg.Pool, "query">;

/**
 * Opens the replica's pool and returns the client the replica's Drizzle instance talks to: each
 * query goes to the replica while the last check found it reachable and within `maxLagSeconds`
 * (0: no lag limit), else to the primary; a read the replica fails for one of the reasons above is
 * run again on the primary, so a replica that is down or lagging slows nothing and breaks nothing.
 */
export async function openReplica(opts: {
  url: string;
  primary: pg.Pool;
  Client: typeof pg.Client;
  maxLagSeconds: number;
  log: (message: string) => void;
}): Promise<{ client: Queryable; replica: Replica }> {
  const pgModule = (await import("pg")).default;
  const pool = new pgModule.Pool({
    connectionString: opts.url,
    max: 10,
    // A replica host that does not answer must cost a read little; the check then takes it out.
    connectionTimeoutMillis: 2000,
    Client: opts.Client,
  });
  // An idle connection the replica drops (a restart) is an 'error' on the pool: unheard, it would
  // end the process. The next read or check notices.
  pool.on("error", () => undefined);

  let state: ReplicaState = "ok";
  let lagSeconds: number | null = null;
  let closed = false;
  const warnedWrites = new Set<string>();
  const counts = { reads: 0, retried: 0, misrouted: 0 };

  function become(next: ReplicaState, why: string) {
    if (next === state) return;
    // One line a change of state, not one a read: a replica that stays down says so once.
    opts.log(
      next === "ok"
        ? "read replica back: reading from it again"
        : `read replica ${next === "down" ? "unreachable" : "lagging"} (${why}); reading from the primary`,
    );
    state = next;
  }

  async function measure(): Promise<ReplicaState> {
    // Caught up when the replica has replayed everything the primary had written when asked; else
    // the lag is the time since it last replayed a transaction (over-estimated right after a quiet
    // spell, which only sends reads to the primary a moment longer).
    const { rows: primaryRows } = await opts.primary.query<{ lsn: string }>(
      "select pg_current_wal_lsn()::text as lsn",
    );
    const { rows } = await pool.query<{ standby: boolean; caught_up: boolean | null; since: number | null }>(
      `select pg_is_in_recovery() as standby,
              pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
              extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since`,
      [primaryRows[0].lsn],
    );
    const r = rows[0];
    // A server not in recovery (pointed at the primary itself) has no lag to speak of.
    lagSeconds = !r.standby || r.caught_up ? 0 : (r.since ?? null);
    if (opts.maxLagSeconds > 0 && (lagSeconds === null || lagSeconds > opts.maxLagSeconds)) {
      become("lagging", lagSeconds === null ? "nothing replayed yet" : `${Math.round(lagSeconds)} s behind`);
    } else {
      become("ok", "");
    }
    return state;
  }

  let running: Promise<ReplicaState> | null = null;
  function check(): Promise<ReplicaState> {
    running ??= Promise.race([
      measure(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("no answer within 1 s")), CHECK_TIMEOUT_MS).unref(),
      ),
    ])
      .catch((err: Error) => {
        lagSeconds = null;
        become("down", err.message);
        return state;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  await check();
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();

  const client: Queryable = {
    query: (async (config: unknown, values?: unknown) => {
      const run = (target: Queryable) =>
        (target.query as (c: unknown, v?: unknown) => Promise<pg.QueryResult>)(config, values);
      if (state !== "ok" || closed) return run(opts.primary);
      try {
        const result = await run(pool);
        counts.reads++;
        return result;
      } catch (err) {
        const kind = failureKind(err);
        if (!kind) throw err;
        if (kind === "write") counts.misrouted++;
        else counts.retried++;
        if (kind === "down") {
          become("down", (err as Error).message);
        } else if (kind === "write") {
          const text = typeof config === "string" ? config : String((config as { text?: unknown }).text);
          if (!warnedWrites.has(text) && warnedWrites.size < 100) {
            warnedWrites.add(text);
            opts.log(
              `a statement routed to the read replica writes; ran it on the primary: ${text.slice(0, 200)}`,
            );
          }
        }
        return run(opts.primary);
      }
    }) as Queryable["query"],
  };

  return {
    client,
    replica: {
      status: () => ({ state, lagSeconds, ...counts }),
      check,
      async close() {
        closed = true;
        clearInterval(timer);
        await running;
        await pool.end();
      },
    },
  };
}
