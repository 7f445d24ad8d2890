import PgBoss from "pg-boss";
import { sqlExecutor, type Database, type Tx } from "../../db/client.ts";
import type { TroubledJob } from "../../shared/jobs.ts";

export type { TroubledJob };

/**
 * Durable background jobs on PostgreSQL (pg-boss 10). A job is a row in the `pgboss`
 * schema of the app's own database — on a PostgreSQL server and on the embedded PGlite alike
 * (pg-boss talks to PGlite through `Database.sql`) — so a job enqueued inside a transaction exists
 * exactly when that transaction commits, any instance's worker may take it, a job whose worker
 * died is taken again once it expires, and a failing one is retried with backoff, then kept as
 * failed.
 */
export interface JobQueue {
  /**
   * Enqueues `data` for the `name` workers; inside `tx` when given. `retryLimit` overrides the
   * queue's policy for this one job (0: fail for good at the first error). Answers the job's id
   * (null when pg-boss dropped it as a duplicate).
   */
  send(name: JobName, data: object, opts?: { tx?: Tx; retryLimit?: number }): Promise<string | null>;
  /** Runs `handler` for this queue's jobs, in this process, as they come (polling every 2 s). */
  work(name: JobName, handler: (data: never) => Promise<void>): Promise<void>;
  /**
   * Makes `name` a job at every `cron` time (five fields, China Standard Time): one job each time
   * across every instance, whichever instance's clock notices first.
   */
  schedule(name: JobName, cron: string): Promise<void>;
  /** How many jobs each queue holds in each state (created, retry, active, completed, failed…). */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /**
   * Jobs that went wrong, newest first: failed for good, and those waiting for another try after a
   * failed one (state retry with an error kept). Keyset by (createdOn, id) below `before`.
   */
  troubled(opts: { limit: number; before?: { createdOn: string; id: string } }): Promise<TroubledJob[]>;
  /** Puts a failed job back in its queue for one more try; false when it is not (or no longer) failed. */
  retry(name: string, id: string): Promise<boolean>;
  /**
   * Runs every job that is due now to its end, here and now (tests; the bench): of `queues` when
   * named, else of every queue this process works. Jobs another worker holds are waited for only
   * when it took them within the wait (DRAIN_MS): one taken earlier is left to expire.
   */
  drain(queues?: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** The queues, each with its retry policy. */
export const JOBS = {
  /** A published entry's submitEntry notifications to its author's followers. */
  "notify-followers": { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 },
  /**
   * The follow mail to a followee who asked for it (mailpush/digests.ts followed). A retry after a
   * send whose answer was lost may mail twice; never none.
   */
  "follow-mail": { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  /**
   * The hour's article digest, and on Monday mornings the weekly one (mailpush/schedule.ts). Each
   * skips users it already mailed, so a retry mails nobody twice.
   */
  "mail-digests": { retryLimit: 2, retryDelay: 300, expireInSeconds: 30 * 60 },
  /** Counters set back to their recount where they drifted (db/counters.ts repairDrift). */
  "counter-repair": { retryLimit: 1, retryDelay: 600, expireInSeconds: 2 * 60 * 60 },
  /** Months of tracking events past their retention (ADR 009), dropped whole (db/partitions.ts). */
  "tracking-retention": { retryLimit: 3, retryDelay: 600, expireInSeconds: 60 * 60 },
  /** Next months' partitions of the monthly tables made ahead (db/partitions.ts; idempotent). */
  "monthly-partitions": { retryLimit: 5, retryDelay: 600, expireInSeconds: 10 * 60 },
  /** An upload's resized copies (uploads.makeVariants; idempotent), enqueued with its record. */
  "upload-variants": { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  /** Search's champion lists rebuilt for the words now frequent (search-index/champions.ts). */
  "search-champions": { retryLimit: 2, retryDelay: 300, expireInSeconds: 60 * 60 },
  /** Uploads unused for UPLOAD_ORPHAN_HOURS: records and stored objects removed (ADR 007). */
  "upload-cleanup": { retryLimit: 2, retryDelay: 600, expireInSeconds: 60 * 60 },
  /** A 「下载我的数据」 archive built and stored (services/account-data; a finished one is skipped). */
  "account-export": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  /** Expired export files removed, and deletions past their grace period erased (hourly). */
  "account-housekeeping": { retryLimit: 2, retryDelay: 300, expireInSeconds: 60 * 60 },
} satisfies Record<string, Omit<PgBoss.Queue, "name">>;

/** The counter-repair job's cron: 03:15 and 15:15 China Standard Time. */
export const COUNTER_REPAIR_CRON = "15 3,15 * * *";

/** Schedules read the clock of China Standard Time (the site's readers' day). */
const SCHEDULE_TZ = "Asia/Shanghai";
export type JobName = keyof typeof JOBS;

const POLLING_SECONDS = 2;
/** How long `drain` waits for jobs other workers hold. */
const DRAIN_MS = 30_000;

export interface QueueLog {
  error: (o: object, m: string) => void;
}

/** How long a failed job stays where admins can see and retry it before pg-boss archives it. */
const FAILED_KEPT_SECONDS = 14 * 24 * 60 * 60;

export interface QueueOptions {
  /**
   * How often this instance expires jobs whose worker vanished, archives and drops old ones
   * (pg-boss's default: 120 s). Tests that kill a worker shorten it.
   */
  maintenanceIntervalSeconds?: number;
  /** How long stop() lets jobs in hand run on before pg-boss marks them failed (default 5 s; min 1 s). */
  stopTimeoutMs?: number;
}

export async function startQueue(
  database: Database,
  log: QueueLog,
  options: QueueOptions = {},
): Promise<JobQueue> {
  // pg-boss records a job's end without awaiting it, so a handler that outlives stop() (its 5 s are
  // up; pg-boss has already marked the job failed, to be retried) would write to a closed pool and
  // raise an unhandled rejection. Once stopped, the queue's statements go nowhere instead, answering
  // as pg-boss's complete and fail read it: no job changed.
  let closed = false;
  const db: typeof database.sql = {
    executeSql: (text, values) =>
      closed ? Promise.resolve({ rows: [{ count: 0 }], rowCount: 0 }) : database.sql.executeSql(text, values),
  };
  const makeBoss = () => {
    const made = new PgBoss({
      db,
      schema: "pgboss",
      // Maintenance (expiring, archiving) and the cron clock both on: every instance watches the
      // schedules, pg-boss makes one job per time.
      schedule: true,
      // pg-boss archives failed jobs with completed ones (12 h); admins get two weeks to look.
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
      ...(options.maintenanceIntervalSeconds
        ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }
        : {}),
    } as PgBoss.ConstructorOptions);
    made.on("error", (err) => log.error({ err }, "job queue error"));
    return made;
  };
  // pg-boss installs its schema under a lock, but decides whether to install before taking it: two
  // instances starting together on a new database may both try, and the second trips over the
  // first's schema or type ("already exists"). A moment later it is installed; a fresh try finds it.
  let boss = makeBoss();
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.start();
      break;
    } catch (err) {
      const code = (err as { code?: string }).code ?? "";
      if (attempt >= 5 || !["23505", "42710", "42P06", "42P07", "40P01"].includes(code)) throw err;
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt + Math.random() * 200));
      boss = makeBoss();
    }
  }
  // Instances starting together on a new database (a first deploy, a release with a new queue)
  // create the same queues at once, and PostgreSQL picks one of them as a deadlock victim (or one
  // finds the other's row): a moment later the queues exist and the next try only updates them.
  for (let attempt = 1; ; attempt++) {
    try {
      for (const [name, policy] of Object.entries(JOBS)) {
        // createQueue keeps an existing queue as it is; updateQueue makes the policy the code's.
        if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...policy });
        else await boss.createQueue(name, { name, ...policy });
      }
      break;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== "40P01" && code !== "23505" && code !== "42P07")) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
  const handlers = new Map<string, (data: never) => Promise<void>>();
  let stopped = false;

  return {
    async send(name, data, opts = {}) {
      return boss.send(name, data, {
        ...(opts.tx ? { db: sqlExecutor(opts.tx) } : {}),
        ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      });
    },

    async work(name, handler) {
      handlers.set(name, handler);
      await boss.work(name, { pollingIntervalSeconds: POLLING_SECONDS }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },

    async counts() {
      const { rows } = await database.sql.executeSql(
        "select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2",
      );
      return rows as { queue: string; state: string; count: number }[];
    },

    async troubled({ limit, before }) {
      // Columns by name: pg-boss 10's job table. Failed rows and retry rows that carry an error.
      const { rows } = await database.sql.executeSql(
        `select id::text, name as queue, state::text as state, retry_count as "retryCount",
                retry_limit as "retryLimit",
                to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdOn",
                coalesce(completed_on, started_on) as "failedOn", output, data
           from pgboss.job
          where (state = 'failed' or (state = 'retry' and output is not null))
            and ($1::timestamptz is null or (created_on, id) < ($1::timestamptz, $2::uuid))
          order by created_on desc, id desc
          limit $3`,
        [before?.createdOn ?? null, before?.id ?? null, limit],
      );
      return (rows as RawTroubled[]).map(presentTroubled);
    },

    async retry(name, id) {
      if (!(name in JOBS) || !UUID.test(id)) return false;
      const job = await boss.getJobById(name, id);
      if (job?.state !== "failed") return false;
      await boss.retry(name, id);
      return true;
    },

    async schedule(name, cron) {
      await boss.schedule(name, cron, undefined, { tz: SCHEDULE_TZ });
    },

    async drain(queues) {
      // Until no queue holds a job that is due or in hand: jobs this process fetches run here, and
      // one another instance (or test file, on a shared database) has in hand is waited for.
      const deadline = Date.now() + DRAIN_MS;
      const drained = [...handlers].filter(([name]) => !queues || queues.includes(name));
      for (;;) {
        let ran = false;
        for (const [name, handler] of drained) {
          for (const job of await boss.fetch(name, { batchSize: 20 })) {
            ran = true;
            try {
              await handler(job.data as never);
              await boss.complete(name, job.id);
            } catch (err) {
              await boss.fail(name, job.id, err as object);
              throw err;
            }
          }
        }
        if (ran) continue;
        // Due jobs, and jobs another worker took within the wait: one taken long before is most
        // likely held by a process that went away mid-job (a test file's app closed, an instance
        // killed), which pg-boss takes back only when it expires — minutes, not worth waiting for.
        const { rows } = await database.sql.executeSql(
          `select count(*)::int as n from pgboss.job
            where name = any($1::text[])
              and ((state in ('created', 'retry') and start_after <= now())
                or (state = 'active' and started_on > now() - make_interval(secs => $2)))`,
          [drained.map(([name]) => name), DRAIN_MS / 1000],
        );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still waiting after ${DRAIN_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      // Jobs in hand get a moment to end; unfinished ones are taken again after they expire.
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5000 });
      closed = true;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A troubled job as pg-boss's table holds it: the time as the driver reads it, the error as thrown. */
type RawTroubled = Omit<TroubledJob, "failedOn" | "error"> & {
  failedOn: Date | string | null;
  output: unknown;
};

const iso = (t: Date | string) => new Date(t).toISOString();

/** pg-boss keeps a thrown Error as { message, stack } (or { value: … } for other throws). */
function errorText(output: unknown): string {
  if (output == null) return "";
  if (typeof output !== "object") return String(output);
  const o = output as { message?: unknown; stack?: unknown; value?: unknown };
  if (typeof o.stack === "string") return o.stack;
  if (typeof o.message === "string") return o.message;
  if (o.value !== undefined) return errorText(o.value);
  return JSON.stringify(output);
}

function presentTroubled(r: RawTroubled): TroubledJob {
  return {
    id: r.id,
    queue: r.queue,
    state: r.state,
    retryCount: r.retryCount,
    retryLimit: r.retryLimit,
    createdOn: r.createdOn,
    failedOn: r.failedOn ? iso(r.failedOn) : null,
    error: errorText(r.output),
    data: r.data,
  };
}
