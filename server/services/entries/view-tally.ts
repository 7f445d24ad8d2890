import type { Db } from "../../../db/client.ts";
import { serialFlush } from "../../lib/serial-flush.ts";
import { addViews } from "./queries.ts";

/** How often counted views reach the database. */
const FLUSH_MS = 3_000;
/** A batch this size is written at once rather than waiting for the timer. */
const FLUSH_KEYS = 2_000;
/** If the database stays away, views of entries beyond this many distinct ones are dropped (logged). */
const MAX_KEYS = 100_000;

/** Where flush failures go: the app's logger once the routes are registered. */
export interface ViewTallyLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Counted views, added to `entries.views_count` (and the viewer's `users.viewed_entries_count`) in
 * batches. Juejin-sized traffic is tens of millions of views a day: a row and a
 * transaction per view made `entry_views` the largest table and write-locked the hottest entry rows
 * on every read. Whether a view counts is decided before this, in the shared store (30-minute
 * window); here each instance only sums what it counted and writes it every FLUSH_MS with one
 * statement per table, so a view costs no transaction and no row lock. A failed write keeps its sums
 * for the next try; what a crash loses is at most the views since the last flush of that instance.
 * `close()` (the app's onClose) writes what is left.
 */
export function createViewTally(db: Db, opts: { flushMs?: number; flushKeys?: number } = {}) {
  const flushMs = opts.flushMs ?? FLUSH_MS;
  const flushKeys = opts.flushKeys ?? FLUSH_KEYS;
  let log: ViewTallyLog = {
    error: (obj, msg) => console.error(msg, obj),
    warn: (obj, msg) => console.warn(msg, obj),
  };
  let entryViews = new Map<string, number>();
  let viewerViews = new Map<string, number>();
  /** The batch being written: still unwritten for getEntryView's answer until it commits. */
  let inFlight = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function addTo(map: Map<string, number>, key: string, n: number) {
    map.set(key, (map.get(key) ?? 0) + n);
  }

  async function drain() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!entryViews.size && !viewerViews.size) return;
    const entriesBatch = entryViews;
    const viewersBatch = viewerViews;
    entryViews = new Map();
    viewerViews = new Map();
    inFlight = entriesBatch;
    try {
      await addViews(db, entriesBatch, viewersBatch);
    } catch (err) {
      // Back into the sums: the next flush writes them with whatever came since.
      for (const [k, n] of entriesBatch) addTo(entryViews, k, n);
      for (const [k, n] of viewersBatch) addTo(viewerViews, k, n);
      log.error(
        { err, entries: entriesBatch.size },
        "counted views could not be written; kept for the next try",
      );
      if (entryViews.size > MAX_KEYS) {
        const over = [...entryViews.keys()].slice(0, entryViews.size - MAX_KEYS);
        for (const k of over) entryViews.delete(k);
        log.warn({ dropped: over.length }, "view tally full: the oldest entries' views dropped");
      }
      if (!closed) schedule();
    } finally {
      inFlight = new Map();
    }
  }

  /** Writes every view counted before the call; resolves when they are in (or kept after a failure). */
  const flush = serialFlush(drain);

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => void flush(), flushMs);
    // A pending flush must not keep a process (or a test worker) alive; close() flushes anyway.
    timer.unref?.();
  }

  return {
    /** One counted view of `entryId`, by `viewerId` when logged in. */
    add(entryId: string, viewerId: string | null) {
      addTo(entryViews, entryId, 1);
      if (viewerId) addTo(viewerViews, viewerId, 1);
      if (closed) return;
      if (entryViews.size >= flushKeys) void flush();
      else schedule();
    },

    /** Views of the entry counted here and not yet written (getEntryView adds them to the stored count). */
    pending: (entryId: string) => (entryViews.get(entryId) ?? 0) + (inFlight.get(entryId) ?? 0),

    flush,

    useLogger(logger: ViewTallyLog) {
      log = logger;
    },

    /** Writes what is left (the app's onClose, while the database is still open). */
    async close() {
      closed = true;
      await flush();
      if (entryViews.size) log.error({ entries: entryViews.size }, "counted views lost at shutdown");
    },
  };
}
