import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { crossImports, cycles, layers, type Graph } from "../../scripts/service-graph.ts";

const graphOf = (edges: [string, string][]): Graph => {
  const g: Graph = new Map();
  for (const [a, b] of edges) {
    if (!g.has(a)) g.set(a, new Set());
    if (!g.has(b)) g.set(b, new Set());
    g.get(a)!.add(b);
  }
  return g;
};

describe("the service graph check (scripts/service-graph.ts)", () => {
  it("reads the imports that leave a service folder, value and type, and skips its own", () => {
    const source = [
      'import { a } from "./queries.ts";',
      'import { findUserById } from "../users/queries.ts";',
      'import type { EntryService } from "../entries/index.ts";',
      'import {\n  notify,\n  notifyFollowers,\n} from "../notifications/index.ts";',
      'import { ok } from "../../plugins/envelope.ts";',
      'import type { Deps } from "../deps.ts";',
      'export { x } from "../tags/index.ts";',
      'import { y } from "../likes/likes.ts";',
    ].join("\n");
    expect(crossImports("likes/f.ts", source, "likes")).toEqual([
      { from: "likes/f.ts", target: "../users/queries.ts", service: "users", typeOnly: false },
      { from: "likes/f.ts", target: "../entries/index.ts", service: "entries", typeOnly: true },
      { from: "likes/f.ts", target: "../notifications/index.ts", service: "notifications", typeOnly: false },
      { from: "likes/f.ts", target: "../tags/index.ts", service: "tags", typeOnly: false },
    ]);
  });

  it("finds a cycle however long, and none in a layered graph", () => {
    expect(
      cycles(
        graphOf([
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        graphOf([
          ["likes", "entries"],
          ["entries", "users"],
          ["likes", "users"],
        ]),
      ),
    ).toEqual([]);
    const g = graphOf([
      ["likes", "entries"],
      ["entries", "users"],
    ]);
    expect(layers(g)).toEqual(
      new Map([
        ["likes", 2],
        ["entries", 1],
        ["users", 0],
      ]),
    );
  });

  it("calls a graph acyclic exactly when every edge points to a lower layer of some order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })), { maxLength: 20 }),
        (pairs) => {
          // Edges from a higher number to a lower one can never close a cycle; any back edge may.
          const down = graphOf(pairs.filter(([a, b]) => a > b).map(([a, b]) => [`s${a}`, `s${b}`]));
          expect(cycles(down)).toEqual([]);
          const l = layers(down);
          for (const [a, edges] of down) for (const b of edges) expect(l.get(a)!).toBeGreaterThan(l.get(b)!);
          const all = graphOf(pairs.filter(([a, b]) => a !== b).map(([a, b]) => [`s${a}`, `s${b}`]));
          const hasBack = pairs.some(([a, b]) => a < b);
          if (!hasBack) expect(cycles(all)).toEqual([]);
          // A found cycle is real: each member reaches every other.
          for (const cycle of cycles(all)) {
            for (const from of cycle) {
              const seen = new Set<string>();
              const walk = (v: string) => {
                for (const w of all.get(v) ?? []) {
                  if (seen.has(w)) continue;
                  seen.add(w);
                  walk(w);
                }
              };
              walk(from);
              for (const to of cycle) expect(seen.has(to)).toBe(true);
            }
          }
        },
      ),
    );
  });
});
