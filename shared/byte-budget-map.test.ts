import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteBudgetMap } from "./byte-budget-map";

type Op =
  | { op: "set"; key: string; bytes: number }
  | { op: "get" | "peek" | "delete"; key: string }
  | { op: "grow"; key: string; by: number };

const key = fc.constantFrom("a", "b", "c", "d", "e", "f");
const ops = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant("set" as const), key, bytes: fc.integer({ min: 0, max: 60 }) }),
    fc.record({ op: fc.constantFrom("get" as const, "peek" as const, "delete" as const), key }),
    fc.record({ op: fc.constant("grow" as const), key, by: fc.integer({ min: 0, max: 30 }) }),
  ),
  { maxLength: 60 },
);

/** The same rules written the slow, obvious way: an ordered list, oldest first. */
function model(budget: number, steps: Op[]) {
  const list: { key: string; value: number; bytes: number }[] = [];
  const total = () => list.reduce((n, e) => n + e.bytes, 0);
  const evict = () => {
    while (total() > budget && list.length > 1) list.shift();
  };
  const seen: (number | undefined)[] = [];
  steps.forEach((s, i) => {
    const at = list.findIndex((e) => e.key === s.key);
    if (s.op === "set") {
      if (at >= 0) list.splice(at, 1);
      list.push({ key: s.key, value: i, bytes: s.bytes });
      evict();
    } else if (s.op === "get") {
      seen.push(at >= 0 ? list[at].value : undefined);
      if (at >= 0) list.push(...list.splice(at, 1));
    } else if (s.op === "peek") {
      seen.push(at >= 0 ? list[at].value : undefined);
    } else if (s.op === "delete") {
      if (at >= 0) list.splice(at, 1);
    } else if (s.op === "grow" && at >= 0) {
      list[at].bytes += s.by;
      evict();
    }
  });
  return { keys: list.map((e) => e.key), bytes: total(), seen };
}

describe("ByteBudgetMap", () => {
  it("keeps what an ordered list with the same rules keeps, within its budget", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), ops, (budget, steps) => {
        const map = new ByteBudgetMap<number>(budget);
        const seen: (number | undefined)[] = [];
        steps.forEach((s, i) => {
          if (s.op === "set") map.set(s.key, i, s.bytes);
          else if (s.op === "get") seen.push(map.get(s.key));
          else if (s.op === "peek") seen.push(map.peek(s.key));
          else if (s.op === "delete") map.delete(s.key);
          else if (s.op === "grow") map.grow(s.key, s.by);
        });
        const expected = model(budget, steps);
        expect(seen).toEqual(expected.seen);
        expect(map.bytes).toBe(expected.bytes);
        expect(map.size).toBe(expected.keys.length);
        for (const k of expected.keys) expect(map.peek(k)).not.toBeUndefined();
        // Over budget only with a single entry larger than the budget.
        expect(map.bytes <= budget || map.size === 1).toBe(true);
      }),
    );
  });

  it("drops the least recently used first: get refreshes a key, peek does not", () => {
    const map = new ByteBudgetMap<string>(30);
    map.set("a", "A", 10);
    map.set("b", "B", 10);
    map.set("c", "C", 10);
    map.get("a");
    map.peek("b");
    map.set("d", "D", 10);
    expect([map.peek("a"), map.peek("b"), map.peek("c"), map.peek("d")]).toEqual(["A", undefined, "C", "D"]);
    map.clear();
    expect([map.size, map.bytes]).toEqual([0, 0]);
  });
});
