import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";

/** What is worth compressing: text of every kind the site answers with (JSON, pages, feeds, SVG). */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|atom\+xml|rss\+xml|xhtml\+xml)|image\/svg\+xml)/i;
/** Smaller answers gain less than their headers cost. */
const THRESHOLD = 1024;
/**
 * Larger answers are left to @fastify/compress (app.ts), which compresses off the main thread: one
 * synchronous call on a 256 KB body takes about a millisecond of the event loop.
 */
const SYNC_LIMIT = 256 * 1024;

/**
 * The encoding to answer with for an Accept-Encoding header: br, else gzip, else none. Names are
 * case-insensitive; a zero (or unreadable) q-value refuses one; `*` stands for any encoding not named.
 */
export function pickEncoding(header: string | string[] | undefined): "br" | "gzip" | null {
  const accepts = acceptedBy(header);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

const gzipAnswers = new Map<string, boolean>();
/**
 * Does this Accept-Encoding take gzip (a q-value of 0 refuses it)? Asked by every page-cache hit,
 * so remembered per header text: browsers send a handful of spellings.
 */
export function takesGzip(header: string | string[] | undefined): boolean {
  const text = String(header ?? "");
  let answer = gzipAnswers.get(text);
  if (answer === undefined) {
    answer = acceptedBy(text)("gzip");
    if (gzipAnswers.size >= 256) gzipAnswers.clear();
    gzipAnswers.set(text, answer);
  }
  return answer;
}

/** The codings a header accepts (case-insensitive names; `*` for any coding not named). */
function acceptedBy(header: string | string[] | undefined): (coding: string) => boolean {
  const q = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)).find(Boolean);
    // A q-value that is not a number from 0 to 1 refuses the coding rather than guess.
    const value = weight ? Number(weight[1].trim() || NaN) : 1;
    q.set(name, value >= 0 && value <= 1 ? value : 0);
  }
  return (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
}

/**
 * Compresses every buffered answer (a JSON envelope, a rendered page, a feed) in one synchronous
 * call as it is sent. @fastify/compress, registered after this, still takes streams and the
 * bodies past SYNC_LIMIT, and leaves alone what this marked. Its streams cost more than the
 * compressing itself on the small bodies that are most of the traffic: a signed-in feed read spent
 * 0.4 of its 1.7 ms of CPU there (npm run bench:cpu), where one brotliCompressSync call takes 0.09.
 * Settings as the plugin's: brotli quality 1, gzip 6 for clients without brotli. On the explore page
 * (63 KB of HTML, measured 2026-11-27) brotli 1 made 14.8 KB in 0.34 ms, gzip 6 14.4 KB in 0.76 ms:
 * about the same size in under half the time. Brotli 4 would save another 14% of the bytes for three
 * times brotli 1's CPU.
 */
export function installBufferedCompression(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding") || request.headers["x-no-compression"] !== undefined)
      return payload;
    const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (size < THRESHOLD || size > SYNC_LIMIT) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? "application/json"))) return payload;
    const vary = String(reply.getHeader("vary") ?? "");
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compressBody(payload, encoding);
  });
}

/** One body compressed as every buffered answer is (brotli quality 1, gzip 6). */
export function compressBody(payload: string | Buffer, encoding: "br" | "gzip"): Buffer {
  const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
  return encoding === "br"
    ? zlib.brotliCompressSync(payload, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
          // A window the size of the body at most: the default 4 MB one is allocated per call.
          [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.ceil(Math.log2(size))),
        },
      })
    : zlib.gzipSync(payload, { level: 6 });
}
