/**
 * At most `max` tasks at a time; the rest wait their turn in arrival order. The server renders pages
 * through one (SSR_CONCURRENCY): fifty renders started at once each hold their loader data and React
 * tree while they wait for the database and the CPU, and the process grew past 500 MB that way at
 * 50 connections; a few at a time finish in the same total time, as the CPU is the limit anyway.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
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
        else running--;
      }
    },
    /** Tasks running and waiting now (metrics, tests). */
    load: () => ({ running, waiting: waiting.length }),
  };
}
