import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { CachedPage } from "../lib/cached-page.ts";
import type { CacheRule, PageCache } from "../lib/page-cache.ts";
import type { Kv } from "../lib/kv.ts";
import type { Caller } from "../services/deps.ts";
import type { RecentSession } from "../services/auth/index.ts";
import type { CacheTarget, PageCacheSettings } from "./page-cache-rules.ts";
import { writeHijacked, writePersonal, writeStored } from "./page-cache-write.ts";
import { presentedLogin, queryOf } from "../lib/reader.ts";
import { ByteBudgetMap } from "../../shared/byte-budget-map.ts";

/*
 * Signed-in reads of public lists (ADR 011): the anonymous answer from the page cache with the
 * reader's own state laid over it. Answered in front of Fastify when this instance confirmed the
 * reader's session moments ago (auth's recent sessions), else by a preHandler once the session
 * plugin knows them. Each reader's answer for a stored page is remembered until that page goes.
 */

/**
 * A public JSON list whose answer to a signed-in viewer is the anonymous answer plus the viewer's
 * own state (liked flags, say): the cached anonymous answer is served with that state laid over it,
 * one small query instead of a render. The viewer's own writes are never hidden by it: for the
 * cache's longest staleness after any change they make, their lists render as usual.
 */
export interface ViewerOverlay {
  /** Does it apply to this query (a list that reads the caller's own subscriptions does not)? */
  applies(query: Record<string, unknown>): boolean;
  /**
   * The anonymous answer's `d` as this caller sees it (not changing `d`), or null when it is the
   * same: then the cached bytes go out as they are, pre-compressed. It may depend only on the stored
   * answer, the query and state the caller changes by their own writes (their likes, whom they hide).
   */
  apply(d: unknown, caller: Caller, query: Record<string, unknown>): Promise<unknown>;
}

export interface PersonalOptions {
  /** The shared store that marks recent writers. */
  kv: Kv;
  /** A session confirmed moments ago (auth.recentSession): lets the front answer without Fastify. */
  recentSession?: (token: string, uid?: string) => RecentSession | undefined;
}

/** What the front answered a signed-in read with (counted like its hits). */
export type OverlayServed = "overlay-hit" | "overlay-stale";
/** Answers a signed-in read in front of Fastify; false (or a promise of false) when it did not. */
export type SignedInFront = (
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  target: CacheTarget,
) => false | Promise<OverlayServed | false>;

const wroteKey = (userId: string) => `pc:wrote:${userId}`;

type Envelope = { s?: number; d?: unknown };
/** Both stores hand out one object per stored render: parsed once, not per viewer. */
const parsedPages = new WeakMap<CachedPage, Envelope>();
function envelopeOf(page: CachedPage): Envelope {
  let envelope = parsedPages.get(page);
  if (!envelope) parsedPages.set(page, (envelope = JSON.parse(page.body.toString()) as Envelope));
  return envelope;
}

/**
 * Each reader's answer for a stored page, while that page is the one served: a reader's state on it
 * changes only by their own writes, and a write makes their lists render (the `wrote` mark) for
 * longer than the page lives. So a second read of the same list asks the database nothing.
 */
const REMEMBERED_BYTES = 16 * 1024 * 1024;
interface Remembered {
  page: CachedPage;
  /** The reader's JSON, or null when it is the visitor's answer as it is. */
  json: Buffer | null;
  encoded: Map<string, Buffer>;
}
function createPersonalMemo(budget = REMEMBERED_BYTES) {
  // First in, first out (peek, not get): a remembered answer lives no longer than its page anyway.
  const byKey = new ByteBudgetMap<Remembered>(budget);
  return {
    find(key: string, page: CachedPage): Remembered | undefined {
      const found = byKey.peek(key);
      if (!found) return undefined;
      if (found.page !== page) return void byKey.delete(key);
      return found;
    },
    remember(key: string, page: CachedPage, json: Buffer | null): Remembered {
      const entry: Remembered = { page, json, encoded: new Map() };
      byKey.set(key, entry, key.length + (json?.length ?? 0));
      return entry;
    },
    /** Accounts for a compressed copy added to `entry` (if it is still the one remembered). */
    grew(key: string, entry: Remembered, by: number) {
      if (byKey.peek(key) === entry) byKey.grow(key, by);
    },
  };
}

/** Whether a route's overlay answers this query (auth in the query makes the URL a key of its own). */
export function overlayApplies(overlay: ViewerOverlay, query: Record<string, unknown>): boolean {
  return !query.token && !query.uid && overlay.applies(query);
}

/**
 * Signed-in reads of overlaid lists (ViewerOverlay): after the session is known, the anonymous
 * answer is taken from the cache — or rendered once, anonymously and single-flight, as a visitor's
 * request would — and the viewer's state is laid over it. Someone who changed anything within the
 * cache's longest staleness (TTL + SWR) gets a render instead, so their own writes show at once.
 */
