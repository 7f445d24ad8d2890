import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A short name for the schema a fresh database gets: the hash of the migration history, and of any
 * `alsoFiles` that shape a database besides it (db/client.ts creates extensions). Databases made
 * once and reused — the PGlite test template, the bench database — are named after it, so a schema
 * change makes a new one instead of reusing a stale one.
 */
export function schemaStamp(alsoFiles: string[] = [], length = 12): string {
  const dir = path.resolve("db/migrations");
  const hash = createHash("sha256").update(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .join("\n"),
  );
  for (const file of alsoFiles) hash.update(fs.readFileSync(path.resolve(file), "utf8"));
  return hash.digest("hex").slice(0, length);
}
