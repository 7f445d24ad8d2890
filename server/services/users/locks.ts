import { inArray } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";

/**
 * Locks these users' rows for the rest of the transaction, in id order, and answers the ids found
 *. The one way a transaction that writes users' rows (counters, heat, follows) takes
 * them, and the order every such transaction keeps: its content row first (the entry, comment,
 * booklet, order or tag it acts on), then every user it will write, here, in one call; after that
 * it writes only those users. Two transactions wanting the same users then queue on the first of
 * them instead of each holding one the other wants (a comment on A's entry by B while B's entry is
 * liked by A deadlocked 9 to 20 of some 1,200 writes in tests/write-deadlocks.test.ts).
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: every row inserted with a reference to a user (a like, a
 * comment, a notification) takes a key-share lock on that user, which FOR UPDATE waits for and
 * NO KEY UPDATE does not — that wait, in no order at all, closed most of the cycles. It still
 * excludes every other writer of the row, as an UPDATE's own lock does.
 */
export async function lockUsers(tx: Tx, ids: Iterable<string>): Promise<Set<string>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(users.id)
    .for("no key update");
  return new Set(rows.map((r) => r.id));
}
