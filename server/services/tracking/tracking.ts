import { randomBytes } from "node:crypto";
import { badRequest } from "../../lib/errors.ts";
import { databaseUnavailable } from "../../lib/pg-errors.ts";
import { serialFlush } from "../../lib/serial-flush.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import type { Caller, Deps } from "../deps.ts";
import { insertEvents, type NewTrackingEvent } from "./queries.ts";
import {
  ACTIONS_BY_OBJECT,
  type CollectorQuery,
  type IncrementBody,
  type LogQuery,
  type PunchQuery,
  type TrackedObject,
} from "./schema.ts";

/** Buffered events are written at least this often… */
export const FLUSH_MS = 1000;
/** …or as soon as this many wait. */
export const FLUSH_EVENTS = 200;
/** Rows in one INSERT (12 columns: far below PostgreSQL's 65,535 parameters). */
const MAX_ROWS_PER_INSERT = 1000;
/** If the database stays down, the oldest events go rather than the memory. */
const MAX_BUFFERED = 20_000;

/** Where flush failures go: the app's logger once the routes are registered (`useLogger`). */
export interface TrackingLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What a tracking call answers: how many events it queued and whose they are. */
export interface Recorded {
  recorded: number;
  /** The user the events are attributed to: always the session's, never a `uid` from the query. */
  uid: string | null;
}

/**
 * Tracking (spec §7: log, collector, punch, gen_suid). A call validates, attributes the events to the
 * session's user and queues them in memory; a timer (FLUSH_MS) or a full batch (FLUSH_EVENTS) writes
 * them with one multi-row INSERT. So a tracking call never waits on the database, and a failed write
 * is logged and dropped (§8: analytics errors are only logged) — it is append-only telemetry, not a
 * record anyone relies on — but only the rows that failed, never the others of their batch. `close()` (the app's onClose) writes what is left.
 */
