import type { SignalBus } from "../../lib/signals.ts";

/**
 * Sessions this instance verified against the database in the last few seconds, for the one
 * read that must not wait for PostgreSQL: a signed-in reader's list laid over the page cache
 * (plugins/page-cache.ts, ADR 011). Nothing else trusts it: every other request resolves its
 * session from the database as before.
 *
 * Why it stays right:
 * - an entry lives `RECENT_MS` at most, so a missed message heals by itself;
 * - ending sessions (logout, a password change, an account deletion) tells every instance through
 *   the signal bus (Redis pub/sub or PostgreSQL NOTIFY), which forgets the user's entries and, for
 *   `QUIET_MS`, remembers none of theirs: the message can run ahead of the transaction that deletes
 *   the rows, and a lookup in between must not bring the session back;
 * - a lost link (the bus's resync) forgets everything;
 * - what it hands out is who the reader is and whether they hide anyone; the latter changes only by
 *   the reader's own writes, which the page cache's overlay sees and renders for (its `wrote` mark
 *   outlives any entry made before the write: TTL + SWR ≥ 70 s against `RECENT_MS`).
 */
export interface RecentSession {
  userId: string;
  sessionId: string;
  hidesAnyone: boolean;
}

export const RECENT_MS = 30_000;
const QUIET_MS = 5_000;
/** Entries kept at most: one per live reader of this instance, oldest dropped first. */
const MAX_ENTRIES = 50_000;
const CHANNEL = "sessions-ended";

export function createRecentSessions(signals: SignalBus, now = () => Date.now()) {
  // Keyed by the token itself: it never leaves the process, and hashing it per read costs more
  // than the rest of the lookup. Map order is insertion order, so the first key is the oldest.
  const byToken = new Map<string, RecentSession & { at: number }>();
  // Each user's tokens in byToken, so that a logout forgets them without walking every entry.
  const tokensOf = new Map<string, Set<string>>();
  const quietUntil = new Map<string, number>();

  const drop = (token: string) => {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    const tokens = tokensOf.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.userId);
  };
  const forgetUser = (userId: string) => {
    if (quietUntil.size > 1000)
      for (const [id, until] of quietUntil) if (until <= now()) quietUntil.delete(id);
    quietUntil.set(userId, now() + QUIET_MS);
    for (const token of tokensOf.get(userId) ?? []) byToken.delete(token);
    tokensOf.delete(userId);
  };
  signals.subscribe(CHANNEL, forgetUser);
  signals.onResync(() => {
    byToken.clear();
    tokensOf.clear();
  });

  return {
    /** The session for `token`, if verified within RECENT_MS and owned by `uid` when one is given. */
    find(token: string, uid?: string): RecentSession | undefined {
      const entry = byToken.get(token);
      if (!entry) return undefined;
      if (now() - entry.at >= RECENT_MS) {
        drop(token);
        return undefined;
      }
      if (uid && uid !== entry.userId) return undefined;
      return entry;
    },

    /** Called with each session the database just confirmed. */
    remember(token: string, session: RecentSession) {
      const quiet = quietUntil.get(session.userId);
      if (quiet !== undefined) {
        if (quiet > now()) return;
        quietUntil.delete(session.userId);
      }
      drop(token);
      byToken.set(token, { ...session, at: now() });
      const tokens = tokensOf.get(session.userId);
      if (tokens) tokens.add(token);
      else tokensOf.set(session.userId, new Set([token]));
      if (byToken.size > MAX_ENTRIES) drop(byToken.keys().next().value!);
    },

    /** Every instance forgets `userId`'s sessions (call when their rows are deleted). */
    ended(userId: string) {
      signals.publish(CHANNEL, userId);
    },
  };
}
