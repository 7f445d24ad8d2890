import type { FastifyContextConfig, FastifySchema } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { HEX_ID_PATTERN, HEX_ID_SOURCE } from "../../shared/ids.ts";
import { limitNote, type RouteLimit } from "./rate-limits.ts";
import type { Caller } from "../services/deps.ts";
import type { RouteCache } from "../plugins/page-cache-rules.ts";

interface RouteExtras {
  /**
   * The route's rate limit: enforced (config.rateLimit) and told, as the description's last sentence
   * (limitNote), from this one word, so what the API docs promise is what the server counts.
   */
  limit?: RouteLimit;
  /** Other route config (suspendedMayCall …); a limit the docs do not tell yet goes here too. */
  config?: FastifyContextConfig;
  /**
   * A GET's page-cache policy (shared/page-cache-policy.ts): its answer to a visitor may be every
   * visitor's copy, for `life`, purged with the records named in `purgedBy`, and with `overlay` a
   * signed-in reader gets it with their own state laid over. `false`: never cached (it reads the
   * reader, counts or issues something). The page cache compiles its matcher from these alone.
   */
  cache?: RouteCache | false;
}

/**
 * An API route's options from one flat declaration: its OpenAPI schema (tags, summary, description,
 * params, querystring, body) and, with `limit`, its rate limit. Used as
 * `app.post(url, route({ tags, summary, body, limit }), handler)`; the request stays typed from the
 * schema as with `{ schema }` written out.
 */
export function route<S extends FastifySchema>({
  limit,
  config,
  cache,
  ...schema
}: S & RouteExtras): { schema: Omit<S, keyof RouteExtras>; config?: FastifyContextConfig } {
  const withCache = cache === undefined ? config : { ...config, pageCache: cache };
  if (!limit) return withCache ? { schema, config: withCache } : { schema };
  return {
    schema: { ...schema, description: (schema.description ?? "") + limitNote(limit) },
    config: { ...withCache, rateLimit: limit },
  };
}

/**
 * A record id field for params, query or body: 24 lowercase hex characters (server/lib/ids.ts), so
 * anything else answers 400 naming the field before a handler runs.
 */
export const hexId = (description: string) => Type.String({ pattern: HEX_ID_PATTERN, description });

/**
 * Up to `max` record ids joined by | (the list form of spec §7, ids=a|b): a malformed or too long
 * list answers 400 naming the field. `options` (a maxLength) come first, as the schemas wrote them.
 */
export const hexIdList = (max: number, description: string, options: { maxLength?: number } = {}) =>
  Type.String({ ...options, pattern: `^${HEX_ID_SOURCE}(\\|${HEX_ID_SOURCE}){0,${max - 1}}$`, description });

/** Path params `{id}` naming one record: the id field of hexId, for the many calls shaped `/thing/:id`. */
export const idParams = (description: string) => Type.Object({ id: hexId(description) });

/** The app a route plugin of ours receives (TypeBox-typed requests). */
type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * Declares an on/off pair on one URL: PUT turns it on, DELETE turns it off (a like, a tag
 * subscription). Both sides share tags, params, description and answer (`response`, an okResponse),
 * so the docs cannot drift apart; only the summaries differ. `change(on, params, caller)` does the
 * work, the way the services take a flag.
 */
export function toggle<P extends TSchema, R extends { 200: TSchema }>(
  app: RouteApp,
  url: string,
  opts: { tags: string[]; params: P; description: string; on: string; off: string; response: R },
  change: (on: boolean, params: Static<P>, caller: Caller) => Promise<Static<R[200]>>,
): void {
  const { tags, description, params } = opts;
  // The schemas are generic here, so Fastify can narrow neither req.params (validation already has)
  // nor the answer's type (`change` is held to it instead).
  const response: { 200: TSchema } = opts.response;
  app.put(url, route({ tags, summary: opts.on, description, params, response }), (req) =>
    change(true, req.params as Static<P>, req.caller),
  );
  app.delete(url, route({ tags, summary: opts.off, description, params, response }), (req) =>
    change(false, req.params as Static<P>, req.caller),
  );
}
