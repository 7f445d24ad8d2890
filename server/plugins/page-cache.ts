import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  bodyWithNonce,
  gzipWithNonce,
  newNonce,
  PageCache,
  replayHeaders,
  reuseGzip,
  type CachedPage,
  type CacheRule,
} from "../lib/page-cache.ts";
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
const ID = "([0-9a-zA-Z]{24})";

type Family = "list" | "detail" | "search" | "api";
/** One line a cacheable path: its TTL family and the scope its id (group 1) belongs to. */
const PAGE_RULES: [RegExp, Family, string?][] = [
  [/^\/$/, "list"],
  [/^\/welcome(\/[^/]+)?$/, "list"],
  [/^\/explore(\/[^/]+)?$/, "list"],
  [/^\/zhuanlan(\/[^/]+)?$/, "list"],
  [/^\/tag\/[^/]+$/, "list"],
  [/^\/pins$/, "list"],
  [/^\/books(\/[^/]+)?$/, "list"],
  [/^\/repos$/, "list"],
  [/^\/collections(\/[^/]+)?$/, "list"],
  [/^\/subscribe\/all$/, "list"],
  [/^\/about$/, "list"],
  [/^\/app$/, "list"],
  [/^\/search$/, "search"],
  // What feed readers and crawlers fetch (syndication): cached like the lists they follow.
  [/^\/feeds\/(tag\/|user\/)?[^/]+\.(xml|rss)$/, "list"],
  [/^\/(sitemap\.xml|sitemaps\/[^/]+\.xml|robots\.txt)$/, "list"],
  [new RegExp(`^/post/${ID}$`), "detail", "entry"],
  [new RegExp(`^/entry/${ID}(/detail(/answer)?(/[^/]+)?)?$`), "detail", "entry"],
  [new RegExp(`^/pin/${ID}$`), "detail", "pin"],
  [new RegExp(`^/repo/${ID}$`), "detail", "repo"],
  [new RegExp(`^/book/${ID}(/section(/[^/]+)?)?$`), "detail", "booklet"],
  [new RegExp(`^/collection/${ID}$`), "detail", "collection"],
  [new RegExp(`^/user/${ID}(/[^/]+)?$`), "detail", "user"],
];

/**
 * Public JSON lists whose answer to a logged-out caller depends only on the URL. Not here: anything
 * that counts (getEntryView), issues something (captcha, OAuth, tracking beacons) or reads the
 * caller's own state.
 */
const API_RULES: [RegExp, string?][] = [
  [/^\/api\/(get_entry_by_(rank|timeline|period|hot|ids)|entries|get_related_entry|categories)$/],
  [/^\/api\/(pins|getByID|get_banner|getDetailData|getEntry)$/],
  [/^\/api\/(get_trending|get_trending_languages|get_showcases|get_repo_detail)$/],
  [/^\/api\/(homeCollectionSet|getCollectionSetEntries|getCollectionSetInfo|getHotTags)$/],
  [/^\/api\/getUserCollectionSet(\/\d+)?$/],
  [/^\/api\/(getUserFollowerList|getUserFolloweeList|get_multi_user)$/],
  [/^\/api\/booklets\/(get|getList|getHot|getListSection)$/],
  [/^\/api\/(tags|tag)\/[^?]+$/],
  [/^\/api\/user\/[^/]+\/(like\/entry|subscribe)$/],
  [/^\/api\/search$/],
  [new RegExp(`^/api/entry/${ID}/user$`), "entry"],
  [new RegExp(`^/api/comments/entry/${ID}(/comment/[^/]+)?$`), "entry"],
  [new RegExp(`^/api/comments/repo/${ID}(/comment/[^/]+)?$`), "repo"],
  [new RegExp(`^/api/comments/booklet/${ID}(/comment/[^/]+)?$`), "booklet"],
  [new RegExp(`^/api/comments/${ID}$`), "pin"],
  [/^\/api\/reply\/[^/]+$/, "comments"],
  [/^\/api\/repo\/[^/]+$/],
];

/** Pages that show one comment thread by its comment id depend on every comment's deletion. */
const COMMENT_THREAD = /\/comment\/|\/reply\/|\/detail(\/answer)?\/[^/]+$/;

export interface PageCacheSettings {
  enabled: boolean;
  /** In-process budget in bytes (PAGE_CACHE_MB). */
  maxBytes: number;
  /** Seconds fresh: list pages, one entry's pages, search, JSON lists (PAGE_CACHE_TTL_*). */
  ttl: Record<Family, number>;
  /** Seconds served stale while refreshing (PAGE_CACHE_SWR). */
  swr: number;
  /** Redis key prefix; tests give each app its own. */
  prefix: string;
}

