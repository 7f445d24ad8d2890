/**
 * A stored page of the anonymous page cache (ADR 011) and the bytes each response makes of it: the
 * body with a fresh CSP nonce, its gzip form built once with room for the nonce, the headers split
 * at the nonce once. `page-cache.ts` keeps and finds pages; this is what a hit writes.
 */
import { randomFillSync } from "node:crypto";
import zlib from "node:zlib";
import { crc32Combine, crc32Shift, sumOfOperators, times, type Gf2Operator } from "./crc32.ts";

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (UTF-8 bytes): a hit copies bytes, it never encodes text again. */
  body: Buffer;
  /** The CSP nonce written into `body` (and the CSP header) by the render; replaced per response. */
  nonce: string | null;
  /** When it was rendered (ms since epoch) and how long it stays fresh (ms). */
  storedAt: number;
  freshMs: number;
  /** The generation of each purge scope when it was rendered, in the rule's scope order. */
  gens: number[];
  /** The body cut at the nonce, cached on the in-process copy only. */
  parts?: Buffer[];
  /** Each part deflated once (ending on a byte boundary), for gzip answers without compressing. */
  deflated?: Buffer[];
  /** Each part's CRC-32 and shift operator: a response's checksum without reading the page. */
  partCrcs?: { crc: number; shift: Gf2Operator }[];
  /** The gzip answer with room for a nonce of the render's length (see `gzipTemplate`). */
  gzip?: GzipTemplate;
  /** The headers as a hit replays them, split at the nonce once (see `replayHeaders`). */
  replay?: ReplayHeaders;
}

/** A stored page's headers worked out once for every hit: the fixed ones as name/value pairs. */
export interface ReplayHeaders {
  /** Name, value, name, value…: what writeHead takes without building an object per hit. */
  fixed: string[];
  /** Headers that carry the nonce (the CSP), cut where it stands. */
  withNonce: [name: string, parts: string[]][];
  names: Set<string>;
}

/** The page's headers as `ReplayHeaders` (cached on the page: one object per stored render). */
export function replayHeaders(page: CachedPage): ReplayHeaders {
  if (page.replay) return page.replay;
  const fixed: string[] = [];
  const withNonce: [string, string[]][] = [];
  for (const [name, value] of Object.entries(page.headers)) {
    if (page.nonce && value.includes(page.nonce)) withNonce.push([name, value.split(page.nonce)]);
    else fixed.push(name, value);
  }
  return (page.replay = { fixed, withNonce, names: new Set(Object.keys(page.headers)) });
}

/**
 * A page's gzip answer built once, for nonces as long as the render's (every nonce is 128 bits):
 * a response copies it, writes its nonce into the stored blocks and its CRC into the trailer.
 * CRC-32 is affine, so for messages of one length crc(Z ⊕ E) = crc(Z) ⊕ lin(E): with Z the body
 * with zeros where the nonces go and E zeros but for the nonces, lin(E) is the nonce's own register
 * value shifted past what follows each place it stands: one operator, the sum of those shifts.
 */
interface GzipTemplate {
  bytes: Buffer;
  nonceLength: number;
  /** Where each copy of the nonce goes in `bytes`. */
  nonceAt: number[];
  crcOfZeroed: number;
  nonceShift: Gf2Operator;
  /** Where the trailer's CRC goes. */
  crcAt: number;
  /** Answers the socket is done with (`reuseGzip`): the next response rewrites only the nonces. */
  spare: Buffer[];
}

const noncePool = Buffer.alloc(16 * 256);
let noncePoolAt = noncePool.length;
/**
 * 128 random bits, base64url. Drawn from a pool refilled 256 nonces at a time: one
 * randomBytes call per response cost more than the rest of a cache hit's bookkeeping.
 */
