import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import type { CommentTargetType } from "../../../db/schema/social.ts";
import { entries, pins } from "../../../db/schema/index.ts";
import { publicEntry, refreshHeat } from "../entries/index.ts";
import { repoTarget } from "./repo-target.ts";
import { bookletTarget } from "./booklet-target.ts";
import { rowTarget } from "./row-target.ts";

/**
 * What the comment service needs of a thing comments hang on. One adapter per targetType: the
 * entry and pin ones are here; booklets and repos add theirs to COMMENT_TARGETS and reuse the rest.
 * Each is one row of its table (rowTarget); the entry's bump moves its heat and latest time too.
 */
export interface CommentTarget {
  /**
   * Locks the target row; answers its state and owner (whose heat the bump may move), or
   * undefined when there is no such row.
   */
  lock(tx: Tx, id: string): Promise<{ live: boolean; ownerId: string } | undefined>;
  /** Live (can be read and commented on) without a lock. */
  isLive(db: Tx, id: string): Promise<boolean>;
  /** Its comment count (comments and replies not deleted). */
  commentCount(db: Tx, id: string): Promise<number>;
  /** Moves the count by delta in the caller's transaction (and whatever depends on it). */
  bump(tx: Tx, id: string, delta: 1 | -1, at: Date): Promise<void>;
}

const entryTarget: CommentTarget = {
  ...rowTarget(entries, "commentsCount", publicEntry(), entries.userId),
  async bump(tx, id, delta, at) {
    await tx
      .update(entries)
      .set({
        commentsCount: sql`${entries.commentsCount} + ${delta}`,
        // latestCommentAt is max(createdAt) over all comments, deleted ones too (db/counters.ts):
        // only a new one moves it, and never backwards. createdAt is the transaction's start time,
        // so a comment that waited on the entry lock can be older than the one before it.
        ...(delta > 0
          ? { latestCommentAt: sql`greatest(coalesce(${entries.latestCommentAt}, ${at}), ${at})` }
          : {}),
      })
      .where(eq(entries.id, id));
    // Comments feed the heat of an entry (db/heat.ts).
    await refreshHeat(tx, id);
  },
};

/** Pins (spec §3): live until soft-deleted; pins.commentCount has no heat or latest time behind it. */
const pinTarget = rowTarget(pins, "commentCount", sql<boolean>`${pins.deletedAt} is null`, pins.userId);

export const COMMENT_TARGETS: Partial<Record<CommentTargetType, CommentTarget>> = {
  entry: entryTarget,
  pin: pinTarget,
  repo: repoTarget,
  booklet: bookletTarget,
};