/** The rule for a URL, or null when it is never cached. `.data` (loader data) follows its page. */
export function cacheRule(url: string, settings: PageCacheSettings): CacheRule | null {
  const q = url.indexOf("?");
  let path = q < 0 ? url : url.slice(0, q);
  const scopes = ["*"];
  if (path.startsWith("/api/")) {
    for (const [pattern, scope] of API_RULES) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (scope === "comments") scopes.push("comments");
      else if (scope) scopes.push(`${scope}:${m[1]}`);
      if (COMMENT_THREAD.test(path) && scope !== "comments") scopes.push("comments");
      return { ttl: settings.ttl.api, swr: settings.swr, scopes };
    }
    return null;
  }
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -5);
  for (const [pattern, family, scope] of PAGE_RULES) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (scope) scopes.push(`${scope}:${m[1]}`);
    if (COMMENT_THREAD.test(path)) scopes.push("comments");
    return { ttl: settings.ttl[family], swr: settings.swr, scopes };
  }
  return null;
}

/** URLs read lately and their rules, per settings: a hit asks once per URL, not once per request. */
const knownRules = new WeakMap<PageCacheSettings, Map<string, CacheRule | null>>();
/** URLs remembered at most; past it the memory starts again (query strings make URLs unbounded). */
const KNOWN_RULES = 4096;

/** The rule of a read (GET or HEAD) of a cacheable URL; null for anything else. */
function readRule(method: string | undefined, url: string, settings: PageCacheSettings): CacheRule | null {
  if (method !== "GET" && method !== "HEAD") return null;
  let known = knownRules.get(settings);
  if (!known) knownRules.set(settings, (known = new Map()));
  let rule = known.get(url);
  if (rule === undefined) {
    if (known.size >= KNOWN_RULES) known.clear();
    known.set(url, (rule = cacheRule(url, settings)));
  }
  return rule;
}

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

const cacheControls = new Map<string, string>();
/** The header for a rule's times, made once per pair of them (a hit is made of a few such lines). */
function publicCacheControl(rule: CacheRule): string {
  const key = `${rule.ttl}/${rule.swr}`;
  let value = cacheControls.get(key);
  // max-age=0: a browser asks again (its person may log in meanwhile); shared caches keep it.
  if (!value)
    cacheControls.set(
      key,
      (value = `public, max-age=0, s-maxage=${rule.ttl}, stale-while-revalidate=${rule.swr}`),
    );
  return value;
}

/** Does the client take gzip? (Every browser does; the cache answers them pre-compressed.) */
const takesGzip = (headers: IncomingHttpHeaders) => /\bgzip\b/.test(String(headers["accept-encoding"] ?? ""));

/**
 * Writes a stored page as this response: its headers (helmet's among them, kept from the render)
 * and body with a fresh nonce, as they are — no serializer or compression hook has anything left to
 * do for finished bytes, and going through them cost more than the write.
 */
function writeStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: string,
  rule: CacheRule,
  how: {
    /** A signed-in viewer's copy (ViewerOverlay): never for a shared cache. */
    personal?: boolean;
    /** The drain's Connection: close (its onSend hook does not see a hit). */
    close?: boolean;
    /** Headers this request's hooks set before (a refreshed session cookie, say). */
    before?: Record<string, unknown>;
    /** Called once the head is written, before the body (Fastify's hijack). */
    onHead?: () => void;
  } = NO_HOW,
) {
  const nonce = page.nonce ? newNonce() : "";
  const gzip = takesGzip(req.headers) && page.body.length >= 1024;
  const body = gzip ? gzipWithNonce(page, nonce) : nonce ? bodyWithNonce(page, nonce) : page.body;
  const replay = replayHeaders(page);
  // Name, value pairs: the stored page's own headers win over what hooks set before, and this
  // response's own (below) over both, as assigning them in turn to one object would.
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
  head.push(
    "cache-control",
    how.personal ? "private, no-cache" : publicCacheControl(rule),
    "x-cache",
    state,
    // Accept-Encoding even on a plain copy, as compress.ts says of every compressible answer: a
    // shared cache must not hand this key's plain copy to a client that takes gzip, or the other way round.
    "vary",
    "Cookie, Accept-Encoding",
  );
  if (gzip) head.push("content-encoding", "gzip");
  head.push("content-length", body.length);
  if (how.close) head.push("connection", "close");
  res.writeHead(page.status, head as string[]);
  how.onHead?.();
  if (req.method === "HEAD") res.end();
  // Once finished (handed to the socket and written), a gzip answer serves the page's next hit.
  else if (gzip) res.end(body, () => reuseGzip(page, body));
  else res.end(body);
}

const NO_HOW = {};
/** Headers `writeStored` sets itself: a hook's earlier value for them is not replayed. */
const OWN_HEADERS = new Set(["cache-control", "x-cache", "vary", "content-encoding", "content-length"]);

/**
 * A hit found by Fastify's hooks (inject, or a request the front passed on): written the same way.
 * A stored page that cannot be written (a header Node refuses) is rendered instead, not stored.
 */
function serve(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  rule: CacheRule,
  how: { personal?: boolean; close: boolean },
) {
  try {
    // The onResponse hooks still run on the response's finish; metrics read x-cache from it.
    writeStored(request.raw, reply.raw, page, state, rule, {
      ...how,
      before: reply.getHeaders(),
      onHead: () => reply.hijack(),
    });
  } catch (err) {
    if (reply.raw.headersSent) throw err;
    request.log.error({ err }, "page cache: a stored page could not be written; rendering it");
    return;
  }
  return reply;
}

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
