import { Type } from "@sinclair/typebox";
import { idParams } from "../../lib/route.ts";

export const EntryIdParams = idParams("条目 id");
export const UserIdParams = idParams("用户 id");
export const PinIdParams = idParams("沸点 id");
export const CommentIdParams = idParams("评论 id");

/** Zero-based pages, as spec §7 says of both like lists. */
export const ZeroBasedPage = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1000, default: 0, description: "页码，从 0 开始" }),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

/** GET /entry/{id}/user: the zero-based page of the spec, or the keyset cursor the answer gave. */
export const LikersQuery = Type.Object({
  ...ZeroBasedPage.properties,
  pointer: Type.Optional(
    Type.String({
      maxLength: 80,
      description: "上一页返回的 pointer（最后一位用户的点赞时间_用户 id）；给出时忽略 page",
    }),
  ),
});
