import fs from "node:fs";
import path from "node:path";
import { schemaStamp } from "../../db/schema-stamp.ts";

/**
 * A migrated, empty PGlite database as a tar, made once per test run by tests/support/global-setup.ts
 * and copied by every test database (tests/support/app.ts): running the migrations from scratch
 * costs each test app 2–5 s on PGlite. Named after the migrations and db/client.ts, so a schema change
 * makes a new one.
 */
export function templatePath(): string {
  // What openDatabase does besides migrating (extensions) counts too.
  const stamp = schemaStamp(["db/client.ts"]);
  return path.resolve("node_modules/.cache/nugget", `pglite-${stamp}.tar`);
}

/** The template, when the global setup made one (PGlite runs only). */
export function pgliteTemplate(): Blob | undefined {
  if (process.env.DATABASE_URL) return undefined;
  const file = templatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
