import { eq } from "drizzle-orm";
import { findCounterDrift } from "../../db/counters.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/**
 * The counters named in `counters` that differ from their rows, on the rows `ids` only: the
 * database may hold other test files' rows, moving under this one.
 */
export async function driftAmong(db: Db, ids: Iterable<string>, counters: readonly string[]) {
  const mine = new Set(ids);
  return (await findCounterDrift(db, 100_000)).filter((d) => mine.has(d.id) && counters.includes(d.counter));
}

/** A user's follow counters as stored on their row. */
export async function followCounts(db: Db, userId: string) {
  const [row] = await db
    .select({ followersCount: users.followersCount, followeesCount: users.followeesCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
