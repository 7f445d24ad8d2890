import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { PointerPage, Timestamp, UserCard } from "../../lib/response.ts";

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

/** The caller's settings about one person after a change (blocks.ts BlockState). */
export const BlockState = Type.Object({
  uid: Type.String(),
  muted: Type.Boolean(),
  blocked: Type.Boolean({ description: "拉黑包含屏蔽：为 true 时 muted 也为 true" }),
});

/** The caller's muted or blocked people: user cards with the kind and when it was set. */
export const BlockListPage = PointerPage(
  Type.Object({
    ...UserCard.properties,
    kind: Type.Union([Type.Literal("mute"), Type.Literal("block")]),
    at: Timestamp,
  }),
);
