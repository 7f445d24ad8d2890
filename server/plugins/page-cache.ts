import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { FastifyInstance } from "fastify";
import { readRule, type PageCacheSettings } from "./page-cache-rules.ts";
import { newNonce, type CachedPage } from "../lib/cached-page.ts";
import { publicCacheControl, serve, writeStored } from "./page-cache-write.ts";
import { PageCache, type CacheRule } from "../lib/page-cache.ts";
import {
  installViewerOverlays,
  overlayForRequest,
  type OverlayServed,
  type PersonalOptions,
  type SignedInFront,
  type ViewerOverlay,
} from "./page-cache-overlay.ts";
import { SESSION_COOKIE } from "./session.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on a cacheable anonymous miss: what to do with the response once it is rendered. */
    pageCacheMiss: { gens: number[]; rule: CacheRule; done: (page: CachedPage | null) => void } | null;
    /** Set on a signed-in GET of a list a viewer overlay applies to (decided after the session). */
    pageCacheOverlay: { rule: CacheRule; overlay: ViewerOverlay } | null;
  }
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
  onServed: (state: "hit" | "stale" | OverlayServed) => void;
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
    /** Signed-in reads laid over cached lists (page-cache-overlay.ts). */
    personal?: PersonalOptions;
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
      const overlay = personal?.overlays.length ? overlayForRequest(request, personal.overlays) : null;
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

  const signedIn: SignedInFront | null = personal?.overlays.length
    ? installViewerOverlays(app, cache, settings, personal, refresh, draining)
    : null;

  // It runs on the server's request event, outside everything Fastify catches: nothing it does may
  // throw out of it (an uncaught error or rejection there would end the process), and a request it
  // could not answer goes on to Fastify once, unless part of the answer was already written.
  const front: PageCacheFront = {
    onServed: () => {},
    handle(req, res, next) {
      let rule: CacheRule | null;
      const url = req.url ?? "/";
      let login = false;
      try {
        // A refresh, a drain or a possible login: Fastify's hook decides what to do with it.
        rule = req.headers[REFRESH_HEADER] || draining() ? null : readRule(req.method, url, settings);
        login = !!rule && carriesLogin(req.headers, url);
      } catch {
        rule = null;
      }
      if (!rule) return next(req, res);
      if (login) return signedInFront(req, res, next, url, rule);
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
  /** A signed-in read the overlay may answer here (its session confirmed moments ago); else Fastify. */
  function signedInFront(
    req: IncomingMessage,
    res: ServerResponse,
    next: RequestListener,
    url: string,
    rule: CacheRule,
  ) {
    const failed = (err: unknown) => {
      app.log.error({ err }, "page cache: a signed-in read could not be answered in front");
      if (res.headersSent) res.destroy();
      else next(req, res);
    };
    let answered: ReturnType<SignedInFront>;
    try {
      answered = signedIn ? signedIn(req, res, url, rule) : false;
    } catch (err) {
      return failed(err);
    }
    if (answered === false) return next(req, res);
    answered.then((served) => (served ? front.onServed(served) : next(req, res)), failed);
  }

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
