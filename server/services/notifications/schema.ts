import { Type } from "@sinclair/typebox";

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
