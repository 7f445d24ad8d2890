import type { FastifyContextConfig, FastifySchema } from "fastify";
import { limitNote, type RouteLimit } from "./rate-limits.ts";

interface RouteExtras {
  /**
   * The route's rate limit: enforced (config.rateLimit) and told, as the description's last sentence
   * (limitNote), from this one word, so what the API docs promise is what the server counts.
   */
  limit?: RouteLimit;
  /** Other route config (suspendedMayCall …); a limit the docs do not tell yet goes here too. */
  config?: FastifyContextConfig;
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
  ...schema
}: S & RouteExtras): { schema: Omit<S, keyof RouteExtras>; config?: FastifyContextConfig } {
  if (!limit) return config ? { schema, config } : { schema };
  return {
    schema: { ...schema, description: (schema.description ?? "") + limitNote(limit) },
    config: { ...config, rateLimit: limit },
  };
}
