import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLimitOverrides, windowText } from "./limit-overrides.ts";

describe("RATE_LIMITS", () => {
  it("reads name=max/seconds items, and nothing from an empty value", () => {
    expect(parseLimitOverrides(undefined).size).toBe(0);
    expect(parseLimitOverrides(" ").size).toBe(0);
    const map = parseLimitOverrides("register=30/600, search=120/60,");
    expect(Object.fromEntries(map)).toEqual({
      register: { max: 30, windowSeconds: 600 },
      search: { max: 120, windowSeconds: 60 },
    });
  });

  it("refuses any malformed item, naming it", () => {
    for (const bad of [
      "search",
      "search=1",
      "search=a/60",
      "search=10/0",
      "Search=1/1",
      "search=-1/60",
      "=1/1",
    ]) {
      expect(() => parseLimitOverrides(bad)).toThrow(bad);
    }
  });

  it("round-trips any well-formed list (property)", () => {
    const item = fc.record({
      name: fc.stringMatching(/^[a-z][a-z-]{0,15}$/),
      max: fc.nat({ max: 1_000_000 }),
      windowSeconds: fc.integer({ min: 1, max: 86_400 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const map = parseLimitOverrides(items.map((i) => `${i.name}=${i.max}/${i.windowSeconds}`).join(","));
        for (const i of items) {
          const last = items.filter((j) => j.name === i.name).at(-1)!;
          expect(map.get(i.name)).toEqual({ max: last.max, windowSeconds: last.windowSeconds });
        }
      }),
    );
  });

  it("says windows in Chinese", () => {
    expect([60, 600, 3600, 7200, 45].map(windowText)).toEqual([
      "每分钟",
      "每 10 分钟",
      "每小时",
      "每 2 小时",
      "每 45 秒",
    ]);
  });
});
