import type { Db, Tx } from "../../db/client.ts";
import { afterCommit, trackCommits } from "./after-commit.ts";
import { scopeKey, type PageScope } from "./page-scopes.ts";

/**
 * The page purger (ADR 011): the writers of the rows public pages show — entries/write.ts, the pins',
 * comments' and collection sets' soft deletes and hides, users' erasure — name the pages a write
 * changes, in the writing transaction, and those pages are purged once it commits. Services do not
 * purge by hand, so a new path that deletes or hides goes through a writer and cannot forget to
 * (tests/purge-from-writers.test.ts keeps it so).
 *
 * The writers are plain functions of a transaction, called from many services and tests, so the
 * purge reaches the page cache through the transaction's database, as the live unread counts do
 * (services/notifications/live.ts): createServices binds each app's page cache to its database.
 */

/** Where purges go: the anonymous page cache (server/lib/page-cache.ts), whose keys scopeKey makes. */
export interface PageSink {
  purge(keys: string[]): Promise<void>;
}

/** The page caches of each database's app (tests build several apps in one process, some on one database). */
const byDatabase = new WeakMap<Db, Set<PageSink>>();

/** Sends the purges of the writes made on `db` to this app's page cache (none when it is off). */
export function bindPageCache(db: Db, cache: PageSink | null): void {
  // Without it a transaction's work would run at once, before the rows it purges for are visible.
  trackCommits(db);
  if (!cache) return;
  let bound = byDatabase.get(db);
  if (!bound) byDatabase.set(db, (bound = new Set()));
  bound.add(cache);
}

/**
 * From a writer, in its transaction: these pages show what it changed. They are purged once the
 * transaction commits, on every instance (the store is shared), and the transaction's caller
 * resumes only after that, so the answer to the change never comes before the purge; a rollback
 * purges nothing. Given the database itself (a statement that committed on its own) it purges at once.
 */
export function pagesChanged(tx: Tx, scopes: PageScope[]): Promise<void> {
  const keys = [...new Set(scopes.map(scopeKey))];
  // Every page is in "*": the narrower scopes beside it would only cost round trips.
  const purged = keys.includes("*") ? ["*"] : keys;
  if (!purged.length) return Promise.resolve();
  return afterCommit(tx, async (db) => {
    await Promise.all([...(byDatabase.get(db) ?? [])].map((cache) => cache.purge(purged)));
  });
}
