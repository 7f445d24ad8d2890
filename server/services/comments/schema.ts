import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { COMMENT_TARGET_TYPES } from "../../../db/schema/social.ts";

/** Optional ids in a form may arrive as "" (an empty input); the service checks their format. */
const optionalRef = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

/** Longest comment, in characters after trimming (a decision: Juejin's box also stops at 1000). */
export const COMMENT_MAX_LENGTH = 1000;
/** At most 9 images a comment, as a pin allows. */
export const COMMENT_MAX_PICS = 9;
/** Page size of comment lists (spec §7: 20). */
export const COMMENTS_PAGE_SIZE = 20;

export const CommentIdParams = idParams("评论 id");

export const CommentListQuery = Type.Object({
  rankType: Type.Optional(Type.Union([Type.Literal("new"), Type.Literal("hot")], { default: "new" })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: COMMENTS_PAGE_SIZE })),
  pageNum: Type.Optional(Type.Integer({ minimum: 0, description: "兼容参数，分页以 createdAt 游标为准" })),
  createdAt: Type.Optional(
    Type.String({ maxLength: 120, description: "游标：上一页返回的 cursor（最后一条的时间与 id）" }),
  ),
});

export const IdListQuery = Type.Object({
  idList: Type.String({ minLength: 1, maxLength: 2000, description: "评论 id，用 | 连接，最多 50 个" }),
});

export const PostCommentBody = Type.Object({
  content: Type.String({ maxLength: 20_000 }),
  targetId: hexId("评论对象 id"),
  targetType: Type.Optional(
    Type.Union(
      COMMENT_TARGET_TYPES.map((t) => Type.Literal(t)),
      { default: "entry" },
    ),
  ),
  picList: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 1000 })), Type.String({ maxLength: 10_000 })]),
  ),
  respUser: optionalRef(
    "被回复的用户 id：回复时须为被回复评论的作者；根评论可带评论对象作者的 id（§7 的表单如此），其他值返回 400",
  ),
  firstComment: optionalRef("回复时：根评论 id"),
  respComment: optionalRef("回复时：被回复的评论 id（根评论或其下的回复）"),
});

export const EditCommentBody = Type.Object({ content: Type.String({ maxLength: 20_000 }) });
