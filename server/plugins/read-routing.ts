import { AsyncResource } from "node:async_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readRouting } from "../../db/replica.ts";
import { SESSION_COOKIE } from "./session.ts";

/**
 * Marks a browser that changed something while signed in: for its lifetime (REPLICA_STICKY_SECONDS)
 * its requests read the primary. A cookie rather than server state, so it holds on whichever
 * instance the next request lands (ADR 012).
 */
export const REPLICA_STICKY_COOKIE = "nugget_rw";

const READ_METHODS = new Set(["GET", "HEAD"]);

/** Does this response log someone in (password, SMS, OAuth callback: the latter is a GET)? */
function setsSession(reply: FastifyReply): boolean {
  const header = reply.getHeader("set-cookie");
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  // A cleared cookie (logout) has an empty value.
  return cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
}

/**
 * Decides once per request where its plain reads go (db/replica.ts): a GET or HEAD without the
 * sticky cookie reads the replica — anonymous pages, page-cache misses and their background
 * refreshes, public JSON lists, and signed-in people who have not changed anything just now; every
 * other request reads the primary. Installed only when a replica is configured; after the cookie
 * parser, before the session lookup (which then reads where the request does).
 */
export function installReadRouting(app: FastifyInstance, opts: { stickySeconds: number; secure: boolean }) {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();

  app.addHook("onRequest", (request, _reply, done) => {
    // An event stream lives on and reads after each change it is told of: the primary's business.
    const replica =
      READ_METHODS.has(request.method) &&
      !request.cookies[REPLICA_STICKY_COOKIE] &&
      !String(request.headers.accept ?? "").includes("text/event-stream");
    readRouting.run({ replica }, () => {
      // Fastify runs the later hooks and the handler from the request's own events (a body's
      // 'end'), outside this call: they re-enter the flag's context through this resource, as
      // @fastify/request-context does.
      const scope = new AsyncResource("nugget:read-routing");
      scopes.set(request, scope);
      scope.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (opts.stickySeconds <= 0) return payload;
    const ownChange = !READ_METHODS.has(request.method) && request.viewer && reply.statusCode < 400;
    if (ownChange || setsSession(reply)) {
      reply.setCookie(REPLICA_STICKY_COOKIE, "1", {
        maxAge: opts.stickySeconds,
        httpOnly: true,
        sameSite: "lax",
        secure: opts.secure,
        path: "/",
      });
    }
    return payload;
  });
}
