import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import {
  createCacheMatcher,
  type CacheMatcher,
  type CacheTarget,
  type PageCacheSettings,
} from "./page-cache-rules.ts";
import { newNonce, type CachedPage } from "../lib/cached-page.ts";
import { publicCacheControl, serve, writeStored } from "./page-cache-write.ts";
import { PageCache, type CacheRule } from "../lib/page-cache.ts";
import {
  installViewerOverlays,
  overlayApplies,
  type OverlayServed,
  type PersonalOptions,
  type SignedInFront,
  type ViewerOverlay,
} from "./page-cache-overlay.ts";
import { presentedLogin, queryOf } from "../lib/reader.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Set on a cacheable read for nobody that found nothing stored: the answer is made for nobody
     * (no cookie set, no reader's state), and a GET's is stored by `done`. A HEAD's never is
     * (`store` false): its body is dropped.
     */
    pageCacheMiss: {
      gens: number[];
      rule: CacheRule;
      /** The route the matcher took it for: the one that answers must be it, or nothing is stored. */
      route: string;
      done: (page: CachedPage | null) => void;
      store: boolean;
    } | null;
    /** Set on a signed-in GET of a list a viewer overlay applies to (decided after the session). */
    pageCacheOverlay: { rule: CacheRule; key: string; overlay: ViewerOverlay } | null;
    /** Set by the render that put a signed-in reader's state into this answer (server/ssr.ts). */
    touchedViewer: boolean;
  }
}

/** Marks the background re-render of a stale entry, so it renders instead of reading the cache. */
const REFRESH_HEADER = "x-nugget-page-cache-refresh";
/**
 * A request that presents a login, read as the session plugin reads it (lib/reader.ts, one cookie
 * parser and one query parser): whatever it could resolve to a reader is never answered or stored
 * as anybody's page.
 */
