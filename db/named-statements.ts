import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Distinct statements one connection keeps prepared. The app's queries come from a few hundred
 * shapes (an `IN` list gives one per length); past this, further new texts run unnamed as before,
 * so a connection's memory in the server stays bounded whatever the queries.
 */
export const NAMED_PER_CONNECTION = 1000;
/** Only the statements the app runs again and again, and no DDL (a migration runs once). */
const NAMEABLE = /^\s*(select|with|insert|update|delete)\s/i;
const MAX_TEXT = 16_384;

const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = "n" + createHash("sha1").update(text).digest("base64url").slice(0, 22);
    // The same few hundred texts come back; a runaway of one-off texts must not grow this map.
    if (names.size > 10 * NAMED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * A node-postgres Client that prepares each statement once per connection: Drizzle sends every
 * query through the extended protocol unnamed, so PostgreSQL parses and plans it again on every
 * call. Measured on the feed JSON at 20k entries, parse and bind (planning) took ~4 ms of a ~6 ms
 * query. Named by a hash of its text, a statement is parsed once per connection, and after five
 * executions PostgreSQL keeps a generic plan when it costs no more than the custom ones (its
 * plan_cache_mode=auto rule), so a repeated query costs its execution only.
 */
export function namedStatementClient(Client: typeof pg.Client): typeof pg.Client {
  return class NamedStatementClient extends Client {
    readonly #named = new Set<string>();

    // node-postgres's query has many overloads; this passes every form through unchanged except a
    // plain config object with parameters, which gets its name.
    override query(...args: unknown[]): never {
      const config = args[0] as QueryConfigLike | null;
      if (
        config &&
        typeof config === "object" &&
        typeof config.submit !== "function" &&
        config.name === undefined &&
        typeof config.text === "string" &&
        config.text.length <= MAX_TEXT &&
        NAMEABLE.test(config.text)
      ) {
        const name = nameOf(config.text);
        if (this.#named.has(name) || this.#named.size < NAMED_PER_CONNECTION) {
          this.#named.add(name);
          args[0] = { ...config, name };
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  } as unknown as typeof pg.Client;
}
