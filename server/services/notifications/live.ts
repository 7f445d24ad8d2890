import type { Db, Tx } from "../../../db/client.ts";
import { afterCommit, trackCommits } from "../../lib/after-commit.ts";
import { SIGNAL_MAX_BYTES, type SignalBus } from "../../lib/signals.ts";
import { countUnreadMany } from "./queries.ts";

/** Where a stream's Server-Sent Events go (the route hands in the HTTP response). */
export interface EventSink {
  write(chunk: string): void;
  end(): void;
}

/** At most one push per user this often: a burst of likes becomes one recount and one event. */
export const COALESCE_MS = 250;
/** A comment line this often keeps proxies (nginx's 60 s proxy_read_timeout) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * Open streams a user may hold on one instance (a tab each): a new one past this closes their
 * oldest, told `event: replaced` first so that its tab does not reconnect (app/lib/unread-stream.ts).
 */
export const MAX_STREAMS_PER_USER = 5;
/** Users recounted a statement. */
const RECOUNT_BATCH = 500;
/** The bus channel: "*" (everyone: a system notification) or user ids separated by spaces. */
const CHANNEL = "unread";
const EVERYONE = "*";
/** Ids a message, so one stays far below PostgreSQL's NOTIFY limit (25 bytes an id). */
const IDS_PER_MESSAGE = Math.floor(SIGNAL_MAX_BYTES / 25);

/** The live counts of each database's app (tests build several apps in one process). */
const byDatabase = new WeakMap<Db, Set<(users: string[]) => void>>();

/**
 * From inside a writer's transaction (notify, deep in another service): once it commits, these
 * users' counts changed. Nothing is sent if it rolls back.
 */
export function countsChangedAfterCommit(tx: Tx, userIds: string[]): void {
  afterCommit(tx, (db) => byDatabase.get(db)?.forEach((changed) => changed(userIds)));
}

interface Stream {
  userId: string;
  sink: EventSink;
  /** The counts last sent (their JSON): only a change is sent again. */
  last: string | null;
}

/**
 * The unread counts of open streams, kept live. Writers say whose counts changed
 * (`changed`), after their transaction commits; the message goes to every instance through the
 * signal bus (server/lib/signals.ts), and each instance recounts only the users it holds a stream
 * for — in batches, at most once per COALESCE_MS — and sends each stream its counts when they
 * differ from what it last sent.
 */
export function createLiveCounts(deps: { db: Db; signals: SignalBus; log: (message: string) => void }) {
  // A user's open streams (one a tab): an array, since almost always of one, costs less than a Set.
  const streams = new Map<string, Stream[]>();
  let open = 0;
  const dirty = new Set<string>();
  let everyone = false;
  let timer: NodeJS.Timeout | undefined;
  let flushing = false;
  let lastFlush = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  const write = (stream: Stream, chunk: string) => {
    try {
      stream.sink.write(chunk);
    } catch {
      // A socket that closed under us: its close handler removes the stream.
    }
  };

  function schedule() {
    if (timer || flushing || (!everyone && dirty.size === 0)) return;
    timer = setTimeout(() => void flush(), Math.max(0, lastFlush + COALESCE_MS - Date.now()));
    timer.unref();
  }

  function mark(users: string[] | typeof EVERYONE) {
    if (users === EVERYONE) everyone = true;
    else for (const id of users) if (streams.has(id)) dirty.add(id);
    schedule();
  }

  async function flush() {
    timer = undefined;
    flushing = true;
    lastFlush = Date.now();
    const users = everyone ? [...streams.keys()] : [...dirty].filter((id) => streams.has(id));
    dirty.clear();
    everyone = false;
    try {
      for (let i = 0; i < users.length; i += RECOUNT_BATCH) {
        for (const row of await countUnreadMany(deps.db, users.slice(i, i + RECOUNT_BATCH))) {
          const data = JSON.stringify({ user: row.user, system: row.system, total: row.user + row.system });
          for (const stream of streams.get(row.userId) ?? []) {
            if (stream.last === data) continue;
            stream.last = data;
            write(stream, `event: counts\ndata: ${data}\n\n`);
          }
        }
      }
    } catch (err) {
      // The database is away: try these users again at the next change or resync.
      deps.log(`live unread counts: recount failed (${(err as Error).message})`);
      for (const id of users) dirty.add(id);
    } finally {
      flushing = false;
      schedule();
    }
  }

  function changed(users: string[] | typeof EVERYONE) {
    if (users === EVERYONE) return deps.signals.publish(CHANNEL, EVERYONE);
    const unique = [...new Set(users)];
    for (let i = 0; i < unique.length; i += IDS_PER_MESSAGE) {
      deps.signals.publish(CHANNEL, unique.slice(i, i + IDS_PER_MESSAGE).join(" "));
    }
  }
  trackCommits(deps.db);
  let registered = byDatabase.get(deps.db);
  if (!registered) byDatabase.set(deps.db, (registered = new Set()));
  registered.add(changed);

  deps.signals.subscribe(CHANNEL, (message) => mark(message === EVERYONE ? EVERYONE : message.split(" ")));
  // Messages sent while the link was down are lost: recount everyone this instance serves.
  deps.signals.onResync(() => mark(EVERYONE));

  function remove(stream: Stream) {
    const list = streams.get(stream.userId);
    const at = list ? list.indexOf(stream) : -1;
    if (at < 0) return;
    open--;
    if (list!.length === 1) streams.delete(stream.userId);
    else list!.splice(at, 1);
    if (!open) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  /** Ends a stream from this side, after a last word when there is one. */
  function end(stream: Stream, last?: string) {
    remove(stream);
    if (last) write(stream, last);
    try {
      stream.sink.end();
    } catch {
      // already gone
    }
  }

  return {
    /**
     * Starts a stream of `userId`'s counts into `sink`: the current counts come first (within
     * COALESCE_MS, recounted with the others), then each change. Answers the function that ends it.
     */
    open(userId: string, sink: EventSink): () => void {
      const stream: Stream = { userId, sink, last: null };
      let list = streams.get(userId);
      // One account held 150 streams: each keeps a socket and is pushed every change.
      while (list && list.length >= MAX_STREAMS_PER_USER) {
        end(list[0], "event: replaced\ndata: {}\n\n");
        list = streams.get(userId);
      }
      if (list) list.push(stream);
      else streams.set(userId, [stream]);
      open++;
      // A browser reconnects after 3 s when the stream drops (instance restarting, proxy closed it).
      write(stream, "retry: 3000\n\n");
      if (!heartbeat) {
        heartbeat = setInterval(() => {
          for (const each of streams.values()) for (const s of each) write(s, ": ping\n\n");
        }, HEARTBEAT_MS);
        heartbeat.unref();
      }
      dirty.add(userId);
      schedule();
      return () => remove(stream);
    },

    /** Tells every instance these users' counts changed ("*": everyone's). Call after the commit. */
    changed,

    /** Open streams on this instance (/metrics). */
    size: () => open,

    /** Ends every stream (the app is closing): browsers reconnect, to another instance. */
    closeAll() {
      for (const list of [...streams.values()]) for (const stream of [...list]) end(stream);
      clearTimeout(timer);
      timer = undefined;
      registered.delete(changed);
    },
  };
}
