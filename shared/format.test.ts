import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { beijingTime, formatCount, relativeTime } from "./format";

describe("formatCount", () => {
  it("keeps small numbers as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1000");
  });

  it("uses one decimal and K above 1000", () => {
    expect(formatCount(1001)).toBe("1.0K");
    expect(formatCount(1234)).toBe("1.2K");
    expect(formatCount(1299)).toBe("1.2K");
    expect(formatCount(15_600)).toBe("15.6K");
    expect(formatCount(999_999)).toBe("999.9K");
  });

  it("uses one decimal and M from a million", () => {
    expect(formatCount(1_000_000)).toBe("1.0M");
    expect(formatCount(1_250_000)).toBe("1.2M");
    expect(formatCount(3_456_789_012)).toBe("3456.7M");
  });

  it("answers 0 for values that are not numbers", () => {
    expect(formatCount(Number.NaN)).toBe("0");
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe("0");
  });

  it("never shows more than the real count, and less by under a tenth of the unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        const text = formatCount(n);
        expect(text).toMatch(/^(\d+|\d+\.\dK|\d+\.\dM)$/);
        const unit = text.endsWith("M") ? 1e6 : text.endsWith("K") ? 1e3 : 1;
        const shown = Number.parseFloat(text) * unit;
        expect(shown).toBeLessThanOrEqual(n + 1e-6 * unit);
        expect(n - shown).toBeLessThan(unit / 10 + 1e-6 * unit);
        if (n <= 1000) expect(text).toBe(String(n));
      }),
    );
  });

  it("never orders two counts the wrong way round", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1e10 }), (a, b) => {
        const value = (t: string) =>
          Number.parseFloat(t) * (t.endsWith("M") ? 1e6 : t.endsWith("K") ? 1e3 : 1);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(value(formatCount(lo))).toBeLessThanOrEqual(value(formatCount(hi)));
      }),
    );
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it("says 刚刚 within 60 seconds and for future times", () => {
    expect(relativeTime(now, now)).toBe("刚刚");
    expect(relativeTime(ago(59_999), now)).toBe("刚刚");
    expect(relativeTime(new Date(now.getTime() + 5 * MIN), now)).toBe("刚刚");
  });

  it("uses the largest whole unit", () => {
    expect(relativeTime(ago(MIN), now)).toBe("1分钟前");
    expect(relativeTime(ago(59 * MIN), now)).toBe("59分钟前");
    expect(relativeTime(ago(3 * HOUR + 5 * MIN), now)).toBe("3小时前");
    expect(relativeTime(ago(2 * DAY), now)).toBe("2天前");
    expect(relativeTime(ago(45 * DAY), now)).toBe("1个月前");
    expect(relativeTime(ago(800 * DAY), now)).toBe("2年前");
  });

  it("accepts ISO strings and epoch milliseconds", () => {
    expect(relativeTime("2026-11-22T11:00:00Z", now)).toBe("1小时前");
    expect(relativeTime(now.getTime() - 10 * MIN, now.getTime())).toBe("10分钟前");
    expect(relativeTime("not a date", now)).toBe("");
  });

  it("always answers one well-formed phrase whose unit grows with the age", () => {
    const rank = (t: string) => ["刚刚", "分钟", "小时", "天", "个月", "年"].findIndex((u) => t.includes(u));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 * 365 * DAY }),
        fc.integer({ min: 0, max: 100 * 365 * DAY }),
        (a, b) => {
          const ta = relativeTime(ago(a), now);
          expect(ta).toMatch(/^(刚刚|[1-9]\d*(年|个月|天|小时|分钟)前)$/);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(rank(relativeTime(ago(lo), now))).toBeLessThanOrEqual(rank(relativeTime(ago(hi), now)));
        },
      ),
    );
  });
});

describe("beijingTime", () => {
  it("shows the moment in Beijing time, whatever the machine's zone", () => {
    expect(beijingTime("2026-11-24T00:05:09Z")).toBe("2026/11/24 08:05:09");
    expect(beijingTime("2026-11-24T16:00:00Z")).toBe("2026/11/25 00:00:00");
  });
});
