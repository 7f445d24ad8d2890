import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomToken, safeEqual } from "../lib/crypto.ts";
import { AppError } from "../lib/errors.ts";
import type { Caller } from "../services/deps.ts";
import type { Services } from "../services/index.ts";
import type { Config } from "../config.ts";
import type { UserRow } from "../services/users/queries.ts";
import { activeSuspension } from "../../shared/report-rules.ts";
import { presentedLogin, SESSION_COOKIE } from "../lib/reader.ts";

export { SESSION_COOKIE };
export const CSRF_COOKIE = "nugget_csrf";
export const CSRF_HEADER = "x-csrf-token";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller;
    viewer: UserRow | null;
    /** How the caller authenticated: by the web cookie (needs CSRF) or by the API triple. */
    authVia: "cookie" | "triple" | null;
    /**
     * Who this request was read for, decided once by the session hook from `presentedLogin`
     * (lib/reader.ts): "nobody" when it presented no login at all, "login" when it presented one,
     * resolved or not. Null until the hook ran. Only an answer made for nobody may be shared
     * (the page cache refuses every other).
     */
    reader: "nobody" | "login" | null;
  }
  interface FastifyContextConfig {
    /**
     * A change a suspended account may still make: logging in and out, and the tracking
     * beacons every page sends. Everything else it writes is refused (refuseSuspendedWriter).
     */
    suspendedMayCall?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Resolves who is calling. API clients send the auth triple of spec §7 as headers (uid, client, token)
 * or as query/body fields (uid, token, device_id); the web sends the httpOnly session cookie.
 * Cookie-authenticated changes must carry the double-submit CSRF header.
 */
export function installSession(app: FastifyInstance, services: Services) {
  app.decorateRequest("caller", null as unknown as Caller);
  app.decorateRequest("viewer", null);
  app.decorateRequest("authVia", null);
  app.decorateRequest("reader", null);

  app.addHook("preValidation", async (request) => {
    const h = request.headers;
    // The same reading the page cache makes of this request (lib/reader.ts): one parser each.
    const login = presentedLogin(request.method, h, request.query, request.body);
    request.reader = login ? "login" : "nobody";
    const token = login?.via === "triple" ? login.token : undefined;
    const cookieToken = request.cookies[SESSION_COOKIE];

    let resolved = null;
    if (login) {
      resolved = await services.auth.resolve(login.token, login.uid);
      request.authVia = resolved ? login.via : null;
    }
    request.viewer = resolved?.user ?? null;
    request.caller = {
      userId: resolved?.user.id ?? null,
      sessionId: resolved?.sessionId ?? null,
      ip: request.ip,
      userAgent: String(h["user-agent"] ?? ""),
      staff: resolved?.user.role === "admin" || resolved?.user.role === "editor",
      hidesAnyone: resolved?.hidesAnyone,
    };

    // A browser request that carries our cookies and changes something must prove it came from our
    // pages: cross-site forms cannot read the CSRF cookie to copy it into the header.
    const carriesCookies = !!cookieToken || !!request.cookies[CSRF_COOKIE];
    const changes = !SAFE_METHODS.has(request.method) && request.url.startsWith("/api/");
    if (changes && carriesCookies && !token) {
      checkCsrf(request);
    }
    if (changes) refuseSuspendedWriter(request);
  });
}

/**
 * The one place a suspended account's writes are refused: every API change passes the
 * session hook above, and the spec's state-changing GETs pass requireCsrfForCookieGet. Reading goes
 * on; the suspension ends by itself at its date (activeSuspension compares with now).
 */
function refuseSuspendedWriter(request: FastifyRequest) {
  if (!request.viewer || request.routeOptions.config?.suspendedMayCall) return;
  const suspension = activeSuspension(request.viewer);
  if (suspension) throw new AppError(403, suspension.message);
}

/**
 * For the GETs of spec §7 that change state (entryDel, subscribe.php, isHot, follow…): a browser's
 * cookie rides along on a cross-site top-level GET (SameSite=Lax), so a cookie-authenticated GET must
 * still prove it came from our pages with the CSRF header; API clients with the auth triple are
 * unaffected. Pages use the POST or PUT forms.
 */
export async function requireCsrfForCookieGet(request: FastifyRequest) {
  if (request.authVia === "cookie") checkCsrf(request);
  refuseSuspendedWriter(request);
}

/** The double-submit check: the header must repeat the CSRF cookie (a cross-site page can read neither). */
function checkCsrf(request: FastifyRequest) {
  const sent = request.headers[CSRF_HEADER];
  const expected = request.cookies[CSRF_COOKIE];
  if (typeof sent !== "string" || !expected || !safeEqual(sent, expected)) {
    throw new AppError(403, "CSRF 校验失败，请刷新页面后重试");
  }
}

function secure(config: Config) {
  return config.publicUrl.startsWith("https://");
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secure(config),
    path: "/",
    maxAge: 30 * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: secure(config) });
}

/** The CSRF token for this browser, issuing the readable cookie on first sight. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
  const token = randomToken(24);
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: "lax",
    secure: secure(config),
    path: "/",
  });
  return token;
}
