/**
 * Seeds a database with realistic Chinese community data: users, entries (column articles,
 * shared links, votes), tags, comments and replies, likes, views, follows, tag subscriptions,
 * pins, collection sets, repos and showcases, booklets with sections and orders, wallets and
 * bills, banners, notifications, invitations.
 *
 * Demo accounts (every seeded user has the password nugget123; one argon2id hash is reused):
 * - 掘金演示: e-mail demo@nugget.dev, phone 13800000000, password nugget123 — a booklet author
 *   (isXiaoceAuthor) with wallet access, entries, pins, collection sets, notifications.
 * - 掘金管理员: e-mail admin@nugget.dev, password nugget123, role admin.
 * - The third user (if any) has role editor.
 *
 * The same `seed` and `now` always give the same rows, ids included (db/seed/random.ts). `now`
 * defaults to the start of the current UTC day, so two runs on one day agree.
 * Rows go in as multi-row INSERTs (up to 1000 rows a statement) chunk by chunk, so large sets
 * (1,000,000 entries on PostgreSQL) stream without holding everything in memory. Counters are
 * written from the generated rows and then checked by repairCounters.
 * Meant for an empty database: a second run with other users would collide on unique names.
 *
 * One file a table group, called here in a fixed order (the order is part of the data, see
 * context.ts): tags.ts, users.ts, follows.ts (and tag subscriptions), entries.ts (with votes,
 * likes, views and their comments, comments.ts), pins.ts, collections.ts, repos.ts (and
 * showcases), booklets.ts (sections, orders, bills; wallets in wallet.ts), extras.ts (banners,
 * system notifications, invitations, mail settings, tracking, notifications).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { repairCounters } from "../counters.ts";
import { ensureReferenceData } from "../reference-data.ts";
import { users } from "../schema/index.ts";
import { reindexAllEntries } from "../../server/services/search-index/index.ts";
import { DAY, type SeedOptions, type SeedRun, type SeedSummary } from "./context.ts";
import { seedBooklets } from "./booklets.ts";
import { seedCollections } from "./collections.ts";
import { seedEntries } from "./entries.ts";
import { seedExtras } from "./extras.ts";
import { seedFollows } from "./follows.ts";
import { seedPins } from "./pins.ts";
import { Rng, seedNumber } from "./random.ts";
import { seedRepos } from "./repos.ts";
import { seedTags } from "./tags.ts";
import { seedUsers } from "./users.ts";

export type { SeedOptions, SeedProgress, SeedSummary } from "./context.ts";

/** Seeds the database; see the top of this file. Returns what was made and how long it took. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const rng = new Rng(seedNumber(opts.seed));
  const now = opts.now ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  const userCount = Math.max(2, Math.floor(opts.users));
  const entryCount = Math.max(0, Math.floor(opts.entries));
  const pinCount = Math.max(0, Math.floor(opts.pins ?? Math.max(20, Math.round(entryCount / 5))));
  const run: SeedRun = {
    db,
    rng,
    now,
    year: now.getUTCFullYear(),
    userCount,
    entryCount,
    commentMean: entryCount > 0 ? (opts.comments ?? entryCount * 2) / entryCount : 0,
    pinCount,
    summary: {
      users: userCount,
      entries: entryCount,
      comments: 0,
      pins: pinCount,
      likes: 0,
      views: 0,
      follows: 0,
      notifications: 0,
      milliseconds: 0,
    },
    progress: (phase, done, total) => opts.onProgress?.({ phase, done, total }),
    later: (from, skew = 1.5) => rng.dateBetween(from, now, skew),
  };
  const { progress, summary } = run;

  await ensureReferenceData(db);
  const tags = await seedTags(db);
  const seeding = { ...run, ...(await seedUsers(run)) };
  await seedFollows(seeding, tags.tagIds);
  const entryPool = await seedEntries(seeding, tags);
  await seedPins(seeding);
  await seedCollections(seeding, entryPool);
  await seedRepos(seeding);
  await seedBooklets(seeding);
  await seedExtras(seeding, entryPool);

  // Counters were written from the generated rows; the user totals are filled in (and anything
  // missed is fixed) by the one definition in db/counters.ts.
  progress("counters", 0, 1);
  await repairCounters(db);
  progress("counters", 1, 1);
  // Entries went in as bulk INSERTs, past the write module that indexes one entry at a time: build
  // the search index of every findable entry in one batched pass.
  await reindexAllEntries(db, ({ done, total }) => progress("search", done, total));
  await db.execute(sql`analyze`);
  summary.milliseconds = Date.now() - started;
  return summary;
}
/** The small set npm start seeds into an empty database. */
export const SMALL_SEED: SeedOptions = { users: 30, entries: 300, seed: 42 };

/** Seeds SMALL_SEED (or `opts`) only when there are no users yet; true when it seeded. */
export async function seedIfEmpty(db: Db, opts: Partial<SeedOptions> = {}): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  await seed(db, { ...SMALL_SEED, ...opts });
  return true;
}
