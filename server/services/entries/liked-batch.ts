import type { Tx } from "../../../db/client.ts";
import { likedPairs } from "./queries.ts";

/** Pairs one statement asks about at most; more start the next statement. */
const MAX_PAIRS = 2_000;

/**
 * Signed-in readers' likes on the lists they read from the page cache (personalize), asked of the
 * database together: the questions that arrive while the event loop handles one round of sockets go
 * as one statement after it (setImmediate), instead of one round trip each. Under load 50 readers'
 * questions cost one statement's overhead, on both sides of the connection; alone, a question waits
 * only for the end of its own turn of the loop.
 */
export function createLikedBatch(db: Tx) {
  type Question = {
    userId: string;
    ids: string[];
    resolve: (liked: Set<string>) => void;
    reject: (err: unknown) => void;
  };
  let pending: Question[] = [];
  let pairs = 0;

  async function ask(batch: Question[]) {
    const userIds: string[] = [];
    const entryIds: string[] = [];
    for (const q of batch)
      for (const id of q.ids) {
        userIds.push(q.userId);
        entryIds.push(id);
      }
    try {
      const byUser = new Map<string, Set<string>>();
      for (const row of await likedPairs(db, userIds, entryIds)) {
        let liked = byUser.get(row.userId);
        if (!liked) byUser.set(row.userId, (liked = new Set()));
        liked.add(row.entryId);
      }
      // A reader's set may hold entries another of their questions asked about: harmless, each
      // caller looks up only its own ids.
      for (const q of batch) q.resolve(byUser.get(q.userId) ?? new Set());
    } catch (err) {
      for (const q of batch) q.reject(err);
    }
  }

  const flush = () => {
    const batch = pending;
    pending = [];
    pairs = 0;
    if (batch.length) void ask(batch);
  };

  /** Which of `ids` the user likes. */
  return (userId: string, ids: string[]): Promise<Set<string>> => {
    if (!ids.length) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      if (pairs + ids.length > MAX_PAIRS) flush();
      if (!pending.length) setImmediate(flush);
      pending.push({ userId, ids, resolve, reject });
      pairs += ids.length;
    });
  };
}
