import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  char,
  uniqueIndex,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, instant, isOneOf, ref, updatedAt } from "./columns.ts";
import { entries, tags } from "./content.ts";
import { linkTable } from "./link-table.ts";
import { users } from "./users.ts";

/** What a comment can be about. Column articles (type post) are entries: their target is "entry". */
export const COMMENT_TARGET_TYPES = ["entry", "booklet", "repo", "pin"] as const;
export type CommentTargetType = (typeof COMMENT_TARGET_TYPES)[number];

/**
 * Comments and replies on entries, booklets, repos and pins, in one table (spec §3 Comment).
 * `targetId` has no foreign key because it points into four tables; targets are soft-deleted or
 * their comments are deleted by the service that deletes them.
 * A reply carries `firstCommentId` (the root comment it is listed under) and, when it answers
 * another reply, `respCommentId`/`respUserId` (the spec's replyCommentId/replyUser).
 */
export const comments = pgTable(
  "comments",
  {
    id: idColumn(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    userId: cascadeRef(() => users.id),
    /** Trimmed plain text. */
    content: text().notNull(),
    /** imageUrlList (picList). */
    picList: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The root comment of a reply; null on a root comment. */
    firstCommentId: ref().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    respCommentId: ref().references((): AnyPgColumn => comments.id, { onDelete: "set null" }),
    respUserId: ref().references(() => users.id, { onDelete: "set null" }),
    /** comment_likes rows. */
    likesCount: counter(),
    /** Replies under a root comment, not deleted (replyCount). */
    subCommentCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant(),
    /**
     * Hidden by moderation pending review: left out of every thread (a hidden root with
     * its replies), still counted like a live comment until it is deleted or shown again.
     */
    hiddenAt: instant(),
  },
  (t) => [
    check("comments_target_type_check", isOneOf(t.targetType, COMMENT_TARGET_TYPES)),
    // Comment lists page by createdAt (startTime) per target; replies per root comment.
    index("comments_target_created_idx").on(t.targetType, t.targetId, t.createdAt, t.id),
    index("comments_first_created_idx").on(t.firstCommentId, t.createdAt, t.id),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
    index("comments_resp_comment_idx").on(t.respCommentId),
  ],
);

/** A user's like of a comment (any target type). */
export const commentLikes = linkTable(
  "comment_likes",
  { commentId: () => comments.id, userId: () => users.id },
  (t) => [index("comment_likes_user_idx").on(t.userId)],
);

/** Pin: a short post (spec §3). */
export const pins = pgTable(
  "pins",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    content: text().notNull(),
    imageUrlList: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Comments and replies with targetType pin, not deleted. */
    commentCount: counter(),
    /** pin_likes rows. */
    likeCount: counter(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant(),
    /** Hidden by moderation pending review: lists leave it out; its author and staff still see it. */
    hiddenAt: instant(),
  },
  (t) => [
    index("pins_created_idx").on(t.createdAt, t.id),
    index("pins_user_created_idx").on(t.userId, t.createdAt, t.id),
  ],
);

/** A user's like of a pin. */
export const pinLikes = linkTable("pin_likes", { pinId: () => pins.id, userId: () => users.id }, (t) => [
  index("pin_likes_user_idx").on(t.userId),
]);

/** What a user_blocks row does: mute hides the target from the user; block also keeps them away. */
export const BLOCK_KINDS = ["mute", "block"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/**
 * userId muted or blocked targetId (屏蔽 / 拉黑). One row a pair: blocking someone muted
 * turns the row into a block. Lists hide the targets' rows with one anti-join on the primary key
 * (user_id, target_id); the settings page pages one kind by (createdAt, targetId).
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    userId: cascadeRef(() => users.id),
    targetId: cascadeRef(() => users.id),
    kind: varchar({ length: 8 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetId] }),
    check("user_blocks_kind_check", isOneOf(t.kind, BLOCK_KINDS)),
    check("user_blocks_not_self_check", sql`${t.userId} <> ${t.targetId}`),
    index("user_blocks_user_kind_created_idx").on(t.userId, t.kind, t.createdAt, t.targetId),
  ],
);

/** followerId follows followeeId. Follower lists page by createdAt of the last item (spec §4). */
export const follows = linkTable(
  "follows",
  { followerId: () => users.id, followeeId: () => users.id },
  (t) => [
    check("follows_not_self_check", sql`${t.followerId} <> ${t.followeeId}`),
    index("follows_follower_created_idx").on(t.followerId, t.createdAt),
    index("follows_followee_created_idx").on(t.followeeId, t.createdAt),
  ],
);

/** A user's subscription to a tag. */
export const tagSubscriptions = linkTable(
  "tag_subscriptions",
  { userId: () => users.id, tagId: () => tags.id },
  (t) => [
    index("tag_subscriptions_user_created_idx").on(t.userId, t.createdAt),
    index("tag_subscriptions_tag_idx").on(t.tagId),
  ],
);

export const NOTIFICATION_TYPES = [
  "like",
  "comment",
  "reply",
  "follow",
  "submitEntry",
  "system",
  "moderation",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A user notification (spec §3). `actorIds` is the "users" list: unread likes of one entry or pin
 * are folded into one notification. like → entryId or pinId; comment → entryId or pinId +
 * commentId; reply → commentId (the comment replied to) + replyId (+ entryId or pinId); follow →
 * actors only; submitEntry → entryId; moderation → no actor, `content` says what was decided
 *, with entryId or pinId when it is about one.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: char({ length: 24 }).notNull(),
    /** The recipient. */
    userId: cascadeRef(() => users.id),
    type: varchar({ length: 16 }).notNull(),
    actorIds: char({ length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'::char(24)[]`),
    /**
     * How many people the notification speaks for: unread likes of one entry or pin are folded
     * into one notification (notify.ts) and `actorIds` keeps only the latest few names.
     */
    actorCount: integer().notNull().default(1),
    entryId: ref().references(() => entries.id, { onDelete: "cascade" }),
    /** The pin a like or comment is about (pin comments have no entry). */
    pinId: ref().references(() => pins.id, { onDelete: "cascade" }),
    commentId: ref().references(() => comments.id, { onDelete: "cascade" }),
    replyId: ref().references(() => comments.id, { onDelete: "cascade" }),
    content: text().notNull().default(""),
    /** The spec's `check`: read by the recipient. */
    checked: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Partitioned by month of created_at (migration 0008, db/partitions.ts), so the primary key and
  // every unique index hold created_at.
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    check("notifications_type_check", isOneOf(t.type, NOTIFICATION_TYPES)),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    // Unread counts read only the unchecked rows.
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`not ${t.checked}`),
    index("notifications_entry_idx").on(t.entryId),
    index("notifications_pin_idx").on(t.pinId),
    // The article digest (mailpush/digests.ts) reads the last day's unread submitEntry rows.
    index("notifications_submit_unread_idx")
      .on(t.createdAt)
      .where(sql`${t.type} = 'submitEntry' and not ${t.checked}`),
    index("notifications_comment_idx").on(t.commentId),
    index("notifications_reply_idx").on(t.replyId),
    // A follower hears of a new entry once: the fan-out job may run a batch again after a crash, and
    // inserts with ON CONFLICT DO NOTHING against this. Its rows take the entry's createdAt, so the
    // partition key in the index changes nothing.
    uniqueIndex("notifications_submit_once_idx")
      .on(t.userId, t.entryId, t.createdAt)
      .where(sql`${t.type} = 'submitEntry'`),
  ],
);

/** A system notification shown to every user (built from message and date). */
export const systemNotifications = pgTable(
  "system_notifications",
  {
    id: idColumn(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("system_notifications_created_idx").on(t.createdAt, t.id)],
);

/**
 * Authors whose new entries reach their followers at read time (fan-out on read): once an
 * author has FAN_OUT_ON_READ_FOLLOWERS followers, a new entry of theirs is one notification_broadcasts
 * row instead of one notifications row per follower, merged into each follower's list and counts
 * when read. An author stays here once added (their earlier broadcasts stay readable).
 */
export const notificationBroadcasters = pgTable("notification_broadcasters", {
  userId: cascadeRef(() => users.id).primaryKey(),
  createdAt: createdAt(),
});

/** One broadcast entry: its followers' submitEntry notification, read from here. */
export const notificationBroadcasts = pgTable(
  "notification_broadcasts",
  {
    entryId: cascadeRef(() => entries.id).primaryKey(),
    authorId: cascadeRef(() => users.id),
    /** When the entry was published: followers who followed before then hear of it. */
    createdAt: instant().notNull(),
  },
  // A follower's page and unread count walk each broadcaster's newest broadcasts.
  (t) => [index("notification_broadcasts_author_created_idx").on(t.authorId, t.createdAt, t.entryId)],
);

/** When a user last read all their notifications: broadcasts up to then count as read. */
export const notificationReadMarks = pgTable("notification_read_marks", {
  userId: cascadeRef(() => users.id).primaryKey(),
  readAt: instant().notNull(),
});

/** Which system notifications a user has read (checkAllSystemNotification inserts the missing rows). */
export const systemNotificationReads = linkTable(
  "system_notification_reads",
  { userId: () => users.id, systemNotificationId: () => systemNotifications.id },
  (t) => [index("system_notification_reads_notification_idx").on(t.systemNotificationId)],
);

/** An invitation code sent by a user (availableCode / postCode). */
export const invitations = pgTable(
  "invitations",
  {
    id: idColumn(),
    code: varchar({ length: 32 }).notNull().unique(),
    senderId: cascadeRef(() => users.id),
    receiverName: varchar({ length: 50 }).notNull().default(""),
    receiverEmail: varchar({ length: 254 }).notNull().default(""),
    usedById: ref().references(() => users.id, { onDelete: "set null" }),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_sender_created_idx").on(t.senderId, t.createdAt)],
);

/** Mail push settings (spec "Mail status"); a user without a row has the defaults. */
export const mailPushSettings = pgTable("mail_push_settings", {
  userId: cascadeRef(() => users.id).primaryKey(),
  follow: boolean().notNull().default(false),
  article: boolean().notNull().default(true),
  week: boolean().notNull().default(true),
  /** When the last article digest went out (mailpush/digests.ts); it covers what came after. */
  articleMailedAt: instant(),
  /** When the last weekly digest went out. */
  weekMailedAt: instant(),
  updatedAt: updatedAt(),
});
