import { Type } from "@sinclair/typebox";
import { Nullable, PointerPage, PublicUser, Timestamp } from "../../lib/response.ts";

const limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 }));

export const UserNotificationQuery = Type.Object({
  before: Type.Optional(
    Type.String({ maxLength: 80, description: "上一页的 pointer（创建时间_通知 id），不传为第一页" }),
  ),
  limit,
});

export const SystemNotificationQuery = Type.Object({
  pointer: Type.Optional(
    Type.String({ maxLength: 80, description: "上一页的 pointer（创建时间_通知 id），不传为第一页" }),
  ),
  limit,
});

export const PostSystemBody = Type.Object({
  message: Type.String({
    minLength: 1,
    maxLength: 2000,
    description: "通知内容，去掉首尾空白后 1–500 个字符",
  }),
});

// ---------------------------------------------------------------- answers (present.ts)

/** Unread counts: user notifications, system notifications, and both. */
export const UnreadCounts = Type.Object({
  user: Type.Number(),
  system: Type.Number(),
  total: Type.Number(),
});

const NotificationEntry = Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() });

/** A comment quoted in a notification, one line, cut (present.ts NotificationComment). */
const NotificationComment = Type.Object({
  id: Type.String(),
  content: Type.String({ description: "截断的一行；已删除为「该评论已删除」" }),
  firstCommentId: Type.String({ description: "根评论 id（根评论为其本身）" }),
  deleted: Type.Boolean(),
});

/** A user notification (spec §3 Notification; present.ts PresentedNotification). */
export const Notification = Type.Object({
  id: Type.String(),
  type: Type.String({ description: "like | comment | reply | follow | submitEntry | moderation" }),
  users: Type.Array(PublicUser, { description: "发起者，最新的在后" }),
  userCount: Type.Number({ description: "合并的发起者人数（≥ users.length）" }),
  entry: Nullable(NotificationEntry),
  pin: Nullable(
    Type.Object({
      id: Type.String(),
      content: Type.String({ description: "沸点内容的一行；已删除为「该沸点已删除」" }),
      deleted: Type.Boolean(),
    }),
  ),
  comment: Nullable(NotificationComment),
  reply: Nullable(NotificationComment),
  submitEntry: Nullable(NotificationEntry),
  content: Type.String(),
  check: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const NotificationPage = PointerPage(Notification);

export const SystemNotificationPage = PointerPage(
  Type.Object({ id: Type.String(), message: Type.String(), date: Timestamp, check: Type.Boolean() }),
);

/**
 * The event stream is written to the socket, never serialized: documented as it is, so the OpenAPI
 * document says what arrives.
 */
export const CountStream = {
  description:
    "text/event-stream：event: counts，data 为 {user, system, total}；event: replaced 表示被新连接替换。",
  content: { "text/event-stream": { schema: Type.String() } },
};
