import { setTimeout as sleep } from "node:timers/promises";
import { RetryLaterError } from "../server/lib/errors.ts";
import { CONFLICT_MESSAGE, transactionConflict } from "../server/lib/pg-errors.ts";
import type { Db, Tx } from "./client.ts";

/** Runs of a transaction PostgreSQL gave up for a deadlock or serialization failure: the first and 3 more. */
export const CONFLICT_ATTEMPTS = 4;

/** Before run n + 1: about 10·2ⁿ⁻¹ ms, jittered so the transactions that collided do not meet again. */
const backoffMs = (failed: number) => 2 ** (failed - 1) * (5 + Math.random() * 10);

const wrapped = new WeakSet<object>();

/**
 * Makes `db.transaction` run a transaction again when PostgreSQL gave it up for a deadlock
 * (40P01) or a serialization failure (40001) — nothing of it was written, and run again it
 * normally goes through — up to CONFLICT_ATTEMPTS runs in all, a few milliseconds apart; then it
 * throws a 503 RetryLaterError instead of the database's error (such a write answered
 * 500). Locking users' rows in one order (users' `lockUsers`) keeps deadlocks away; this is for the
 * ones no order prevents (rows locked by a single statement, a lock order not yet kept somewhere).
 * Only the outermost transaction is run again: a savepoint's conflict fails the whole. The callback
 * may run more than once, so what it does outside the database must bear repeating; work for after
 * the commit goes through `server/lib/after-commit.ts`, which forgets a given-up run's.
 * Idempotent: wrapping twice changes nothing.
 */
export function retryConflicts(db: Db): void {
  if (wrapped.has(db)) return;
  wrapped.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    for (let run = 1; ; run++) {
      try {
        return await transaction(fn as never, config as never);
      } catch (err) {
        if (!transactionConflict(err)) throw err;
        if (run >= CONFLICT_ATTEMPTS) {
          throw Object.assign(new RetryLaterError(CONFLICT_MESSAGE, 1, 503), { cause: err });
        }
        await sleep(backoffMs(run));
      }
    }
  }) as Db["transaction"];
}
