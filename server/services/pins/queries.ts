import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { pagesChanged } from "../../lib/page-purge.ts";
import { ALL_PAGES } from "../../lib/page-scopes.ts";
import { pins } from "../../../db/schema/index.ts";
import { notHiddenFrom } from "../blocks/index.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import type { Pointer } from "../../../shared/pagination.ts";

export type PinRow = typeof pins.$inferSelect;

// findPin answers the pin deleted or not (callers decide what a deleted one means); lockPin: likes and
// deletes of one pin serialize on its row (same order as comments: target first).
export const { find: findPin, lock: lockPin, insert: insertPin } = rowsById(pins);

/**
 * Live pins newest first after the (createdAt, id) pointer; pins_created_idx serves it. Pins hidden
 * pending review are left out for everyone: few, so the index scan only steps over them.
 */
export async function pinsBefore(
  db: Tx,
  before: Pointer<Date> | null,
  limit: number,
  viewerId?: string | null,
) {
  const after = keysetAfter(pins.createdAt, pins.id, before);
  return (
    db
      .select()
      .from(pins)
      // Pins of people the viewer muted or blocked are left out: one anti-join.
      .where(and(isNull(pins.deletedAt), isNull(pins.hiddenAt), notHiddenFrom(viewerId, pins.userId), after))
      .orderBy(desc(pins.createdAt), desc(pins.id))
      .limit(limit)
  );
}

/** pins.likeCount + delta, answering the new value (the likes service's, through index.ts). */
export async function bumpPinLikes(tx: Tx, pinId: string, delta: number): Promise<number> {
  const [row] = await tx
    .update(pins)
    .set({ likeCount: sql`${pins.likeCount} + ${delta}` })
    .where(eq(pins.id, pinId))
    .returning({ likeCount: pins.likeCount });
  return row.likeCount;
}

/** Soft-deletes a pin; once that commits, every stored page forgets it (the pin feed and its own page). */
export async function softDeletePin(tx: Tx, id: string): Promise<void> {
  await tx.update(pins).set({ deletedAt: new Date() }).where(eq(pins.id, id));
  await pagesChanged(tx, [ALL_PAGES]);
}

/**
 * Hides a pin pending review or shows it again (moderation, through index.ts); either way
 * it leaves or joins the lists, so every stored page is purged once that commits.
 */
export async function setPinHidden(tx: Tx, id: string, hidden: boolean): Promise<void> {
  await tx
    .update(pins)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(pins.id, id));
  await pagesChanged(tx, [ALL_PAGES]);
}
