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
