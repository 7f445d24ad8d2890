/**
 * Polls `probe` until it answers something other than undefined, and answers that; fails naming
 * `what` after `ms`. For what a test cannot await directly: another process's work (a job worker, a
 * second instance behind nginx).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { ms = 15_000, every = 50 }: { ms?: number; every?: number } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Polls `check` every `every` ms: true once it answers true, false if `ms` pass first. */
export async function until(check: () => Promise<boolean>, ms: number, every = 50): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return false;
}
