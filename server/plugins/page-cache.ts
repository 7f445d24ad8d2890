import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readRule, type PageCacheSettings } from "./page-cache-rules.ts";
import { newNonce, type CachedPage } from "../lib/cached-page.ts";
import { publicCacheControl, serve, writeStored } from "./page-cache-write.ts";
import { PageCache, type CacheRule } from "../lib/page-cache.ts";
import type { Kv } from "../lib/kv.ts";
import type { Caller } from "../services/deps.ts";
import { SESSION_COOKIE } from "./session.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on a cacheable anonymous miss: what to do with the response once it is rendered. */
    pageCacheMiss: { gens: number[]; rule: CacheRule; done: (page: CachedPage | null) => void } | null;
    /** Set on a signed-in GET of a list a viewer overlay applies to (decided after the session). */
    pageCacheOverlay: { rule: CacheRule; overlay: ViewerOverlay } | null;
  }
}

/**
 * A public JSON list whose answer to a signed-in viewer is the anonymous answer plus the viewer's
 * own state (liked flags, say): the cached anonymous answer is served with that state laid over it,
 * one small query instead of a render. The viewer's own writes are never hidden by it: for the
 * cache's longest staleness after any change they make, their lists render as usual.
 */
export interface ViewerOverlay {
  /** Does the overlay apply to this path and query (a list that reads the caller's own subscriptions does not)? */
  applies(path: string, query: Record<string, unknown>): boolean;
  /**
   * The anonymous answer's `d` as this caller sees it (not changing `d`), or null when it is the
   * same: then the cached bytes go out as they are, pre-compressed.
   */
  apply(d: unknown, caller: Caller): Promise<unknown>;
}

