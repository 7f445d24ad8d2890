import { and, eq, gt, ne } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** The live session with this token hash, and its user. */
export async function findLiveSession(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
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
