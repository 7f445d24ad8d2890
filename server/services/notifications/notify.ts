import type { Tx } from "../../../db/client.ts";
import type { NotificationType } from "../../../db/schema/social.ts";
import { notifications } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { hasNotificationFrom, insertFollowerFanOut } from "./queries.ts";

export interface NotifyInput {
  /** The recipient. */
  userId: string;
  /** Who did it (the notification's users list). */
  actorId: string;
  type: Exclude<NotificationType, "system" | "submitEntry">;
  entryId?: string | null;
  commentId?: string | null;
  replyId?: string | null;
  content?: string;
}

/**
 * Writes one user notification in the caller's transaction, right after the row it reports.
 * Never about one's own action. A like or a follow is reported once per actor: unliking and
 * liking again (or unfollowing and following again) does not notify a second time.
 */
export async function notify(tx: Tx, n: NotifyInput): Promise<boolean> {
  if (!n.userId || n.userId === n.actorId) return false;
  // A like is matched to an earlier one by its entry; a like without one (a pin) cannot be matched,
  // and matching it to "any like from this person" would drop it, so it is always written.
  const onceEver = n.type === "follow" || (n.type === "like" && !!n.entryId);
  if (onceEver) {
    const entryId = n.type === "like" ? (n.entryId ?? null) : null;
    if (await hasNotificationFrom(tx, { userId: n.userId, type: n.type, actorId: n.actorId, entryId })) {
      return false;
    }
  }
  await tx.insert(notifications).values({
    id: newId(),
    userId: n.userId,
    type: n.type,
    actorIds: [n.actorId],
    entryId: n.entryId ?? null,
    commentId: n.commentId ?? null,
    replyId: n.replyId ?? null,
    content: n.content ?? "",
  });
  return true;
}

/** Tells every follower of the author about a newly published entry (type submitEntry), in one statement. */
export function notifyFollowers(
  tx: Tx,
  n: { authorId: string; entryId: string; content?: string },
): Promise<number> {
  const secondsHex = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return insertFollowerFanOut(tx, {
    authorId: n.authorId,
    entryId: n.entryId,
    type: "submitEntry",
    content: n.content ?? "",
    secondsHex,
  });
}
