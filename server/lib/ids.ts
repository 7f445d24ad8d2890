import { randomBytes } from "node:crypto";

// ObjectId layout: 4 bytes of seconds, 5 bytes of per-process randomness, 3 bytes of counter.
// Ids sort by creation time, so an id is also a usable keyset tie-breaker.
const processRandom = randomBytes(5).toString("hex");
let counter = randomBytes(3).readUIntBE(0, 3);

/** A new 24-character lowercase hex id (shared/ids.ts HEX_ID), time-ordered like a MongoDB ObjectId. */
export function newId(date: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(date.getTime() / 1000);
  return seconds.toString(16).padStart(8, "0") + processRandom + counter.toString(16).padStart(6, "0");
}
