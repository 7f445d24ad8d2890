import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { Database } from "../../db/client.ts";
import type { RedisOutage } from "./redis.ts";

/**
 * Small "something changed" messages between app instances (live unread counts). Through
 * Redis pub/sub when REDIS_URL is set; otherwise through PostgreSQL LISTEN/NOTIFY on a PostgreSQL
 * server; on PGlite only inside the process (PGlite is one process). One subscription per app,
 * whatever the number of listeners; a message reaches this instance's own handlers at once, without
 * the round trip, and the copy that comes back from Redis or PostgreSQL is dropped.
 *
 * Delivery is at most once: a message sent while the link is down is lost. So when the link comes
 * back after a loss, `onResync` handlers run: they re-read whatever they show (the unread counts of
 * open streams) instead of trusting that they heard everything.
 */
export interface SignalBus {
  kind: "redis" | "postgres" | "local";
  /** Sends `message` to every instance's `channel` handlers, this one's included. Never throws. */
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): void;
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: senders keep messages below this. */
export const SIGNAL_MAX_BYTES = 7000;

const WIRE_CHANNEL = "nugget_signals";

export interface SignalLog {
  warn: (message: string) => void;
  info: (message: string) => void;
}

export async function createSignalBus(opts: {
  redis?: Redis;
  /** With `redis`: its outages' account, which counts a send that failed in one (lib/redis.ts). */
  redisOutage?: Pick<RedisOutage, "failed">;
  database: Database;
  databaseUrl?: string;
  log: SignalLog;
}): Promise<SignalBus> {
  // Which instance sent a message: the copy of one's own that comes back is skipped.
  const origin = randomBytes(6).toString("hex");
  const handlers = new Map<string, Set<(message: string) => void>>();
  const resyncs = new Set<() => void>();

  const deliver = (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (err) {
        opts.log.warn(`signal handler failed: ${(err as Error).message}`);
      }
    }
  };
  const resync = () => resyncs.forEach((fn) => fn());
  const wire = (channel: string, message: string) => `${origin} ${channel} ${message}`;
  const received = (payload: string) => {
    const first = payload.indexOf(" ");
    const second = payload.indexOf(" ", first + 1);
    if (first < 0 || second < 0 || payload.slice(0, first) === origin) return;
    deliver(payload.slice(first + 1, second), payload.slice(second + 1));
  };

  let send: (payload: string) => Promise<unknown> = async () => undefined;
  let close: () => Promise<void> = async () => undefined;
  let kind: SignalBus["kind"] = "local";

  if (opts.redis) {
    kind = "redis";
    const publisher = opts.redis;
    // A connection in subscriber mode can do nothing else, so it is a second one, with the same
    // outage rules (server/lib/redis.ts: fail fast, reconnect forever). Subscribing again on every
    // `ready` is done here rather than by ioredis, so the same moment can trigger the resync.
    const subscriber = publisher.duplicate({ autoResubscribe: false });
    let connectedOnce = false;
    // Without an error listener ioredis's error event would end the process; connectRedis on the
    // main connection already reports the outage.
    subscriber.on("error", () => {});
    subscriber.on("ready", () => {
      subscriber.subscribe(WIRE_CHANNEL).then(
        () => {
          if (connectedOnce) resync();
          connectedOnce = true;
        },
        (err: Error) => opts.log.warn(`signal subscription failed: ${err.message}`),
      );
    });
    subscriber.on("message", (_channel: string, payload: string) => received(payload));
    send = (payload) => publisher.publish(WIRE_CHANNEL, payload);
    close = async () => {
      await subscriber.quit().catch(() => subscriber.disconnect());
    };
  } else if (opts.database.kind === "postgres" && opts.databaseUrl) {
    kind = "postgres";
    const pg = await import("pg");
    const url = opts.databaseUrl;
    let client: import("pg").Client | null = null;
    let closed = false;
    let failures = 0;
    let timer: NodeJS.Timeout | undefined;
    // LISTEN needs a session of its own, held for good: a pooled connection would be handed to
    // other queries (and a transaction-mode pooler would not keep it), so it is its own client.
    const listen = async (): Promise<void> => {
      if (closed) return;
      const c = new pg.default.Client({ connectionString: url });
      c.on("error", () => {}); // the end event below reconnects
      c.on("notification", (n) => {
        if (n.channel === WIRE_CHANNEL && n.payload) received(n.payload);
      });
      c.on("end", () => {
        if (client !== c || closed) return;
        client = null;
        opts.log.warn("signal listener lost its PostgreSQL connection; reconnecting");
        retry();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${WIRE_CHANNEL}`);
      } catch (err) {
        await c.end().catch(() => undefined);
        if (failures === 0) opts.log.warn(`signal listener cannot connect (${(err as Error).message})`);
        retry();
        return;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      if (failures > 0) {
        opts.log.info("signal listener connected again");
        resync();
      }
      failures = 0;
    };
    const retry = () => {
      failures++;
      timer = setTimeout(() => void listen(), Math.min(250 * 2 ** failures, 5000));
      timer.unref();
    };
    await listen();
    send = (payload) => opts.database.sql.executeSql("select pg_notify($1, $2)", [WIRE_CHANNEL, payload]);
    close = async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    };
  }

  let sendFailing = false;
  return {
    kind,
    publish(channel, message) {
      queueMicrotask(() => deliver(channel, message));
      if (kind === "local") return;
      send(wire(channel, message)).then(
        () => {
          sendFailing = false;
        },
        (err: Error) => {
          // Logged once per outage (Redis's own account of it when it is Redis): the other
          // instances resync when their link returns.
          const counted = kind === "redis" && opts.redisOutage?.failed(err);
          if (!sendFailing && !counted) opts.log.warn(`signal not sent to other instances: ${err.message}`);
          sendFailing = true;
        },
      );
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
    },
    onResync(handler) {
      resyncs.add(handler);
    },
    close,
  };
}
