import type { Tx } from "../../../db/client.ts";
import { isPublicEntry, refreshHeat } from "../entries/index.ts";
import { bumpPinLikes, lockPin } from "../pins/index.ts";
import { bumpCommentLikes, lockComment } from "../comments/index.ts";
import { notify } from "../notifications/index.ts";
import { lockUsers } from "../users/index.ts";
import { bumpEntryLikes, bumpLikeCounters, lockEntry, type LikeTargetType } from "./queries.ts";

export type { LikeTargetType };

/** The locked target of a like: whether it may be liked now, and its count before the change. */
export interface LockedTarget {
  live: boolean;
  count: number;
}

/**
 * What the like service needs of a thing that can be liked (ADR 013), one adapter per target, as
 * comments have theirs (comments/targets.ts). The service does the rest alike for all: the rate
 * limit, the login, the row lock first, the like row, and a change only when a row changed.
 */
export interface LikeTarget<Answer> {
  /** The 404 message when there is no such thing (or it is gone and this is a like). */
  missing: string;
  /**
   * Locks the target row for the rest of the transaction: likes of one thing serialize on it,
   * and it cannot be deleted between the check and the counter moves.
   */
  lock(
    tx: Tx,
    id: string,
  ): Promise<(LockedTarget & { changed(delta: 1 | -1, likerId: string): Promise<number> }) | undefined>;
  /** The call's answer (spec §7 names the count differently per target). */
  answer(liked: boolean, count: number): Answer;
}

/**
 * Entries: the count is entries.collectionCount; the liker's users.collectedEntriesCount and the
 * author's users.totalCollectionsCount move with it (db/counters.ts), and likes feed the heat.
 */
const entryTarget: LikeTarget<{ liked: boolean; collectionCount: number }> = {
  missing: "文章不存在",
  async lock(tx, id) {
    const entry = await lockEntry(tx, id);
    if (!entry) return undefined;
    const live = isPublicEntry(entry);
    return {
      live,
      count: entry.collectionCount,
      async changed(delta, likerId) {
        if (delta > 0)
          await notify(tx, { userId: entry.userId, actorId: likerId, type: "like", entryId: id });
        const count = await bumpEntryLikes(tx, id, delta);
        // The liker's and the author's rows after the entry's, in id order, through users' one
        // helper: a comment takes the same two in the same order.
        await lockUsers(tx, [likerId, entry.userId]);
        await bumpLikeCounters(tx, [
          { userId: likerId, collected: delta },
          // totalCollectionsCount counts likes on public entries only.
          ...(live ? [{ userId: entry.userId, received: delta }] : []),
        ]);
        await refreshHeat(tx, id);
        return count;
      },
    };
  },
  answer: (liked, collectionCount) => ({ liked, collectionCount }),
};

/** Pins: pins.likeCount; the author hears of a like with the pin's first 100 characters. */
const pinTarget: LikeTarget<{ liked: boolean; likeCount: number }> = {
  missing: "沸点不存在",
  async lock(tx, id) {
    const pin = await lockPin(tx, id);
    if (!pin) return undefined;
    return {
      live: !pin.deletedAt,
      count: pin.likeCount,
      async changed(delta, likerId) {
        if (delta > 0) {
          await notify(tx, {
            userId: pin.userId,
            actorId: likerId,
            type: "like",
            pinId: id,
            content: [...pin.content].slice(0, 100).join(""),
          });
        }
        return bumpPinLikes(tx, id, delta);
      },
    };
  },
  answer: (liked, likeCount) => ({ liked, likeCount }),
};

/** Comments: comments.likesCount, answered under both of its spec names; nobody is notified. */
const commentTarget: LikeTarget<{ liked: boolean; likesCount: number; likeCount: number }> = {
  missing: "评论不存在",
  async lock(tx, id) {
    const comment = await lockComment(tx, id);
    if (!comment) return undefined;
    return {
      live: !comment.deletedAt,
      count: comment.likesCount,
      changed: (delta) => bumpCommentLikes(tx, id, delta),
    };
  },
  answer: (liked, likesCount) => ({ liked, likesCount, likeCount: likesCount }),
};

export const LIKE_TARGETS = { entry: entryTarget, pin: pinTarget, comment: commentTarget };
export type LikeAnswer<T extends LikeTargetType> = ReturnType<(typeof LIKE_TARGETS)[T]["answer"]>;