function carriesLogin(method: string | undefined, headers: IncomingHttpHeaders, url: string): boolean {
  return presentedLogin(method, headers, queryOf(url)) !== null;
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
): {
  front: PageCacheFront;
  rewriteUrl: (req: IncomingMessage) => string;
  /** The pages of the React Router build, whose route modules declare their policies. */
  declarePages: (routes: ServerBuild["routes"]) => void;
  /** What the cache takes a read for (tests, and what the declarations compiled to). */
  targetOf: (method: string, url: string) => CacheTarget | null;
  /** What every route declared (a test holds each to declaring). */
  declarations: CacheMatcher["declarations"];
} {
  const { personal, draining = () => false } = opts;
  app.decorateRequest("pageCacheMiss", null);
  app.decorateRequest("pageCacheOverlay", null);
  app.decorateRequest("touchedViewer", false);
  // Compiled from the routes' own declarations, API routes as Fastify registers them.
  const rules = createCacheMatcher(settings);
  app.addHook("onRoute", (route) => rules.declareRoute(route));
  // Only this process's own refreshes may skip the cache: outsiders cannot force renders.
  const refreshSecret = newNonce();
  const refresh = async (url: string) => {
    await app.inject({ method: "GET", url, headers: { [REFRESH_HEADER]: refreshSecret } });
  };

  app.addHook("onRequest", async (request, reply) => {
    const target = rules.read(request.method, request.url);
    if (!target) return;
    const { rule, key, route } = target;
    if (carriesLogin(request.method, request.headers, request.url)) {
      // Whoever this turns out to be, this answer is not for a shared cache.
      reply.header("cache-control", "private, no-cache");
      const { overlay } = target;
      if (
        personal &&
        overlay &&
        request.method === "GET" &&
        overlayApplies(overlay, (request.query ?? {}) as Record<string, unknown>)
      )
        request.pageCacheOverlay = { rule, key, overlay };
      return;
    }
    if (request.headers[REFRESH_HEADER] === refreshSecret) {
      // The background refresh of a stale entry (app.inject below): render and store.
      const lookup = await cache.renderAgain(key, rule);
      request.pageCacheMiss = { gens: lookup.gens, rule, route, done: lookup.done, store: true };
      return;
    }
    if (request.method === "HEAD") {
      // A HEAD is answered from a stored GET, else by rendering the GET and dropping its body: it
      // never becomes anyone's stored page (H1: an empty 200 did), nor the renderer others wait on.
      const found = await cache.peek(key, rule, refresh);
      if (found) return serve(request, reply, found.page, found.state, rule, { close: draining() });
      request.pageCacheMiss = { gens: [], rule, route, done: () => undefined, store: false };
      reply.header("x-cache", "miss");
      return;
    }
    const found = await cache.lookup(key, rule, refresh);
    if (found.state !== "miss")
      return serve(request, reply, found.page, found.state, rule, { close: draining() });
    request.pageCacheMiss = { gens: found.gens, rule, route, done: found.done, store: true };
    reply.header("x-cache", "miss");
  });

  // Once the session plugin has read the request (preValidation): a miss is rendered for nobody
  // only if the session plugin saw nobody too. The two read the same parsers, so this never
  // refuses; if they ever disagree, the reader gets their own page and nothing is stored.
  app.addHook("preHandler", async (request, reply) => {
    const miss = request.pageCacheMiss;
    if (!miss || madeForNobody(request)) return;
    request.pageCacheMiss = null;
    miss.done(null);
    reply.header("cache-control", "private, no-cache");
    request.log.error("page cache: a read the cache took for nobody presented a login; not stored");
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const miss = request.pageCacheMiss;
    if (!miss) return payload;
    request.pageCacheMiss = null;
    const refusal = refusedByStore(request, reply, payload, miss);
    if (refusal) {
      miss.done(null);
      reply.header("cache-control", "private, no-cache");
      // A HEAD for nobody: the headers its GET would have, the answer itself never stored.
      if (refusal === "head" && reply.statusCode === 200) {
        reply.header("cache-control", publicCacheControl(miss.rule));
        reply.header("vary", "Cookie");
      }
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    const nonce = NONCE_IN_CSP.exec(headers["content-security-policy"] ?? "")?.[1] ?? null;
    miss.done({
      status: reply.statusCode,
      headers,
      body: typeof payload === "string" ? Buffer.from(payload) : (payload as Buffer),
      nonce,
      storedAt: Date.now(),
      freshMs: miss.rule.ttl * 1000,
      gens: miss.gens,
    });
    reply.header("cache-control", publicCacheControl(miss.rule));
    reply.header("vary", "Cookie");
    return payload;
  });

  const signedIn: SignedInFront | null = personal
    ? installViewerOverlays(app, cache, settings, personal, refresh, draining)
    : null;

  // It runs on the server's request event, outside everything Fastify catches: nothing it does may
  // throw out of it (an uncaught error or rejection there would end the process), and a request it
  // could not answer goes on to Fastify once, unless part of the answer was already written.
  const front: PageCacheFront = {
    onServed: () => {},
    handle(req, res, next) {
      let target: CacheTarget | null;
      const url = req.url ?? "/";
      let login = false;
      try {
        // A refresh, a drain or a possible login: Fastify's hook decides what to do with it.
        target = req.headers[REFRESH_HEADER] || draining() ? null : rules.read(req.method, url);
        login = !!target && carriesLogin(req.method, req.headers, url);
      } catch {
        target = null;
      }
      if (!target) return next(req, res);
      const { rule, key } = target;
      if (login) return signedInFront(req, res, next, url, target);
      // The in-process store answers at once: a hit waits for nothing.
      const now = cache.peekNow(key, rule, refresh);
      if (now !== undefined) {
        if (!now || !serveFront(req, res, now, rule)) next(req, res);
        return;
      }
      cache.peek(key, rule, refresh).then(
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
    target: CacheTarget,
  ) {
    const failed = (err: unknown) => {
      app.log.error({ err }, "page cache: a signed-in read could not be answered in front");
      if (res.headersSent) res.destroy();
      else next(req, res);
    };
    let answered: ReturnType<SignedInFront>;
    try {
      answered = signedIn ? signedIn(req, res, url, target) : false;
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

  /**
   * Fastify's `rewriteUrl`: a read for nobody of a cacheable URL is routed as the URL it is stored
   * under, its query cut to the parameters the route reads, so what is rendered is what the key
   * says (a parameter missing from a route's list cannot store one page under another's key).
   */
  const rewriteUrl = (req: IncomingMessage): string => {
    const url = req.url ?? "/";
    try {
      const target = rules.read(req.method, url);
      if (!target || target.key === url || carriesLogin(req.method, req.headers, url)) return url;
      return target.key;
    } catch {
      return url;
    }
  };
  return {
    front,
    rewriteUrl,
    declarePages: rules.declarePages,
    targetOf: rules.read,
    declarations: rules.declarations,
  };
}

/** Nobody's login was presented (the session plugin's reading) and no reader was resolved. */
function madeForNobody(request: FastifyRequest): boolean {
  return request.reader === "nobody" && !request.viewer && !request.caller?.userId;
}

/**
 * Why the store refuses an answer, or null when it may be every visitor's copy: it was made for
 * nobody (decided by the session plugin, and no render put a reader's state in it), it is a
 * complete 200 GET body, and it sets no cookie. Whatever path the answer took, it passes here.
 */
function refusedByStore(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  miss: NonNullable<FastifyRequest["pageCacheMiss"]>,
): "reader" | "route" | "status" | "cookie" | "head" | "body" | null {
  if (!madeForNobody(request) || request.touchedViewer) return "reader";
  // The matcher and the router must agree on which route answered: another route's answer under
  // this one's key and policy would be stored unasked.
  if (answeringRoute(request) !== miss.route) return "route";
  if (reply.statusCode !== 200) return "status";
  if (reply.hasHeader("set-cookie")) return "cookie";
  if (request.method !== "GET" || !miss.store) return "head";
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return "body";
  const bytes = Buffer.byteLength(payload);
  const length = reply.getHeader("content-length");
  if (bytes === 0 || (length !== undefined && Number(length) !== bytes)) return "body";
  if (reply.hasHeader("content-encoding")) return "body";
  return null;
}

/** The declared route that answered: an API route's URL pattern, or "page" for the renderer's. */
function answeringRoute(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config;
  if (config?.pageCache) return request.routeOptions.url;
  return config?.renderedPage ? "page" : undefined;
}
