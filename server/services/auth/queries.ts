import { and, eq, gt, ne, sql } from "drizzle-orm";
import { preparedPerDb } from "../../../db/prepared.ts";
import type { Tx } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import { hidesAnyone } from "../blocks/index.ts";

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/**
 * The live session with this token hash, its user, and whether they muted or blocked anyone (one
 * more index probe in the same statement): every signed-in request asks (prepared).
 */
const liveSession = preparedPerDb((db: Tx) =>
  db
    .select({ session: sessions, user: users, hidesAnyone: hidesAnyone(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare("nugget_live_session"),
);

export async function findLiveSession(db: Tx, tokenHash: string) {
  const [row] = await liveSession(db).execute({ tokenHash });
  return row;
}

export async function deleteSession(db: Tx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user but `keepId` (after a password change or reset). */
export async function deleteUserSessions(db: Tx, userId: string, keepId?: string | null) {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export async function touchSession(db: Tx, id: string, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
}
