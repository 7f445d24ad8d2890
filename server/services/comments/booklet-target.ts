import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { booklets } from "../../../db/schema/index.ts";
import type { CommentTarget } from "./targets.ts";

/**
 * Booklets (小册): comments hang on published ones (a draft is not live); booklets.commentsCount
 * moves with the comment row, under the booklet row lock the comment service takes first.
 */
export const bookletTarget: CommentTarget = {
  async lock(tx: Tx, id: string) {
    const [row] = await tx
      .select({ isDraft: booklets.isDraft, userId: booklets.userId })
      .from(booklets)
      .where(eq(booklets.id, id))
      .for("update");
    return row ? { live: !row.isDraft, ownerId: row.userId } : undefined;
  },
  async isLive(db: Tx, id: string) {
    const [row] = await db
      .select({ isDraft: booklets.isDraft })
      .from(booklets)
      .where(eq(booklets.id, id))
      .limit(1);
    return !!row && !row.isDraft;
  },
  async commentCount(db: Tx, id: string) {
    const [row] = await db
      .select({ n: booklets.commentsCount })
      .from(booklets)
      .where(eq(booklets.id, id))
      .limit(1);
    return row?.n ?? 0;
  },
  async bump(tx: Tx, id: string, delta: 1 | -1) {
    await tx
      .update(booklets)
      .set({ commentsCount: sql`${booklets.commentsCount} + ${delta}` })
      .where(eq(booklets.id, id));
  },
};
