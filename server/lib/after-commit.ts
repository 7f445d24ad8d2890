import type { Db, Tx } from "../../db/client.ts";

/**
 * Work that must wait until a transaction commits — telling other instances "user X's unread
 * counts changed" (server/services/notifications/live.ts): sent earlier, a listener would recount
 * before the row is visible and find nothing new; sent on a rollback, it would report a change
 * that never happened. Only where the code already holds the transaction (`notify(tx, …)` deep in
 * another service's write) is this needed; code that awaits its own transaction just acts after.
 * Work that answers a promise (a page purge, server/lib/page-purge.ts) is awaited before the
 * transaction's caller resumes: the answer to a change then never comes before its effect.
 */

type Done = (db: Db) => unknown;
interface Scope {
  db: Db;
  /** Null once the transaction has committed: late callers run at once. */
  pending: Done[] | null;
}

const scopes = new WeakMap<object, Scope>();
const tracked = new WeakSet<object>();

/** Nested transactions (savepoints) commit with their outermost one: they share its scope. */
function shareScope(tx: object, scope: Scope) {
  scopes.set(tx, scope);
  const t = tx as { transaction?: (fn: (inner: object) => unknown, config?: unknown) => Promise<unknown> };
  const nested = t.transaction?.bind(tx);
  if (!nested) return;
  t.transaction = (fn, config) =>
    nested((inner) => {
      shareScope(inner, scope);
      return fn(inner);
    }, config);
}

/**
 * Lets `afterCommit` see `db`'s transactions: wraps `db.transaction` once (idempotent) so each
 * transaction carries a list of work to run after it commits, and drops the list on a rollback.
 */
export function trackCommits(db: Db): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
    const scope: Scope = { db, pending: [] };
    const result = await transaction((tx) => {
      // A run given up for a deadlock is run again (db/conflict-retry.ts): its work is forgotten.
      scope.pending = [];
      shareScope(tx, scope);
      return fn(tx);
    }, config as never);
    const done = scope.pending ?? [];
    scope.pending = null;
    // Started in order, awaited together. One failing listener must not fail a write that has
    // already committed.
    if (done.length)
      await Promise.all(
        done.map(async (fn) => {
          try {
            await fn(db);
          } catch (err) {
            console.error("after-commit work failed", err);
          }
        }),
      );
    return result;
  }) as Db["transaction"];
}

/**
 * Runs `fn` with the database once `tx` commits, never if it rolls back. Given the database itself
 * (a statement that committed on its own) or a transaction of an untracked database, it runs at once.
 * Answers when the work is done if it ran at once, else at once (the commit waits for it then).
 */
export function afterCommit(tx: Tx, fn: Done): Promise<void> {
  const scope = scopes.get(tx);
  if (!scope?.pending) return Promise.resolve(fn(scope?.db ?? (tx as Db))).then(() => undefined);
  scope.pending.push(fn);
  return Promise.resolve();
}