export function installViewerOverlays(
  app: FastifyInstance,
  cache: PageCache,
  settings: PageCacheSettings,
  personal: PersonalOptions,
  refresh: (url: string) => Promise<void>,
  draining: () => boolean,
): SignedInFront | null {
  const { kv } = personal;
  const markSeconds = settings.ttl.api + settings.swr;
  const memo = createPersonalMemo();

  /** The reader's answer for a stored page: remembered, or laid over now and remembered. */
  async function personalFor(
    page: CachedPage,
    overlay: ViewerOverlay,
    caller: Caller & { userId: string },
    url: string,
    query: Record<string, unknown>,
  ) {
    // Whether they hide anyone is in the key: a first mute (which the session lookup reports) is
    // seen at once even when made without a request of theirs (by a test, say, or an operator).
    const key = `${caller.userId} ${caller.hidesAnyone ? 1 : 0} ${url}`;
    const known = memo.find(key, page);
    if (known) return { key, entry: known };
    const envelope = envelopeOf(page);
    const d = await overlay.apply(envelope.d, caller, query);
    const json = d === null ? null : Buffer.from(JSON.stringify({ ...envelope, d }));
    return { key, entry: memo.remember(key, page, json) };
  }

  function write(
    req: IncomingMessage,
    res: ServerResponse,
    found: { state: "hit" | "stale"; page: CachedPage },
    rule: CacheRule,
    personalAnswer: { key: string; entry: Remembered },
    how: { before?: Record<string, unknown>; onHead?: () => void },
  ): OverlayServed {
    const state = found.state === "stale" ? "overlay-stale" : "overlay-hit";
    const { key, entry } = personalAnswer;
    if (!entry.json)
      writeStored(req, res, found.page, state, rule, { ...how, personal: true, close: draining() });
    else
      writePersonal(req, res, found.page, state, entry.json, {
        ...how,
        close: draining(),
        encoded: entry.encoded,
        onEncoded: (bytes) => memo.grew(key, entry, bytes),
      });
    return state;
  }

  app.addHook("preHandler", async (request, reply) => {
    const pending = request.pageCacheOverlay;
    request.pageCacheOverlay = null;
    const caller = request.caller;
    if (!pending || !caller?.userId) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    // Without the shared store nobody can tell whether they wrote just now: render.
    const wrote = await kv.get(wroteKey(caller.userId)).catch(() => "unknown");
    if (wrote) return;
    const found = await cache.peek(pending.key, pending.rule, refresh);
    if (found) {
      if (found.page.status !== 200 || envelopeOf(found.page).s !== 1) return;
      const answer = await personalFor(
        found.page,
        pending.overlay,
        { ...caller, userId: caller.userId },
        pending.key,
        query,
      );
      return writeHijacked(request, reply, (hooked) =>
        write(request.raw, reply.raw, found, pending.rule, answer, hooked),
      );
    }
    // Rendered as a visitor's request is (and kept for the next one); strip every credential.
    const anonymous = await app.inject({
      method: "GET",
      url: pending.key,
      headers: { accept: "application/json" },
    });
    if (anonymous.statusCode !== 200) return;
    const envelope = JSON.parse(anonymous.body) as Envelope;
    if (envelope.s !== 1) return;
    const d = await pending.overlay.apply(envelope.d, caller, query);
    reply.header("x-cache", "overlay-miss");
    reply.header("content-type", "application/json; charset=utf-8");
    return reply.send(JSON.stringify(d === null ? envelope : { ...envelope, d }));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.viewer && reply.statusCode < 400) {
      await kv.set(wroteKey(request.viewer.id), "1", markSeconds).catch((err) => {
        // Unmarked, the writer could be handed a stored list from before the write once Redis is
        // back: every stored page is purged then instead.
        cache.owePurge();
        request.log.warn(err);
      });
    }
    return payload;
  });

  const recentSession = personal.recentSession;
  if (!recentSession) return null;
  /**
   * The same read in front of Fastify, for a reader whose session this instance confirmed moments
   * ago: no routing, hooks or session query. Anything else it cannot settle goes on to Fastify.
   */
  return (req, res, url, { rule, key, overlay }) => {
    // Parsed as Fastify parses it (lib/reader.ts); a key given twice: let Fastify's hooks decide.
    const query = queryOf(url);
    if (!overlay || Object.values(query).some(Array.isArray) || !overlayApplies(overlay, query)) return false;
    const login = presentedLogin(req.method, req.headers, query);
    const session = login && recentSession(login.token, login.uid);
    if (!session) return false;
    const caller = {
      userId: session.userId,
      sessionId: session.sessionId,
      ip: req.socket.remoteAddress ?? "",
      userAgent: String(req.headers["user-agent"] ?? ""),
      staff: false,
      hidesAnyone: session.hidesAnyone,
    };
    return (async () => {
      if (await kv.get(wroteKey(session.userId)).catch(() => "unknown")) return false;
      const found = cache.peekNow(key, rule, refresh) ?? (await cache.peek(key, rule, refresh));
      if (!found || found.page.status !== 200 || envelopeOf(found.page).s !== 1) return false;
      return write(req, res, found, rule, await personalFor(found.page, overlay, caller, key, query), {});
    })();
  };
}
