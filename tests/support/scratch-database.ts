import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Scratch databases next to DATABASE_URL's, on the same PostgreSQL server. For tests the shared
 * `test` database cannot hold: seeding (unique demo accounts), or a job other files' app instances
 * must not take (their queues poll the same pg-boss tables).
 */
export function scratchDatabases(baseUrl: string) {
  const names: string[] = [];

  function urlOf(database: string): string {
    const url = new URL(baseUrl);
    url.pathname = "/" + database;
    return url.toString();
  }

  async function onAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  return {
    /** A new empty database named after `prefix`; answers its URL. */
    async create(prefix: string): Promise<string> {
      const name = `${prefix}_${randomBytes(4).toString("hex")}`;
      await onAdmin((c) => c.query(`create database ${name}`));
      names.push(name);
      return urlOf(name);
    },
    /** Drops every database `create` made; call after closing what uses them. */
    async dropAll(): Promise<void> {
      // Without FORCE: terminating a session the pool is still closing surfaces as an unhandled
      // error in pg; a backend that has not quite exited yet only needs a moment.
      for (const name of names.splice(0)) {
        for (let attempt = 0; ; attempt++) {
          try {
            await onAdmin((c) => c.query(`drop database if exists ${name}`));
            break;
          } catch (error) {
            if (attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }
    },
  };
}
