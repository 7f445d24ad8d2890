import type { IncomingHttpHeaders } from "node:http";
import { fastifyCookie } from "@fastify/cookie";

/*
 * Who a request says it is, read in one place. The page cache decides "this reader is
 * nobody, their page may be shared" and the session plugin decides "this reader is signed in": when
 * the two read a request with two parsers, a spelling one of them misreads (`nugget_session= <token>`
 * with a space) made a signed-in page the public copy. Both now ask `presentedLogin` with the
 * cookie parser @fastify/cookie gives `request.cookies` and the query parser Fastify is built with
 * (`parseQuery`, server/app.ts), so whatever the session plugin could resolve, the cache sees as a
 * login.
 */

export const SESSION_COOKIE = "nugget_session";

/** The login a request presents: the API's auth triple (spec §7) or the web's session cookie. */
export interface PresentedLogin {
  token: string;
  uid?: string;
  via: "triple" | "cookie";
}

/** A query or form value as the session reads it: one non-empty string, else nothing. */
function field(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== "object") return undefined;
  const v = (source as Record<string, unknown>)[name];
  return typeof v === "string" && v ? v : undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === "string" && v ? v : undefined;
}

/** The cookies of a Cookie header, parsed as `request.cookies` is. */
export function parseCookies(cookieHeader: string | undefined): Record<string, string | undefined> {
  if (!cookieHeader) return {};
  try {
    return fastifyCookie.parse(cookieHeader);
  } catch {
    return {};
  }
}

/**
 * The login presented by headers (`token`, `uid`), the query and, for a change, the form or JSON
 * body (`token`, `uid`), else by the session cookie. A GET's or HEAD's body is never read: a page
 * read is decided by its URL and headers alone.
 */
export function presentedLogin(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  query: unknown,
  body?: unknown,
): PresentedLogin | null {
  const readsBody = method !== "GET" && method !== "HEAD";
  const token =
    header(headers, "token") ?? field(query, "token") ?? (readsBody ? field(body, "token") : undefined);
  if (token) {
    const uid = header(headers, "uid") ?? field(query, "uid") ?? (readsBody ? field(body, "uid") : undefined);
    return { token, uid, via: "triple" };
  }
  const cookie = parseCookies(header(headers, "cookie"))[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/**
 * The query string's parser, Fastify's (`routerOptions.querystringParser`) and the page cache's
 * front alike: a key given twice is an array; keys and values are decoded as URLSearchParams
 * decodes them. No prototype, so `__proto__` is a key like any other.
 */
export function parseQuery(search: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    if (had === undefined) out[key] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[key] = [had, value];
  }
  return out;
}

/** The query of a request target (`/path?a=1`), parsed by `parseQuery`. */
export function queryOf(url: string): Record<string, string | string[]> {
  const q = url.indexOf("?");
  return q < 0 ? (Object.create(null) as Record<string, string>) : parseQuery(url.slice(q + 1));
}
