import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodePointer, encodePointer } from "./pagination.ts";

const id = fc.stringMatching(/^[0-9a-f]{24}$/);

describe("keyset pointers", () => {
  it("round-trips every finite number exactly", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), id, (value, i) => {
        const p = decodePointer(encodePointer(value, i), "number");
        expect(p).not.toBeNull();
        expect(Object.is(p!.value, value) || (value === 0 && p!.value === 0)).toBe(true);
        expect(p!.id).toBe(i);
      }),
    );
  });

  it("round-trips every millisecond time", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01"), max: new Date("9999-12-31"), noInvalidDate: true }),
        id,
        (d, i) => {
          const p = decodePointer(encodePointer(d, i), "date");
          expect(p!.value.getTime()).toBe(d.getTime());
        },
      ),
    );
  });

  it("treats anything malformed as no pointer, never throwing", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const n = decodePointer(s, "number");
        const d = decodePointer(s, "date");
        if (n) expect(Number.isFinite(n.value)).toBe(true);
        if (d) expect(Number.isNaN(d.value.getTime())).toBe(false);
      }),
    );
    expect(decodePointer("12_notanid", "number")).toBeNull();
    expect(decodePointer("abc_" + "a".repeat(24), "number")).toBeNull();
    expect(decodePointer("2026-13-45T99:00:00Z_" + "a".repeat(24), "date")).toBeNull();
  });
});
