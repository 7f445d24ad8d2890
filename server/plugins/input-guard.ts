import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../shared/html.ts";

/** The methods the site answers; anything else (TRACE, PROPFIND…) is 405 before any route runs. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const ALLOW = [...METHODS].join(", ");
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a browser says this request was made by a page of another site. Our own origin is the
 * Host the request came to (or the proxy's X-Forwarded-Host), or PUBLIC_URL's.
 */
function fromAnotherSite(headers: FastifyRequest["headers"], publicHost: string): boolean {
  if (headers["sec-fetch-site"] === "cross-site") return true;
  const origin = headers.origin;
  if (typeof origin !== "string") return false;
  if (origin === "null") return true; // sandboxed frames, data: and file: pages
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = String(headers["x-forwarded-host"] ?? "")
    .split(",")[0]
    .trim();
  return host !== headers.host && host !== forwarded && host !== publicHost;
}

/**
 * Input no part of the site can store or search: PostgreSQL refuses a NUL byte (0x00) in text, so
 * a NUL anywhere in a request would reach the database and fail there as a 500. It is
 * refused up front with 400 naming the field, on API calls and pages alike, and on methods nobody
 * routes (TRACE built a web Request that threw). Runs before sessions, the page cache and routes.
 */
export function installInputGuard(app: FastifyInstance, opts: { publicUrl: string }) {
  const publicHost = new URL(opts.publicUrl).host;
  app.addHook("onRequest", async (request, reply) => {
    if (!METHODS.has(request.method)) {
      return refuse(reply.header("Allow", ALLOW), 405, `不支持 ${request.method} 请求`, null, request.url);
    }
    const url = request.url;
    // A change sent by another site's page (a form or script elsewhere) is refused, cookies or not:
    // a cross-site form posting to the login call would otherwise log the visitor's browser into
    // the attacker's account (login CSRF). Browsers say where a request comes from
    // (Sec-Fetch-Site, Origin); API clients send neither and are unaffected.
    if (
      !SAFE.has(request.method) &&
      url.startsWith("/api/") &&
      fromAnotherSite(request.headers, publicHost)
    ) {
      return refuse(reply, 403, "拒绝来自其他网站的请求", null, url);
    }
    const cut = url.indexOf("?");
    if (/%00/i.test(url) || url.includes("\0")) {
      const field = cut >= 0 ? nulField(url.slice(cut + 1)) : null;
      return refuse(reply, 400, `参数 ${field ?? "path"} 不能包含空字符（\\0）`, field ?? "path", url);
    }
  });

  // Parsed bodies (JSON, forms): the first string holding a NUL names the field. Multipart uploads
  // are read by their own route (files are bytes, not text).
  app.addHook("preValidation", async (request, reply) => {
    const body = request.body;
    if (body === null || typeof body !== "object" || Buffer.isBuffer(body)) return;
    const field = findNul(body, "", 0);
    if (field !== null) {
      return refuse(
        reply,
        400,
        `参数 ${field || "body"} 不能包含空字符（\\0）`,
        field || "body",
        request.url,
      );
    }
  });
  // Numbers past float8 ("1e309", "Infinity") pass Ajv's coercion of a string to an integer or a
  // number as ±Infinity, and then skip its minimum/maximum checks; JSON.parse reads 1e309 as
  // Infinity too. PostgreSQL refuses them (a 500 found by the fuzz test): refused here, after
  // validation, naming the field.
  app.addHook("preHandler", async (request, reply) => {
    for (const part of [request.query, request.params, request.body]) {
      if (part === null || typeof part !== "object" || Buffer.isBuffer(part)) continue;
      const field = findNonFinite(part, "", 0);
      if (field !== null) {
        return refuse(reply, 400, `参数 ${field || "body"} 不是有效的数字`, field || "body", request.url);
      }
    }
  });
}

function refuse(reply: FastifyReply, status: number, message: string, field: string | null, url: string) {
  if (url.startsWith("/api/") || url === "/api") {
    // A refusal is not the route's answer: written as the error handler writes one (envelope.ts),
    // never by a response schema the route declares for this status.
    return reply
      .status(status)
      .serializer(JSON.stringify)
      .type("application/json; charset=utf-8")
      .send({ s: status, m: message, d: field ? { field } : null });
  }
  // A page: a short page in the site's language, not JSON.
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><meta charset="utf-8"><title>请求无效</title><p>请求无效：${escapeHtml(message)}</p>`,
    );
}

/** The query parameter whose name or value holds an encoded NUL. */
function nulField(query: string): string | null {
  for (const pair of query.split("&")) {
    if (!/%00|\0/i.test(pair)) continue;
    const name = pair.split("=", 1)[0];
    try {
      return decodeURIComponent(name.replace(/\+/g, " ")).replace(/\0/g, "") || "query";
    } catch {
      return "query";
    }
  }
  return null;
}

/** Depth-first path ("a.b.0") of the first string (or key) holding a NUL; null when none does. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return value.includes("\0") ? path : null;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes("\0")) return path || "body";
    const found = findNul(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Path of the first number that is not finite (Infinity, NaN); null when none is. */
function findNonFinite(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNonFinite(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
