import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";

/** The person muted, blocked or released: a malformed id answers 400 naming `uid`. */
export const BlockBody = Type.Object({
  uid: hexId("对方的用户 id"),
});

export const BlockListQuery = Type.Object({
  kind: Type.Union([Type.Literal("mute"), Type.Literal("block")], {
    description: "mute：已屏蔽的人；block：已拉黑的人",
  }),
  before: Type.Optional(
    Type.String({ maxLength: 80, description: "上一页最后一项的 pointer（设置时间_用户 id），不传为第一页" }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
