import { findCounterDrift } from "../../db/counters.ts";
import type { Db } from "../../db/client.ts";

/**
 * The counters named in `counters` that differ from their rows, on the rows `ids` only: the
 * database may hold other test files' rows, moving under this one.
 */
export async function driftAmong(db: Db, ids: Iterable<string>, counters: readonly string[]) {
  const mine = new Set(ids);
  return (await findCounterDrift(db, 100_000)).filter((d) => mine.has(d.id) && counters.includes(d.counter));
}
