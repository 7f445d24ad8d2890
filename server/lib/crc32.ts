/**
 * CRC-32 (the gzip checksum) of a concatenation from the CRCs of its pieces, zlib's crc32_combine
 * (which Node does not expose): appending n bytes to a message changes its CRC by a linear map over
 * GF(2), the "shift by n zero bytes" operator, so crc(A‖B) = shift_|B|(crc(A)) ⊕ crc(B). The page
 * cache keeps each fixed piece's CRC and operator, so a response with a fresh nonce costs a few
 * 32-step products instead of a CRC over the whole page.
 */

/** A linear map on 32-bit values as the images of the 32 unit vectors. */
export type Gf2Operator = Uint32Array;

/** The operator applied to a 32-bit value. */
export function times(op: Gf2Operator, vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= op[i];
  return sum >>> 0;
}

function square(op: Gf2Operator): Gf2Operator {
  const out = new Uint32Array(32);
  for (let i = 0; i < 32; i++) out[i] = times(op, op[i]);
  return out;
}

/** The operator that shifts a CRC past `length` zero bytes. */
export function crc32Shift(length: number): Gf2Operator {
  // One zero bit: the reflected polynomial's step.
  let power: Gf2Operator = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let i = 1; i < 32; i++) power[i] = (1 << (i - 1)) >>> 0;
  power = square(square(square(power))); // eight zero bits: one byte
  const result = new Uint32Array(32);
  for (let i = 0; i < 32; i++) result[i] = (1 << i) >>> 0;
  for (let n = length; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) for (let i = 0; i < 32; i++) result[i] = times(power, result[i]);
    if (n > 1) power = square(power);
  }
  return result;
}

/** crc(A‖B) from crc(A), crc(B) and the shift operator for B's length. */
export function crc32Combine(crcA: number, crcB: number, shiftB: Gf2Operator): number {
  return (times(shiftB, crcA >>> 0) ^ crcB) >>> 0;
}

/** The sum of operators (each value's images XOR-ed): applying it is applying each and XOR-ing. */
export function sumOfOperators(ops: Gf2Operator[]): Gf2Operator {
  const sum = new Uint32Array(32);
  for (const op of ops) for (let i = 0; i < 32; i++) sum[i] ^= op[i];
  return sum;
}
