import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { invitations, users } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * Locks the sender's user row: creating the available code and the daily-limit check both
 * serialize per sender on it, so two concurrent requests can neither create two codes nor send an
 * eleventh invitation.
 */
export async function lockSender(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * The sender's available code: the oldest row with no receiver that no registration has used yet
 * (a code is spent once `usedById` is set; the next ask then makes a new one).
 */
export async function findAvailableCode(tx: Tx, senderId: string): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.senderId, senderId),
        eq(invitations.receiverEmail, ""),
        isNull(invitations.usedById),
      ),
    )
    .orderBy(invitations.createdAt)
    .limit(1);
  return row;
}

export async function insertInvitation(
  tx: Tx,
  values: { code: string; senderId: string; receiverName?: string; receiverEmail?: string },
): Promise<InvitationRow> {
  const [row] = await tx
    .insert(invitations)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

export async function deleteInvitation(tx: Tx, id: string) {
  await tx.delete(invitations).where(eq(invitations.id, id));
}

/**
 * Invitations sent by e-mail (all time, and since `since` for the daily limit) and codes accepted
 * (rows a registration has used). One indexed scan of the sender's rows.
 */
export async function inviteCounts(tx: Tx, senderId: string, since: Date) {
  const sentRow = sql`${invitations.receiverEmail} <> ''`;
  const [row] = await tx
    .select({
      sent: sql<number>`count(*) filter (where ${sentRow})`.mapWith(Number),
      sentToday:
        sql<number>`count(*) filter (where ${sentRow} and ${invitations.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      accepted: sql<number>`count(*) filter (where ${invitations.usedById} is not null)`.mapWith(Number),
    })
    .from(invitations)
    .where(eq(invitations.senderId, senderId));
  return { sent: row?.sent ?? 0, sentToday: row?.sentToday ?? 0, accepted: row?.accepted ?? 0 };
}

/**
 * Spends an invitation code for a new account, inside the registration's transaction. Only a
 * code nobody has used yet is taken (the `usedById is null` guard makes two concurrent
 * registrations with one code spend it once); the sender's own account cannot accept it.
 * Returns the sender's id, or undefined when the code is unknown, used or the user's own.
 */
export async function acceptInvitation(tx: Tx, code: string, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .update(invitations)
    .set({ usedById: userId, usedAt: new Date() })
    .where(
      and(
        eq(invitations.code, code),
        isNull(invitations.usedById),
        sql`${invitations.senderId} <> ${userId}`,
      ),
    )
    .returning({ senderId: invitations.senderId });
  return row?.senderId;
}

/** Removes the codes an erased account sent and nobody used (services/account-data). */
export async function dropUnusedInvitations(tx: Tx, senderId: string) {
  await tx.delete(invitations).where(and(eq(invitations.senderId, senderId), isNull(invitations.usedById)));
}
