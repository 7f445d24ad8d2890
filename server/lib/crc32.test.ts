import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32Shift } from "./crc32.ts";

describe("crc32Combine", () => {
  it("gives the CRC of the concatenation, for any two byte strings", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const whole = zlib.crc32(Buffer.concat([a, b]));
        expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), crc32Shift(b.length))).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("chains over many pieces, as a page with several nonces does", () => {
    const pieces = ['<html><script nonce="', "abc", '">x</script><style nonce="', "abc", '"></style>'].map(
      (s) => Buffer.from(s.repeat(50)),
    );
    let crc = zlib.crc32(pieces[0]);
    for (const piece of pieces.slice(1)) crc = crc32Combine(crc, zlib.crc32(piece), crc32Shift(piece.length));
    expect(crc).toBe(zlib.crc32(Buffer.concat(pieces)));
  });
});
