import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { pinLikes, pins } from "../../../db/schema/index.ts";
import { keysetAfter } from "../../lib/keyset.ts";

export type PinRow = typeof pins.$inferSelect;

export async function insertPin(tx: Tx, values: typeof pins.$inferInsert): Promise<PinRow> {
  const [row] = await tx.insert(pins).values(values).returning();
  return row;
}

/** The pin, deleted or not (callers decide what a deleted one means). */
export async function findPin(db: Tx, id: string): Promise<PinRow | undefined> {
  const [row] = await db.select().from(pins).where(eq(pins.id, id)).limit(1);
  return row;
}

/** Locks the pin row: likes and deletes of one pin serialize on it (same order as comments: target first). */
export async function lockPin(tx: Tx, id: string): Promise<PinRow | undefined> {
  const [row] = await tx.select().from(pins).where(eq(pins.id, id)).for("update");
  return row;
}

/** Live pins newest first after the (createdAt, id) pointer; pins_created_idx serves it. */
export async function pinsBefore(db: Tx, before: { createdAt: Date; id: string } | null, limit: number) {
  const after = keysetAfter(pins.createdAt, pins.id, before && { value: before.createdAt, id: before.id });
  return db
    .select()
    .from(pins)
    .where(and(isNull(pins.deletedAt), after))
    .orderBy(desc(pins.createdAt), desc(pins.id))
    .limit(limit);
}

/** Adds the like row; true only when this call inserted it. */
export async function insertPinLike(tx: Tx, pinId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(pinLikes)
    .values({ pinId, userId })
    .onConflictDoNothing()
    .returning({ pinId: pinLikes.pinId });
  return rows.length === 1;
}

/** Removes the like row; true only when this call deleted it. */
export async function deletePinLike(tx: Tx, pinId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(pinLikes)
    .where(and(eq(pinLikes.pinId, pinId), eq(pinLikes.userId, userId)))
    .returning({ pinId: pinLikes.pinId });
  return rows.length === 1;
}

/** pins.likeCount + delta (0 reads it), answering the new value. */
export async function bumpPinLikes(tx: Tx, pinId: string, delta: number): Promise<number> {
  const [row] = await tx
    .update(pins)
    .set({ likeCount: sql`${pins.likeCount} + ${delta}` })
    .where(eq(pins.id, pinId))
    .returning({ likeCount: pins.likeCount });
  return row.likeCount;
}

/** Which of these pins the user likes, in one query. */
export async function likedPins(db: Tx, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: pinLikes.pinId })
    .from(pinLikes)
    .where(and(eq(pinLikes.userId, userId), inArray(pinLikes.pinId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function softDeletePin(tx: Tx, id: string): Promise<void> {
  await tx.update(pins).set({ deletedAt: new Date() }).where(eq(pins.id, id));
}
