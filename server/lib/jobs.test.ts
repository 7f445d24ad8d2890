import { describe, expect, it } from "vitest";
import { memoryKv } from "./kv.ts";
import { startJob } from "./jobs.ts";

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    info: (_o: object, m: string) => lines.push(m),
    error: (_o: object, m: string) => lines.push(m),
  };
};

describe("startJob", () => {
  it("does a window's work once across instances sharing the store, and logs failures", async () => {
    const kv = memoryKv();
    const runs: string[] = [];
    const log = quietLog();
    // Two instances wake every 20 ms; a window is long enough that both wake inside the first one.
    const stops = ["a", "b"].map((name) =>
      startJob({
        name: "test-job",
        kv,
        everyMs: 20,
        slotMs: 60_000,
        firstDelayMs: 5,
        log,
        run: async () => {
          runs.push(name);
          return {};
        },
      }),
    );
    await new Promise((r) => setTimeout(r, 120));
    stops.forEach((stop) => stop());
    expect(runs).toHaveLength(1);
    expect(log.lines).toEqual(["test-job done"]);

    const failing = startJob({
      name: "failing-job",
      kv,
      everyMs: 1000,
      slotMs: 60_000,
      firstDelayMs: 5,
      log,
      run: async () => {
        throw new Error("boom");
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    failing();
    expect(log.lines).toContain("failing-job failed");
  });
});
