/**
 * At most `max` tasks at a time; the rest wait their turn in arrival order. The server renders pages
 * through one (SSR_CONCURRENCY): fifty renders started at once each hold their loader data and React
 * tree while they wait for the database and the CPU, and the process grew past 500 MB that way at
 * 50 connections; a few at a time finish in the same total time, as the CPU is the limit anyway.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let onIdle: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so nobody can overtake it.
        const next = waiting.shift();
        if (next) next();
        else if (--running === 0) {
          const idle = onIdle;
          onIdle = [];
          for (const resolve of idle) resolve();
        }
      }
    },
    /**
     * Resolves once nothing runs or waits, or after `maxMs`: a shutdown lets the tasks in hand end
     * before it closes what they use (true when they all did).
     */
    idle(maxMs: number): Promise<boolean> {
      if (running === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), maxMs);
        onIdle.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    /** Tasks running and waiting now (metrics, tests). */
    load: () => ({ running, waiting: waiting.length }),
  };
}
