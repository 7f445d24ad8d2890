import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { Nullable, Timestamp, UserCard } from "../../lib/response.ts";

/** Longest pin, in characters after trimming. */
export const PIN_MAX_LENGTH = 1000;
/** At most 9 images a pin. */
export const PIN_MAX_IMAGES = 9;
/** Pins feed page size (spec §9: 20). */
export const PINS_PAGE_SIZE = 20;

export const PinIdParams = idParams("沸点 id");
export const MsgIdQuery = Type.Object({ msgId: hexId("沸点 id") });
export const PinCommentsParams = Type.Object({ pinId: hexId("沸点 id") });
export const ReplyParams = Type.Object({ commentId: hexId("根评论 id") });

export const NewPinBody = Type.Object({
  content: Type.String({ maxLength: 20_000 }),
  imageUrlList: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 1000 })), Type.String({ maxLength: 10_000 })]),
  ),
});

export const PinFeedQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 120, description: "游标：上一页返回的 cursor" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PINS_PAGE_SIZE })),
});

export const PinCommentQuery = Type.Object({
  rankType: Type.Optional(Type.Union([Type.Literal("new"), Type.Literal("hot")], { default: "new" })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  pageNum: Type.Optional(Type.Integer({ minimum: 0, description: "兼容参数，分页以 createdAt 游标为准" })),
  createdAt: Type.Optional(Type.String({ maxLength: 120, description: "游标：上一页返回的 cursor" })),
});

/** Pin (spec §3; present.ts presentPin). */
export const Pin = Type.Object({
  id: Type.String(),
  user: Nullable(UserCard),
  content: Type.String(),
  imageUrlList: Type.Array(Type.String()),
  commentCount: Type.Number(),
  likeCount: Type.Number(),
  liked: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  underReview: Type.Optional(
    Type.Literal(true, { description: "待审核（只有作者和管理员看得到），页面显示「内容审核中」" }),
  ),
});

/** A page of pins, newest first: pass `cursor` back as before. */
export const PinFeed = Type.Object({
  list: Type.Array(Pin),
  cursor: Nullable(Type.String({ description: "下一页的 before；最后一页为 null" })),
  hasMore: Type.Boolean(),
});