export function newNonce(): string {
  if (noncePoolAt >= noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64url", noncePoolAt, noncePoolAt + 16);
  noncePoolAt += 16;
  return nonce;
}

/** The body with the render's nonce replaced by this response's own. */
export function bodyWithNonce(page: CachedPage, nonce: string): Buffer {
  if (!page.nonce) return page.body;
  page.parts ??= splitAt(page.body, Buffer.from(page.nonce));
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [page.parts[0]];
  for (let i = 1; i < page.parts.length; i++) pieces.push(glue, page.parts[i]);
  return Buffer.concat(pieces);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty final stored block: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The gzip form of the body with this response's nonce, without compressing anything per response:
 * the parts between nonces are deflated once (each ends with a sync flush, so blocks can follow),
 * the nonce goes in between as a stored (uncompressed) block, and only the CRC is computed anew.
 * A browser inflates one ordinary gzip stream; compressing 80 KB per hit would cost more than the
 * rest of the hit.
 */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer {
  const template = (page.gzip ??= gzipTemplate(page));
  // Nonces are base64url, one byte a character; another length is put together piece by piece.
  if (nonce.length !== template.nonceLength) return gzipPieces(page, nonce);
  // Without a nonce the answer never changes: every response sends the template itself.
  if (!template.nonceAt.length) return template.bytes;
  // Everything but the nonces and the CRC is the template's: a spare answer needs only those.
  const out = template.spare.pop() ?? Buffer.from(template.bytes);
  // Encoded once and copied into each place (the explore page has 20), not encoded at each.
  const bytes = Buffer.from(nonce, "latin1");
  for (const at of template.nonceAt) out.set(bytes, at);
  // The nonce's own register value: zlib's crc32 from a zero register, not inverted at the end.
  const own = (zlib.crc32(bytes, 0xffffffff) ^ 0xffffffff) >>> 0;
  out.writeUInt32LE((template.crcOfZeroed ^ times(template.nonceShift, own)) >>> 0, template.crcAt);
  return out;
}

function gzipTemplate(page: CachedPage): GzipTemplate {
  const nonceLength = page.nonce ? Buffer.byteLength(page.nonce) : 0;
  const gz = gzipPieces(page, "\0".repeat(nonceLength));
  const parts = page.parts!;
  // Each nonce's place in the answer: after the header, the parts and stored blocks before it.
  const nonceAt: number[] = [];
  let at = GZIP_HEADER.length + page.deflated![0].length;
  const shifts: Gf2Operator[] = [];
  let after = parts.reduce((sum, p) => sum + p.length, 0) + nonceLength * (parts.length - 1);
  after -= parts[0].length;
  for (let i = 1; i < parts.length; i++) {
    nonceAt.push(at + 5);
    after -= nonceLength;
    shifts.push(crc32Shift(after));
    at += 5 + nonceLength + page.deflated![i].length;
    after -= parts[i].length;
  }
  return {
    bytes: gz,
    nonceLength,
    nonceAt,
    crcOfZeroed: gz.readUInt32LE(gz.length - 8),
    nonceShift: sumOfOperators(shifts),
    crcAt: gz.length - 8,
    spare: [],
  };
}

/** Spare answers a page keeps: on loopback or a fast link a write is done by the next hit. */
const SPARE_ANSWERS = 2;

/**
 * Hands back an answer `gzipWithNonce` made once its response has finished (the socket no longer
 * holds it): the next one then skips allocating and copying the whole page.
 */
export function reuseGzip(page: CachedPage, answer: Buffer): void {
  const template = page.gzip;
  if (!template?.nonceAt.length || answer === template.bytes || answer.length !== template.bytes.length)
    return;
  if (template.spare.length < SPARE_ANSWERS) template.spare.push(answer);
}

/** The gzip answer put together from the deflated parts and the nonce in stored blocks. */
function gzipPieces(page: CachedPage, nonce: string): Buffer {
  const parts = (page.parts ??= page.nonce ? splitAt(page.body, Buffer.from(page.nonce)) : [page.body]);
  const deflated = (page.deflated ??= parts.map((p) =>
    zlib.deflateRawSync(p, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  ));
  const sums = (page.partCrcs ??= parts.map((p) => ({ crc: zlib.crc32(p), shift: crc32Shift(p.length) })));
  const glue = Buffer.from(nonce);
  const glueCrc = zlib.crc32(glue);
  const glueShift = shiftFor(glue.length);
  const stored = Buffer.alloc(5 + glue.length);
  stored.writeUInt16LE(glue.length, 1);
  stored.writeUInt16LE(~glue.length & 0xffff, 3);
  glue.copy(stored, 5);
  const pieces: Buffer[] = [GZIP_HEADER, deflated[0]];
  let crc = sums[0].crc;
  let size = parts[0].length;
  for (let i = 1; i < parts.length; i++) {
    pieces.push(stored, deflated[i]);
    crc = crc32Combine(crc32Combine(crc, glueCrc, glueShift), sums[i].crc, sums[i].shift);
    size += glue.length + parts[i].length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(DEFLATE_END, trailer);
  return Buffer.concat(pieces);
}

/** Shift operators by nonce length (every nonce has the same length: one entry in practice). */
const glueShifts = new Map<number, Gf2Operator>();
function shiftFor(length: number): Gf2Operator {
  let op = glueShifts.get(length);
  if (!op) glueShifts.set(length, (op = crc32Shift(length)));
  return op;
}

/** The bytes between the occurrences of `sep` (views into `body`, no copies). */
function splitAt(body: Buffer, sep: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(sep); at >= 0; at = body.indexOf(sep, from)) {
    parts.push(body.subarray(from, at));
    from = at + sep.length;
  }
  parts.push(body.subarray(from));
  return parts;
}
