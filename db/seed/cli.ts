// npm run seed -- --users 200 --entries 2000 --seed 42 [--comments N] [--pins N]
//                  [--database-url postgres://…] [--data-dir ./data]
// Opens the database (PostgreSQL from --database-url or DATABASE_URL, otherwise PGlite under
// --data-dir or DATA_DIR, default ./data), migrates it, adds the reference data and seeds it.
// Progress goes to stderr; the summary to stdout.
import path from "node:path";
import { parseArgs } from "node:util";
import { count as countRows } from "drizzle-orm";
import { openDatabase } from "../client.ts";
import { users } from "../schema/index.ts";
import { ensureReferenceData } from "../reference-data.ts";
import { seed, type SeedProgress } from "./seed.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "200" },
    entries: { type: "string", default: "2000" },
    comments: { type: "string" },
    pins: { type: "string" },
    seed: { type: "string", default: "42" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(
    "usage: npm run seed -- [--users 200] [--entries 2000] [--comments N] [--pins N] [--seed 42]\n" +
      "                      [--database-url URL | env DATABASE_URL] [--data-dir DIR | env DATA_DIR]",
  );
  process.exit(0);
}

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${value}`);
    process.exit(2);
  }
  return n;
}

const databaseUrl = values["database-url"] ?? (process.env.DATABASE_URL || undefined);
const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
const seedValue = /^\d+$/.test(values.seed) ? Number(values.seed) : values.seed;

/** One line redrawn in place on a terminal; one line per phase otherwise (CI logs). */
function progressBar(): (p: SeedProgress) => void {
  const tty = process.stderr.isTTY;
  let lastPhase = "";
  let lastDrawn = 0;
  const started = Date.now();
  return ({ phase, done, total }) => {
    const fraction = total > 0 ? done / total : 1;
    const width = 30;
    const filled = Math.round(fraction * width);
    const line =
      `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ` +
      `${phase.padEnd(13)} ${done}/${total}  ${((Date.now() - started) / 1000).toFixed(1)}s`;
    if (tty) {
      const now = Date.now();
      if (phase !== lastPhase && lastPhase) process.stderr.write("\n");
      if (phase !== lastPhase || done === total || now - lastDrawn > 100) {
        process.stderr.write("\r" + line);
        lastDrawn = now;
      }
    } else if (phase !== lastPhase || done === total) {
      process.stderr.write(line + "\n");
    }
    lastPhase = phase;
  };
}

const database = await openDatabase({ databaseUrl, dataDir });
try {
  // The seed writes fixed ids and addresses (demo@nugget.dev…): a second run into the same database
  // would stop half-way on a duplicate key. Say so up front instead.
  const [existing] = await database.db.select({ n: countRows() }).from(users);
  if (Number(existing?.n ?? 0) > 0) {
    console.error(
      `the database already has ${existing.n} users: seed only into an empty one ` +
        `(another --data-dir / DATA_DIR, or a new PostgreSQL database for --database-url)`,
    );
    process.exitCode = 2;
  } else {
    await seedAndReport();
  }
} finally {
  await database.close();
}

async function seedAndReport() {
  await ensureReferenceData(database.db);
  const summary = await seed(database.db, {
    users: count("users", values.users)!,
    entries: count("entries", values.entries)!,
    comments: count("comments", values.comments),
    pins: count("pins", values.pins),
    seed: seedValue,
    onProgress: progressBar(),
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  console.log(
    `seeded ${database.kind}${databaseUrl ? "" : ` (${dataDir})`}: ${summary.users} users, ${summary.entries} entries, ` +
      `${summary.comments} comments, ${summary.pins} pins, ${summary.likes} likes, ${summary.views} views, ` +
      `${summary.follows} follows, ${summary.notifications} notifications in ${(summary.milliseconds / 1000).toFixed(1)} s`,
  );
  console.log("demo account: demo@nugget.dev / 13800000000, password nugget123; admin: admin@nugget.dev");
}