export function createTrackingService(
  deps: Deps,
  opts: { flushMs?: number; flushEvents?: number; maxBuffered?: number } = {},
) {
  const flushMs = opts.flushMs ?? FLUSH_MS;
  const flushEvents = opts.flushEvents ?? FLUSH_EVENTS;
  const maxBuffered = opts.maxBuffered ?? MAX_BUFFERED;
  let log: TrackingLog = {
    error: (obj, msg) => console.error(msg, obj),
    warn: (obj, msg) => console.warn(msg, obj),
  };
  const buffer: NewTrackingEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  /**
   * Writes `rows`, halving a batch the database refused until only the rows it refuses are left
   * out: one bad event (schema.ts bounds each field to its column, so none should come) costs only
   * itself, never its batch. A database that is away refuses every half alike: the batch goes.
   * Resolves to the rows lost and the first refusal.
   */
  async function write(rows: NewTrackingEvent[]): Promise<{ lost: number; err?: unknown }> {
    try {
      await insertEvents(deps.db, rows);
      return { lost: 0 };
    } catch (err) {
      if (rows.length === 1 || databaseUnavailable(err)) return { lost: rows.length, err };
      const half = Math.ceil(rows.length / 2);
      const [a, b] = [await write(rows.slice(0, half)), await write(rows.slice(half))];
      return { lost: a.lost + b.lost, err: a.err ?? b.err ?? err };
    }
  }

  async function drain() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    let lost = 0;
    let firstErr: unknown;
    while (buffer.length) {
      const result = await write(buffer.splice(0, MAX_ROWS_PER_INSERT));
      lost += result.lost;
      firstErr ??= result.err;
    }
    // One line a flush, however many batches or rows it lost.
    if (lost) log.error({ err: firstErr, lost }, "tracking events could not be written");
  }

  /** Writes every event queued before the call; resolves when they are in (or logged as lost). */
  const flush = serialFlush(drain);

  function enqueue(rows: NewTrackingEvent[]) {
    if (closed) return;
    buffer.push(...rows);
    if (buffer.length > maxBuffered) {
      const dropped = buffer.splice(0, buffer.length - maxBuffered).length;
      log.warn({ dropped }, "tracking buffer full: oldest events dropped");
    }
    if (buffer.length >= flushEvents) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), flushMs);
      // A pending flush must not keep a process (or a test worker) alive; close() flushes anyway.
      timer.unref?.();
    }
  }

  /**
   * The user events are stored under. A `uid` in the query is only a hint from the page: storing it
   * would let anyone attribute clicks to someone else, so the session's user always wins and a
   * different or absent session simply ignores it.
   */
  function attribute(caller: Caller): string | null {
    return caller.userId;
  }

  function base(caller: Caller, q: { suid?: string; location?: string }) {
    return {
      uid: attribute(caller),
      suid: q.suid ?? "",
      location: q.location ?? "",
      createdAt: new Date(),
    };
  }

  return {
    /** GET /log: one behaviour event. The action must belong to the object type (400 objectType). */
    log(q: LogQuery, caller: Caller): Recorded {
      const objectType: TrackedObject = q.objectType ?? "entry";
      const allowed: readonly string[] = ACTIONS_BY_OBJECT[objectType];
      if (!allowed.includes(q.action)) {
        throw badRequest(`${objectType} 不支持动作 ${q.action}`, "objectType");
      }
      // The spec's /log has no target: its value is the object's id. Both forms are taken.
      const target = q.target || (objectType !== "page" && HEX_ID.test(q.value ?? "") ? q.value! : "");
      if (objectType !== "page" && !target) throw badRequest("缺少对象 id", "target");
      const row = {
        ...base(caller, q),
        action: q.action,
        objectType,
        target,
        value: q.value ?? "",
        category: q.category ?? "",
        referrer: q.referrer ?? "",
        source: q.source ?? "web",
      };
      enqueue([row]);
      return { recorded: 1, uid: row.uid };
    },

    /** GET /collector: entries shown in a list, one `impression` event each (duplicates folded). */
    collector(q: CollectorQuery, caller: Caller): Recorded {
      const ids = [...new Set(q.ids.split("|"))];
      const shared = { ...base(caller, q), source: q.source ?? "web" };
      enqueue(ids.map((target) => ({ ...shared, action: "impression", objectType: "entry", target })));
      return { recorded: ids.length, uid: shared.uid };
    },

    /** GET /punch: a "was here" mark; sub_location goes in `category`. */
    punch(q: PunchQuery, caller: Caller): Recorded {
      const row = {
        ...base(caller, q),
        action: "punch",
        objectType: "page",
        category: q.sub_location ?? "",
        source: q.src ?? "web",
      };
      enqueue([row]);
      return { recorded: 1, uid: row.uid };
    },

    /**
     * POST increment (spec §7 collection statistics). The counts themselves are kept by the
     * collection service in the same transaction as their rows, so a client's +1 never moves them
     * (anyone could inflate a set otherwise); the report is kept as an event for the statistics.
     */
    increment(q: IncrementBody, caller: Caller): Recorded {
      const row = {
        ...base(caller, {}),
        action: "increment",
        objectType: "collection",
        target: q.csId,
        value: `${q.event}:${q.num > 0 ? "+1" : "-1"}`,
        category: q.event,
        source: q.src ?? "web",
      };
      enqueue([row]);
      return { recorded: 1, uid: row.uid };
    },

    /** GET gen_suid: a new random browser id (128 bits, base64url, 22 characters); nothing stored. */
    genSuid(): { suid: string } {
      return { suid: randomBytes(16).toString("base64url") };
    },

    flush,

    /** Events waiting to be written (tests, health). */
    pending: () => buffer.length,

    /** Flush failures and dropped events are logged here (the routes hand over app.log). */
    useLogger(logger: TrackingLog) {
      log = logger;
    },

    /** Writes what is left and stops accepting events (the app's onClose). */
    async close() {
      closed = true;
      await flush();
    },
  };
}
