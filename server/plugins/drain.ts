import { constants } from "node:os";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * Leaving the balancer without dropping a request (README 运行多个实例). On the first
 * SIGTERM (or SIGINT) the instance drains: /readyz answers 503 so a balancer that polls it stops
 * sending, and every response carries `Connection: close` so the balancer keeps no idle connection
 * to an instance about to go (a request written into a connection the server has just closed is the
 * one a balancer cannot safely retry if it is a POST). After DRAIN_DELAY seconds the listener closes
 * — a new connection is refused, which nginx retries on another instance for any method — requests
 * in flight get DRAIN_TIMEOUT seconds to finish, then the app's onClose hooks hand unfinished jobs
 * back and close Redis and the database, and the process exits 0 (1 when requests had to be cut).
 * A second signal exits at once.
 */
export interface Drain {
  /** True from the first signal on. */
  readonly draining: boolean;
  start(): void;
}

/** The draining state and the hook that closes each connection after its response while draining. */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}

export interface ShutdownOptions {
  /** Milliseconds of serving while draining before the listener closes. */
  delayMs: number;
  /** Milliseconds requests in flight get once the listener is closed; then their connections are cut. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** process.exit, replaceable in tests. */
  exit?: (code: number) => void;
}

/**
 * Drains and closes the app on SIGTERM/SIGINT (see Drain); a second signal exits at once. Answers a
 * function that removes the handlers again (tests).
 */
export function closeOnSignals(app: FastifyInstance, drain: Drain, opts: ShutdownOptions): () => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const handlers = (["SIGTERM", "SIGINT"] as const).map((signal) => {
    const handler = () => {
      if (closing) {
        opts.log.warn({ signal }, "second signal while draining: exiting now");
        exit(128 + constants.signals[signal]);
        return;
      }
      closing = true;
      shutdown(app, drain, opts).then(exit, (err: unknown) => {
        opts.log.error({ err }, "shutdown failed");
        exit(1);
      });
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

/** Drains, closes, and answers the exit code: 0 when every request finished, 1 when some were cut. */
export async function shutdown(app: FastifyInstance, drain: Drain, opts: ShutdownOptions): Promise<number> {
  drain.start();
  opts.log.info(
    { delaySeconds: opts.delayMs / 1000, timeoutSeconds: opts.timeoutMs / 1000 },
    "draining: /readyz answers 503",
  );
  if (opts.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
  let cut = false;
  // The server's 'close' comes once the last connection has ended; the app's onClose hooks (jobs,
  // Redis, the database) run after it and keep their own bounds (queue.stop waits 5 s).
  const force = setTimeout(() => {
    cut = true;
    opts.log.warn(`requests still open after ${opts.timeoutMs / 1000} s of draining: closing them`);
    app.server.closeAllConnections();
  }, opts.timeoutMs);
  app.server.once("close", () => clearTimeout(force));
  await app.close();
  clearTimeout(force);
  opts.log.info(cut ? "closed after cutting open requests" : "drained and closed");
  return cut ? 1 : 0;
}
