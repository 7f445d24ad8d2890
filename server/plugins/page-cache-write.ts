import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  bodyWithNonce,
  gzipWithNonce,
  newNonce,
  replayHeaders,
  reuseGzip,
  type CachedPage,
} from "../lib/cached-page.ts";
import { compressBody, pickEncoding, takesGzip } from "./compress.ts";
import type { CacheRule } from "../lib/page-cache.ts";

/*
 * How a stored page goes out as a response (ADR 011): from the front before Fastify, from the page
 * cache's hook, or as a signed-in viewer's private copy. One writer, so each path sends the same
 * headers.
 */

/** The header a shared cache reads: the rule's TTL, then its stale-while-revalidate window. */
export const publicCacheControl = (rule: CacheRule) =>
  // max-age=0: a browser asks again (its person may log in meanwhile); shared caches keep it.
  `public, max-age=0, s-maxage=${rule.ttl}, stale-while-revalidate=${rule.swr}`;

/**
 * Writes a stored page as this response: its headers (helmet's among them, kept from the render)
 * and body with a fresh nonce, as they are — no serializer or compression hook has anything left to
 * do for finished bytes, and going through them cost more than the write.
 */
export function writeStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: string,
  rule: CacheRule,
  how: How = NO_HOW,
) {
  const nonce = page.nonce ? newNonce() : "";
  // Every browser takes gzip: the cache answers them pre-compressed.
  const gzip = page.body.length >= 1024 && takesGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzipWithNonce(page, nonce) : nonce ? bodyWithNonce(page, nonce) : page.body;
  const head = headOf(page, nonce, how);
  head.push("cache-control", how.personal ? "private, no-cache" : publicCacheControl(rule));
  // Once finished (handed to the socket and written), a gzip answer serves the page's next hit.
  finish(
    req,
    res,
    page,
    state,
    head,
    body,
    gzip ? "gzip" : null,
    how,
    gzip ? () => reuseGzip(page, body) : undefined,
  );
}

/**
 * A signed-in reader's own answer for a stored JSON page (ViewerOverlay): the stored page's headers
 * with the reader's body, compressed once per encoding into `encoded` (kept by the caller, which
 * hears of each new copy's size through `onEncoded`).
 */
export function writePersonal(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: string,
  json: Buffer,
  how: How & { encoded: Map<string, Buffer>; onEncoded: (bytes: number) => void },
) {
  const encoding = json.length >= 1024 ? pickEncoding(req.headers["accept-encoding"]) : null;
  let body = json;
  if (encoding) {
    let encoded = how.encoded.get(encoding);
    if (!encoded) {
      how.encoded.set(encoding, (encoded = compressBody(json, encoding)));
      how.onEncoded(encoded.length);
    }
    body = encoded;
  }
  const head = headOf(page, "", how);
  head.push("cache-control", "private, no-cache");
  finish(req, res, page, state, head, body, encoding, how);
}

interface How {
  /** A signed-in viewer's copy (ViewerOverlay): never for a shared cache. */
  personal?: boolean;
  /** The drain's Connection: close (its onSend hook does not see a hit). */
  close?: boolean;
  /** Headers this request's hooks set before (a refreshed session cookie, say). */
  before?: Record<string, unknown>;
  /** Called once the head is written, before the body (Fastify's hijack). */
  onHead?: () => void;
}

/**
 * Name, value pairs: the stored page's own headers win over what hooks set before, and this
 * response's own (`finish`) over both, as assigning them in turn to one object would.
 */
function headOf(page: CachedPage, nonce: string, how: How): (string | number)[] {
  const replay = replayHeaders(page);
  const head: (string | number)[] = [];
  if (how.before) {
    for (const name of Object.keys(how.before)) {
      const value = how.before[name];
      if (value === undefined || replay.names.has(name) || OWN_HEADERS.has(name)) continue;
      if (how.close && name === "connection") continue;
      if (Array.isArray(value)) for (const one of value) head.push(name, String(one));
      else head.push(name, value as string | number);
    }
  }
  for (let i = 0; i < replay.fixed.length; i++) head.push(replay.fixed[i]);
  for (const [name, parts] of replay.withNonce) head.push(name, parts.join(nonce));
  return head;
}

function finish(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: string,
  head: (string | number)[],
  body: Buffer,
  encoding: string | null,
  how: How,
  done?: () => void,
) {
  head.push(
    "x-cache",
    state,
    // Accept-Encoding even on a plain copy, as compress.ts says of every compressible answer: a
    // shared cache must not hand this key's plain copy to a client that takes gzip, or the other way round.
    "vary",
    "Cookie, Accept-Encoding",
  );
  if (encoding) head.push("content-encoding", encoding);
  head.push("content-length", body.length);
  if (how.close) head.push("connection", "close");
  res.writeHead(page.status, head as string[]);
  how.onHead?.();
  if (req.method === "HEAD") res.end();
  else if (done) res.end(body, done);
  else res.end(body);
}

const NO_HOW = {};
/** Headers `writeStored` sets itself: a hook's earlier value for them is not replayed. */
const OWN_HEADERS = new Set(["cache-control", "x-cache", "vary", "content-encoding", "content-length"]);

/**
 * A hit found by Fastify's hooks (inject, or a request the front passed on): written the same way.
 * A stored page that cannot be written (a header Node refuses) is rendered instead, not stored.
 */
export function serve(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  rule: CacheRule,
  how: { personal?: boolean; close: boolean },
) {
  return writeHijacked(request, reply, (hooked) =>
    writeStored(request.raw, reply.raw, page, state, rule, { ...how, ...hooked }),
  );
}

/**
 * Writes an answer past Fastify from one of its hooks: `write` gets the headers the hooks set so far
 * and hijacks the reply once its head is out. An answer that cannot be written (a header Node
 * refuses) is rendered instead: undefined, for the route to run.
 */
export function writeHijacked(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (hooked: Pick<How, "before" | "onHead">) => void,
) {
  try {
    // The onResponse hooks still run on the response's finish; metrics read x-cache from it.
    write({ before: reply.getHeaders(), onHead: () => reply.hijack() });
  } catch (err) {
    if (reply.raw.headersSent) throw err;
    request.log.error({ err }, "page cache: a stored page could not be written; rendering it");
    return;
  }
  return reply;
}
