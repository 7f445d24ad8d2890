import type { Kv } from "./kv.ts";

export interface JobLog {
  info: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

/**
 * A periodic background job of this process (mail digests, tracking retention). It wakes every
 * `everyMs`; the work of one `slotMs` window is done once across every app instance — the first to
 * increment the window's key in the shared store (Redis when REDIS_URL) does it. A run never
 * overlaps the previous one. The first wake waits `firstDelayMs`, so a restart loop cannot turn
 * into a work loop and tests never wait on it. Answers the stop function (the app's onClose).
 */
export function startJob(opts: {
  name: string;
  kv: Kv;
  everyMs: number;
  slotMs: number;
  firstDelayMs: number;
  log: JobLog;
  run: (now: Date) => Promise<object>;
}): () => void {
  let running = false;
  async function tick() {
    if (running) return;
    const now = new Date();
    const slot = Math.floor(now.getTime() / opts.slotMs);
    running = true;
    try {
      // Without the shared store no instance can claim the slot: the work waits for the next wake
      // rather than risk running on every instance.
      const claim = await opts.kv
        .incr(`jobs:${opts.name}:${slot}`, Math.ceil((opts.slotMs * 2) / 1000))
        .catch((err: unknown) => {
          opts.log.error({ err }, `${opts.name} skipped: the shared store is unavailable`);
          return 0;
        });
      if (claim !== 1) return;
      opts.log.info(await opts.run(now), `${opts.name} done`);
    } catch (err) {
      opts.log.error({ err }, `${opts.name} failed`);
    } finally {
      running = false;
    }
  }
  const first = setTimeout(() => void tick(), opts.firstDelayMs);
  const timer = setInterval(() => void tick(), opts.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
