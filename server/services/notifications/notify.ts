import type { Tx } from "../../../db/client.ts";
import type { NotificationType } from "../../../db/schema/social.ts";
import { notifications } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/queue.ts";
import { countsChangedAfterCommit } from "./live.ts";
import { hides } from "../blocks/index.ts";
import { foldIntoUnreadLike, hasNotificationFrom } from "./queries.ts";

export interface NotifyInput {
  /** The recipient. */
  userId: string;
  /** Who did it (the notification's users list). */
  actorId: string;
  type: Exclude<NotificationType, "system" | "submitEntry">;
  entryId?: string | null;
  pinId?: string | null;
  commentId?: string | null;
  replyId?: string | null;
  content?: string;
}

/**
 * Writes one user notification in the caller's transaction, right after the row it reports.
 * Never about one's own action. A like or a follow is reported once per actor: unliking and
 * liking again (or unfollowing and following again) does not notify a second time. A like of an
 * entry or pin that already has an unread like notification joins it ("A、B 等 3 人赞了…"), so a
 * popular article is one line in the list, not hundreds. Answers whether the recipient was told.
 */
export async function notify(tx: Tx, n: NotifyInput): Promise<boolean> {
  if (!n.userId || n.userId === n.actorId) return false;
  // Someone the recipient muted or blocked is not heard from, nor folded into a like.
  if (await hides(tx, n.userId, n.actorId)) return false;
  const entryId = n.entryId ?? null;
  const pinId = n.pinId ?? null;
  const likeTarget = n.type === "like" && (entryId || pinId) && !n.commentId;
  if (n.type === "follow" || likeTarget) {
    const target = n.type === "like" ? { entryId, pinId } : { entryId: null, pinId: null };
    if (await hasNotificationFrom(tx, { userId: n.userId, type: n.type, actorId: n.actorId, ...target })) {
      return false;
    }
  }
  if (
    likeTarget &&
    (await foldIntoUnreadLike(tx, { userId: n.userId, actorId: n.actorId, entryId, pinId }))
  ) {
    return true; // joined an unread notification: the counts stay as they are
  }
  await tx.insert(notifications).values({
    id: newId(),
    userId: n.userId,
    type: n.type,
    actorIds: [n.actorId],
    entryId,
    pinId,
    commentId: n.commentId ?? null,
    replyId: n.replyId ?? null,
    content: n.content ?? "",
  });
  // The bell of an open page moves once the row is committed (live.ts).
  countsChangedAfterCommit(tx, [n.userId]);
  return true;
}

/**
 * A notice from the site to one user about their own account (type system, no actor): the
 * account export being ready, for one. Written in the caller's transaction like `notify`.
 */
export async function notifyAccount(tx: Tx, n: { userId: string; content: string }): Promise<void> {
  await tx
    .insert(notifications)
    .values({ id: newId(), userId: n.userId, type: "system", actorIds: [], content: n.content });
  countsChangedAfterCommit(tx, [n.userId]);
}

/**
 * Tells every follower of the author about a newly published entry (type submitEntry) — not here:
 * enqueued in the publishing transaction (the job exists exactly when the entry does) and done by
 * the job worker in batches (notifications.fanOutToFollowers), so publishing takes as long for an
 * author with a million followers as for one with none.
 */
export async function notifyFollowers(
  jobs: JobQueue,
  tx: Tx,
  n: { authorId: string; entryId: string },
): Promise<void> {
  const secondsHex = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  await jobs.send("notify-followers", { ...n, secondsHex } satisfies FollowerFanOut, { tx });
}

/** The notify-followers job's data. */
export interface FollowerFanOut {
  authorId: string;
  entryId: string;
  /** When it was published: the notifications' ids start with it. */
  secondsHex: string;
}

/**
 * A moderation notice: to reporters when their report is decided, to an author when
 * their content is hidden or deleted, or they are warned or suspended. No actor (a moderator's name
 * is not shown); `content` is the sentence. One insert for all recipients, in the deciding transaction.
 */
export async function notifyModeration(
  tx: Tx,
  n: { userIds: string[]; content: string; entryId?: string | null; pinId?: string | null },
): Promise<void> {
  const userIds = [...new Set(n.userIds)];
  if (!userIds.length) return;
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      id: newId(),
      userId,
      type: "moderation",
      actorIds: [],
      actorCount: 0,
      entryId: n.entryId ?? null,
      pinId: n.pinId ?? null,
      content: n.content,
    })),
  );
  countsChangedAfterCommit(tx, userIds);
}
