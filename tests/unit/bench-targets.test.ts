import { describe, expect, it } from "vitest";
import { UNCACHED_EXPLORE_BEFORE, verdictLines, verdicts, type Measured } from "../../bench/targets.ts";

const run = (overrides: Partial<Record<string, Partial<Measured>>> = {}): Measured[] =>
  [
    { name: "bare Fastify JSON route", target: "bare", rps: 40_000, p99: 5, errors: 0 },
    { name: "explore page, cache hit (SSR)", target: "cached", rps: 20_000, p99: 25, errors: 0 },
    { name: "explore popular p1, logged in (API)", target: "cached", rps: 3_999, p99: 30, errors: 0 },
    {
      name: "explore page, uncached (SSR)",
      target: "uncached",
      rps: 3 * UNCACHED_EXPLORE_BEFORE,
      p99: 900,
      errors: 0,
    },
    { name: "search mix of 12, uncached (API)", target: "uncached", rps: 200, p99: 51, errors: 0 },
  ].map((r) => ({ ...r, ...overrides[r.name] }));

const metOf = (list: ReturnType<typeof verdicts>, start: string) =>
  list.find((v) => v.target.startsWith(start))?.met;

describe("the bench's verdict on the targets", () => {
  it("holds a target exactly at its bound and fails it just past", () => {
    const list = verdicts(run(), { cached: 512 * 2 ** 20, uncached: 513 * 2 ** 20 }, [
      { name: "p50", ratio: 1.2 },
    ]);
    expect(metOf(list, "explore page, cache hits")).toBe(true);
    expect(metOf(list, "logged-in feed JSON")).toBe(false);
    expect(metOf(list, "uncached explore SSR")).toBe(true);
    expect(metOf(list, "search mix, result cache off")).toBe(false);
    expect(metOf(list, "page 50 / page 1")).toBe(true);
    expect(metOf(list, "zero non-2xx")).toBe(true);
    expect(metOf(list, "peak RSS of the app instance as deployed")).toBe(true);
    expect(metOf(list, "peak RSS of the instance without")).toBe(false);
  });

  it("counts every scenario's errors and leaves out targets whose scenarios did not run", () => {
    const list = verdicts(run({ "explore page, cache hit (SSR)": { errors: 2 } }), {}, []);
    expect(list.find((v) => v.target === "zero non-2xx responses")).toMatchObject({
      measured: "2",
      met: false,
    });
    expect(metOf(list, "article page, cache hits")).toBeUndefined();
    expect(metOf(list, "page 50 / page 1")).toBeUndefined();
    expect(verdictLines(list).filter((l) => l.endsWith("| **no** |"))).toHaveLength(3);
  });
});
