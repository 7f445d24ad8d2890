import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BARRAGE_LANES,
  BARRAGE_LANE_GAP_MS,
  BARRAGE_MS,
  barrageItems,
  barrageType,
} from "../../app/lib/barrage.ts";

// Lives here, not beside app/lib/barrage.ts: vitest.config.ts only collects server/, shared/, db/
// and tests/.

/** Anything that could be, or normalize into, a trigger character. */
const TRIGGER_CHARS = /[236牛赞]|\u{1F42E}|\u{1F44D}/u;
const hasNoTrigger = (s: string) => !TRIGGER_CHARS.test(s.normalize("NFKC"));

/** Text that asks for nothing: no 2, 3, 6, 牛, 赞, 🐮 or 👍 even after NFKC. */
const plain = fc.string({ unit: "grapheme", maxLength: 40 }).filter(hasNoTrigger);
/** Plain text that does not touch a neighbouring run of digits. */
const plainEdge = plain.filter((s) => !/^\d|\d$/.test(s.normalize("NFKC")));

const triggers = {
  "233": fc.integer({ min: 2, max: 6 }).map((n) => "2" + "3".repeat(n)),
  "666": fc.integer({ min: 3, max: 8 }).map((n) => "6".repeat(n)),
  up: fc.constantFrom("牛", "牛逼", "赞", "\u{1F42E}", "\u{1F44D}", "\u{1F44D}\u{1F3FB}"),
} as const;
const anyTrigger = fc.oneof(
  ...Object.entries(triggers).map(([type, word]) => word.map((w) => ({ type, word: w }))),
);

describe("barrageType", () => {
  it("maps the spec's words", () => {
    expect(barrageType("233")).toBe("233");
    expect(barrageType("哈哈哈2333")).toBe("233");
    expect(barrageType("666")).toBe("666");
    expect(barrageType("老哥 666666！")).toBe("666");
    expect(barrageType("牛逼")).toBe("up");
    expect(barrageType("太牛了")).toBe("up");
    expect(barrageType("🐮🍺")).toBe("up");
    expect(barrageType("点赞")).toBe("up");
    expect(barrageType("👍")).toBe("up");
    expect(barrageType("２３３")).toBe("233");
  });

  it("ignores digits inside a longer number", () => {
    expect(barrageType("端口 12330")).toBeNull();
    expect(barrageType("1666 年")).toBeNull();
    expect(barrageType("23")).toBeNull();
    expect(barrageType("66")).toBeNull();
    expect(barrageType("233666")).toBeNull();
    expect(barrageType("")).toBeNull();
  });

  it("text without any trigger never yields a type", () => {
    fc.assert(fc.property(plain, (text) => barrageType(text) === null));
  });

  it("a trigger anywhere in plain text yields its type", () => {
    fc.assert(
      fc.property(plainEdge, anyTrigger, plainEdge, (before, { type, word }, after) => {
        expect(barrageType(`${before} ${word} ${after}`)).toBe(type);
      }),
    );
  });

  it("the leftmost trigger wins", () => {
    fc.assert(
      fc.property(anyTrigger, plain, anyTrigger, (first, middle, second) => {
        expect(barrageType(`${first.word} ${middle} ${second.word}`)).toBe(first.type);
      }),
    );
  });

  it("a number glued to other digits is not a trigger", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("233", "2333", "666", "6666"),
        fc.constantFrom("0", "1", "4", "5", "7", "8", "9"),
        fc.boolean(),
        (word, digit, front) => barrageType(front ? digit + word : word + digit) === null,
      ),
    );
  });
});

describe("barrageItems", () => {
  it("keeps every item inside its lanes and the 6100 ms window", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 }),
        (seq) => {
          let i = 0;
          const items = barrageItems(() => seq[i++ % seq.length]);
          expect(items).toHaveLength(20);
          for (const item of items) {
            expect(item.lane).toBeGreaterThanOrEqual(0);
            expect(item.lane).toBeLessThan(BARRAGE_LANES);
            expect(item.delay).toBeGreaterThanOrEqual(0);
            expect(item.delay + item.duration).toBeLessThanOrEqual(BARRAGE_MS);
          }
          // Lanes are taken in turn: none is left empty.
          expect(new Set(items.map((item) => item.lane)).size).toBe(BARRAGE_LANES);
          // Within a lane one speed, and starts far enough apart that no item runs into the next.
          for (let lane = 0; lane < BARRAGE_LANES; lane++) {
            const inLane = items.filter((item) => item.lane === lane).sort((a, b) => a.delay - b.delay);
            expect(new Set(inLane.map((item) => item.duration)).size).toBe(1);
            for (let k = 1; k < inLane.length; k++) {
              expect(inLane[k].delay - inLane[k - 1].delay).toBeGreaterThanOrEqual(BARRAGE_LANE_GAP_MS);
            }
          }
        },
      ),
    );
  });
});
