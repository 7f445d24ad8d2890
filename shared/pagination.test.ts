import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodePointer, encodePointer, readPointer } from "./pagination.ts";

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

  describe("readPointer: every form a request may send (§4)", () => {
    const kinds = ["number", "date"] as const;

    it("reads absent, empty and 0 as the first page", () => {
      for (const kind of kinds) {
        for (const raw of [undefined, null, "", "0"]) expect(readPointer(raw, kind), String(raw)).toBeNull();
      }
    });

    it("reads the pointers the lists hand out as decodePointer does", () => {
      fc.assert(
        fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), id, (value, i) => {
          const raw = encodePointer(value, i);
          expect(readPointer(raw, "number")).toEqual(decodePointer(raw, "number"));
        }),
      );
      fc.assert(
        fc.property(
          fc.date({ min: new Date("1970-01-01"), max: new Date("9999-12-31"), noInvalidDate: true }),
          id,
          (d, i) => {
            const raw = encodePointer(d, i);
            expect(readPointer(raw, "date")).toEqual(decodePointer(raw, "date"));
          },
        ),
      );
    });

    it("round-trips a bare sort value, with no id to break ties", () => {
      fc.assert(
        fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
          const p = readPointer(String(value), "number");
          // "0" (and -0, which String() writes as "0") is the first page.
          if (value === 0) expect(p).toBeNull();
          else expect(p).toEqual({ value, id: "" });
        }),
      );
      fc.assert(
        fc.property(
          fc.date({ min: new Date("1970-04-27"), max: new Date("2286-11-20"), noInvalidDate: true }),
          (d) => {
            for (const raw of [d.toISOString(), String(d.getTime())]) {
              const p = readPointer(raw, "date");
              expect(p, raw).not.toBe("malformed");
              expect(p && p !== "malformed" && [p.value.getTime(), p.id]).toEqual([d.getTime(), ""]);
            }
          },
        ),
      );
    });

    it("calls anything else malformed, never throwing", () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 120 }), (s) => {
          for (const kind of kinds) {
            const p = readPointer(s, kind);
            if (p === null) expect(["", "0"]).toContain(s);
            else if (p !== "malformed") {
              expect(typeof p.id).toBe("string");
              if (kind === "number") expect(Number.isFinite(p.value)).toBe(true);
              else expect(Number.isNaN((p.value as Date).getTime())).toBe(false);
            }
          }
        }),
      );
      for (const raw of [
        "abc",
        "12_notanid",
        "2026-13-45T99:00:00Z",
        "0000-01-01T00:00:00Z",
        "NaN",
        "1e999",
        "x".repeat(81),
      ]) {
        expect(readPointer(raw, "number"), raw).toBe("malformed");
        expect(readPointer(raw, "date"), raw).toBe("malformed");
      }
      // A time is not a rankIndex, nor a rankIndex a time (short numbers are not epoch milliseconds).
      expect(readPointer("2026-01-01T00:00:00.000Z", "number")).toBe("malformed");
      expect(readPointer("12.5", "date")).toBe("malformed");
    });
  });
});
