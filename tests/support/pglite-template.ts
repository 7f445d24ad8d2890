import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A migrated, empty PGlite database as a tar, made once per test run by tests/support/global-setup.ts
 * and copied by every test database (tests/support/app.ts): running the migrations from scratch
 * costs each test app 2–5 s on PGlite. Named after the migrations and db/client.ts, so a schema change
 * makes a new one.
 */
export function templatePath(): string {
  const dir = path.resolve("db/migrations");
  const stamp = createHash("sha256")
    .update(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".sql"))
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("\n"),
    )
    // What openDatabase does besides migrating (extensions) counts too.
    .update(fs.readFileSync(path.resolve("db/client.ts"), "utf8"))
    .digest("hex")
    .slice(0, 12);
  return path.resolve("node_modules/.cache/nugget", `pglite-${stamp}.tar`);
}

/** The template, when the global setup made one (PGlite runs only). */
export function pgliteTemplate(): Blob | undefined {
  if (process.env.DATABASE_URL) return undefined;
  const file = templatePath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
