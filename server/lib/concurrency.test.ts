import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency.ts";

describe("concurrencyLimit", () => {
  it("never runs more than max at once, runs every task, in arrival order, and survives failures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ ms: fc.integer({ min: 0, max: 5 }), fails: fc.boolean() }), { maxLength: 30 }),
        async (max, tasks) => {
          const limit = concurrencyLimit(max);
          let now = 0;
          let peak = 0;
          const started: number[] = [];
          const results = await Promise.allSettled(
            tasks.map((t, i) =>
              limit.run(async () => {
                started.push(i);
                peak = Math.max(peak, ++now);
                await new Promise((r) => setTimeout(r, t.ms));
                now--;
                if (t.fails) throw new Error(`task ${i}`);
                return i;
              }),
            ),
          );
          expect(peak).toBeLessThanOrEqual(max);
          expect(started).toEqual(tasks.map((_, i) => i));
          results.forEach((r, i) => expect(r.status).toBe(tasks[i].fails ? "rejected" : "fulfilled"));
          expect(limit.load()).toEqual({ running: 0, waiting: 0 });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("tells when every task in hand has ended, or gives up after its bound", async () => {
    const limit = concurrencyLimit(1);
    expect(await limit.idle(10)).toBe(true);
    let release = () => {};
    const first = limit.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = limit.run(async () => {});
    expect(await limit.idle(20)).toBe(false);
    const idle = limit.idle(5_000);
    let settled = false;
    void idle.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(await idle).toBe(true);
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });
});
