import { eq, sql } from "drizzle-orm";
import { repos } from "../../../db/schema/index.ts";
import type { CommentTarget } from "./targets.ts";

/**
 * Repos (spec §3 Repo) as a comment target: every mirrored repo is live (there is no soft delete),
 * and repos.commentsCount moves with the comment rows in the comment's transaction. A repo has no
 * owner among our users (its `owner` lives on the code host), so ownerId is "" and nobody is
 * notified of a root comment; replies still tell whom they answer.
 */
export const repoTarget: CommentTarget = {
  async lock(tx, id) {
    const [row] = await tx.select({ id: repos.id }).from(repos).where(eq(repos.id, id)).for("update");
    return row ? { live: true, ownerId: "" } : undefined;
  },
  async isLive(db, id) {
    const [row] = await db.select({ id: repos.id }).from(repos).where(eq(repos.id, id)).limit(1);
    return !!row;
  },
  async commentCount(db, id) {
    const [row] = await db.select({ n: repos.commentsCount }).from(repos).where(eq(repos.id, id)).limit(1);
    return row?.n ?? 0;
  },
  async bump(tx, id, delta) {
    await tx
      .update(repos)
      .set({ commentsCount: sql`${repos.commentsCount} + ${delta}` })
      .where(eq(repos.id, id));
  },
};