/** Marks the background re-render of a stale entry, so it renders instead of reading the cache. */
const REFRESH_HEADER = "x-nugget-page-cache-refresh";
/** A session cookie with a value, read from the header itself: hits are answered before cookies are parsed. */
const SESSION_IN_COOKIES = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=[^;\\s]`);

/**
 * A request that may carry a login: the session cookie or the API's auth triple (in headers, or in
 * the query, its keys decoded as the session plugin reads them).
 */
function carriesLogin(headers: IncomingHttpHeaders, url: string): boolean {
  const cookie = headers.cookie;
  if (cookie && SESSION_IN_COOKIES.test(cookie)) return true;
  if (headers.token || headers.uid) return true;
  const q = url.indexOf("?");
  if (q < 0) return false;
  const query = new URLSearchParams(url.slice(q + 1));
  return !!(query.get("token") || query.get("uid"));
}

/** Headers a cached response never replays: per-response or set again by this request's hooks. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "content-length",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "cache-control",
  "vary",
  "x-cache",
  "content-encoding",
]);

/**
 * Hits answered in front of Fastify, straight from the server's request event (`serverWithFront`):
 * no routing, request objects, hooks or request log — what a hit cost most once its page is in
 * memory. Whatever it does not answer (not a cacheable GET, a possible login, a miss, a draining
 * instance) goes on to Fastify, whose hooks decide again; `app.inject` always goes there.
 */
export interface PageCacheFront {
  handle(req: IncomingMessage, res: ServerResponse, next: RequestListener): void;
  /** Counts what the front answered (metrics, once installed). */
  onServed: (state: "hit" | "stale") => void;
}

/** The server settings Fastify hands its server factory and would set on a server of its own. */
interface ServerTimings {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** The HTTP server Fastify listens on, with the page cache's front before Fastify's handler. */
export function serverWithFront(
  front: () => PageCacheFront | null,
): (handler: RequestListener, options: ServerTimings) => Server {
  return (handler, options) => {
    const server = http.createServer((req, res) => {
      const f = front();
      if (f) f.handle(req, res, handler);
      else handler(req, res);
    });
    // What Fastify sets on a server it makes itself (its lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

const NONCE_IN_CSP = /'nonce-([^']+)'/;

/**
 * Serves cacheable logged-out GETs from the cache before anything else runs (no session lookup, no
 * body parsing) and stores what the renderer answers. Logged-in responses on the same paths are
 * marked private so no shared cache in front keeps them.
 */
export function installPageCache(
  app: FastifyInstance,
  cache: PageCache,
  settings: PageCacheSettings,
  opts: {
    /** Signed-in reads laid over cached lists, and the shared store that marks recent writers. */
    personal?: { overlays: ViewerOverlay[]; kv: Kv };
    /** The instance is draining (plugins/drain.ts): a hit closes its connection like any answer. */
    draining?: () => boolean;
  } = {},
) {
  const { personal, draining = () => false } = opts;
  app.decorateRequest("pageCacheMiss", null);
  app.decorateRequest("pageCacheOverlay", null);
  // Only this process's own refreshes may skip the cache: outsiders cannot force renders.
  const refreshSecret = newNonce();
  const refresh = async (url: string) => {
    await app.inject({ method: "GET", url, headers: { [REFRESH_HEADER]: refreshSecret } });
  };

  app.addHook("onRequest", async (request, reply) => {
    const rule = readRule(request.method, request.url, settings);
    if (!rule) return;
    if (carriesLogin(request.headers, request.url)) {
      // Whoever this turns out to be, this answer is not for a shared cache.
      reply.header("cache-control", "private, no-cache");
      const overlay = personal?.overlays.length ? overlayFor(request, personal.overlays) : null;
      if (overlay) request.pageCacheOverlay = { rule, overlay };
      return;
    }
    if (request.headers[REFRESH_HEADER] === refreshSecret) {
      // The background refresh of a stale entry (app.inject below): render and store.
      const lookup = await cache.renderAgain(request.url, rule);
      request.pageCacheMiss = { gens: lookup.gens, rule, done: lookup.done };
      return;
    }
    const found = await cache.lookup(request.url, rule, refresh);
    if (found.state !== "miss")
      return serve(request, reply, found.page, found.state, rule, { close: draining() });
    request.pageCacheMiss = { gens: found.gens, rule, done: found.done };
    reply.header("x-cache", "miss");
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const miss = request.pageCacheMiss;
    if (!miss) return payload;
    request.pageCacheMiss = null;
    const status = reply.statusCode;
    const storable =
      (status === 200 || status === 404) &&
      !reply.hasHeader("set-cookie") &&
      (typeof payload === "string" || Buffer.isBuffer(payload));
    if (!storable) {
      miss.done(null);
      reply.header("cache-control", "private, no-cache");
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    const nonce = NONCE_IN_CSP.exec(headers["content-security-policy"] ?? "")?.[1] ?? null;
    miss.done({
      status,
      headers,
      body: typeof payload === "string" ? Buffer.from(payload) : payload,
      nonce,
      storedAt: Date.now(),
      freshMs: miss.rule.ttl * 1000,
      gens: miss.gens,
    });
    reply.header("cache-control", publicCacheControl(miss.rule));
    reply.header("vary", "Cookie");
    return payload;
  });

  if (personal?.overlays.length) installViewerOverlays(app, cache, settings, personal.kv, refresh, draining);

  // It runs on the server's request event, outside everything Fastify catches: nothing it does may
  // throw out of it (an uncaught error or rejection there would end the process), and a request it
  // could not answer goes on to Fastify once, unless part of the answer was already written.
  const front: PageCacheFront = {
    onServed: () => {},
    handle(req, res, next) {
      let rule: CacheRule | null;
      const url = req.url ?? "/";
      try {
        // A refresh, a drain or a possible login: Fastify's hook decides what to do with it.
        rule = req.headers[REFRESH_HEADER] || draining() ? null : readRule(req.method, url, settings);
        if (rule && carriesLogin(req.headers, url)) rule = null;
      } catch {
        rule = null;
      }
      if (!rule) return next(req, res);
      // The in-process store answers at once: a hit waits for nothing.
      const now = cache.peekNow(url, rule, refresh);
      if (now !== undefined) {
        if (!now || !serveFront(req, res, now, rule)) next(req, res);
        return;
      }
      cache.peek(url, rule, refresh).then(
        (found) => (found && serveFront(req, res, found, rule)) || next(req, res),
        () => next(req, res),
      );
    },
  };
  /** Writes a hit the front found; false when nothing was written and Fastify should answer. */
  function serveFront(
    req: IncomingMessage,
    res: ServerResponse,
    found: { state: "hit" | "stale"; page: CachedPage },
    rule: CacheRule,
  ): boolean {
    try {
      writeStored(req, res, found.page, found.state, rule);
      front.onServed(found.state);
    } catch (err) {
      app.log.error({ err }, "page cache: a hit could not be written");
      if (res.headersSent) res.destroy();
      return res.headersSent;
    }
    return true;
  }

  // A render that failed or was aborted must not leave other requests waiting for it.
  app.addHook("onResponse", async (request) => {
    request.pageCacheMiss?.done(null);
    request.pageCacheMiss = null;
  });
  app.addHook("onClose", async () => cache.close());
  return front;
}

/** The overlay for a signed-in GET, or null (auth in the query makes the URL a key of its own). */
function overlayFor(request: FastifyRequest, overlays: ViewerOverlay[]): ViewerOverlay | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (query.token || query.uid) return null;
  const q = request.url.indexOf("?");
  const path = q < 0 ? request.url : request.url.slice(0, q);
  return overlays.find((o) => o.applies(path, query)) ?? null;
}

const wroteKey = (userId: string) => `pc:wrote:${userId}`;

type Envelope = { s?: number; d?: unknown };
const parsedPages = new WeakMap<CachedPage, Envelope>();

function sendPersonal(reply: FastifyReply, state: string, envelope: Envelope) {
  reply.header("x-cache", state);
  reply.header("content-type", "application/json; charset=utf-8");
  return reply.send(JSON.stringify(envelope));
}

/**
 * Signed-in reads of overlaid lists (ViewerOverlay): after the session is known, the anonymous
 * answer is taken from the cache — or rendered once, anonymously and single-flight, as a visitor's
 * request would — and the viewer's state is laid over it. Someone who changed anything within the
 * cache's longest staleness (TTL + SWR) gets a render instead, so their own writes show at once.
 */
function installViewerOverlays(
  app: FastifyInstance,
  cache: PageCache,
  settings: PageCacheSettings,
  kv: Kv,
  refresh: (url: string) => Promise<void>,
  draining: () => boolean,
) {
  const markSeconds = settings.ttl.api + settings.swr;

  app.addHook("preHandler", async (request, reply) => {
    const pending = request.pageCacheOverlay;
    request.pageCacheOverlay = null;
    const caller = request.caller;
    if (!pending || !caller?.userId) return;
    // Without the shared store nobody can tell whether they wrote just now: render.
    const wrote = await kv.get(wroteKey(caller.userId)).catch(() => "unknown");
    if (wrote) return;
    const found = await cache.peek(request.url, pending.rule, refresh);
    if (found) {
      if (found.page.status !== 200) return;
      // Both stores hand out one object per stored render: parsed once, not per viewer.
      let envelope = parsedPages.get(found.page);
      if (!envelope)
        parsedPages.set(found.page, (envelope = JSON.parse(found.page.body.toString()) as Envelope));
      if (envelope.s !== 1) return;
      const state = found.state === "stale" ? "overlay-stale" : "overlay-hit";
      const d = await pending.overlay.apply(envelope.d, caller);
      if (d === null)
        return serve(request, reply, found.page, state, pending.rule, { personal: true, close: draining() });
      return sendPersonal(reply, state, { ...envelope, d });
    }
    // Rendered as a visitor's request is (and kept for the next one); strip every credential.
    const anonymous = await app.inject({
      method: "GET",
      url: request.url,
      headers: { accept: "application/json" },
    });
    if (anonymous.statusCode !== 200) return;
    const envelope = JSON.parse(anonymous.body) as Envelope;
    if (envelope.s !== 1) return;
    const d = await pending.overlay.apply(envelope.d, caller);
    return sendPersonal(reply, "overlay-miss", d === null ? envelope : { ...envelope, d });
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.viewer && reply.statusCode < 400) {
      await kv.set(wroteKey(request.viewer.id), "1", markSeconds).catch((err) => request.log.warn(err));
    }
    return payload;
  });
}
