import { presentPublicUser, type PublicUser } from "../users/index.ts";
import type { UserRow } from "../users/index.ts";
import type { NotificationRow } from "./queries.ts";

/** How much of a comment a notification quotes. */
export const COMMENT_CUT = 60;

/** A comment quoted in a notification: one line, cut with an ellipsis (spec §5 preview). */
export function cutComment(content: string, max = COMMENT_CUT): string {
  const line = content.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : line;
}

export interface NotificationEntry {
  id: string;
  title: string;
  type: string;
}

export interface NotificationPin {
  id: string;
  /** The pin's text, one line, cut like a comment; "该沸点已删除" once deleted. */
  content: string;
  deleted: boolean;
}

export interface NotificationComment {
  id: string;
  content: string;
  /** The root comment (the one /entry/{id}/detail/{commentId} highlights); itself for a root. */
  firstCommentId: string;
  deleted: boolean;
}

/** A user notification (spec §3 Notification). */
export interface PresentedNotification {
  id: string;
  type: string;
  /** The actors, newest last (the latest few when many are folded into one). */
  users: PublicUser[];
  /** How many people it speaks for (≥ users.length). */
  userCount: number;
  entry: NotificationEntry | null;
  /** The pin a like or comment is about. */
  pin: NotificationPin | null;
  comment: NotificationComment | null;
  reply: NotificationComment | null;
  /** The published entry of a submitEntry notification. */
  submitEntry: NotificationEntry | null;
  content: string;
  check: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SystemNotification {
  id: string;
  message: string;
  date: string;
  check: boolean;
}

type CommentLite = { id: string; content: string; firstCommentId: string | null; deletedAt: Date | null };

function presentComment(c: CommentLite | undefined): NotificationComment | null {
  if (!c) return null;
  return {
    id: c.id,
    content: c.deletedAt ? "该评论已删除" : cutComment(c.content),
    firstCommentId: c.firstCommentId ?? c.id,
    deleted: !!c.deletedAt,
  };
}

export function presentNotification(
  row: NotificationRow,
  lookup: {
    users: Map<string, UserRow>;
    entries: Map<string, NotificationEntry>;
    comments: Map<string, CommentLite>;
    pins: Map<string, { id: string; content: string; deletedAt: Date | null }>;
  },
): PresentedNotification {
  const entry = row.entryId ? (lookup.entries.get(row.entryId) ?? null) : null;
  const pin = row.pinId ? lookup.pins.get(row.pinId) : undefined;
  const users = row.actorIds.flatMap((id) => {
    const u = lookup.users.get(id);
    return u ? [presentPublicUser(u)] : [];
  });
  return {
    id: row.id,
    type: row.type,
    users,
    userCount: Math.max(row.actorCount, users.length),
    entry,
    pin: pin
      ? {
          id: pin.id,
          content: pin.deletedAt ? "该沸点已删除" : cutComment(pin.content),
          deleted: !!pin.deletedAt,
        }
      : null,
    comment: presentComment(row.commentId ? lookup.comments.get(row.commentId) : undefined),
    reply: presentComment(row.replyId ? lookup.comments.get(row.replyId) : undefined),
    submitEntry: row.type === "submitEntry" ? entry : null,
    content: row.content,
    check: row.checked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
