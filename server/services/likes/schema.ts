import { Type } from "@sinclair/typebox";
import { idParams } from "../../lib/route.ts";
import { Entry, Nullable, PublicUser, Timestamp } from "../../lib/response.ts";

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

/** An entry's like state: `collectionCount` is its likes (the spec's one field for both). */
export const EntryLikeState = Type.Object({ liked: Type.Boolean(), collectionCount: Type.Number() });

/** A pin's like state. */
export const PinLikeState = Type.Object({ liked: Type.Boolean(), likeCount: Type.Number() });

/** A comment's like state, its count under both of the spec's names. */
export const CommentLikeState = Type.Object({
  liked: Type.Boolean(),
  likesCount: Type.Number(),
  likeCount: Type.Number(),
});

/** The entries a user liked: entries with the like's time, zero-based pages and the total. */
export const LikedEntries = Type.Object({
  list: Type.Array(Type.Object({ ...Entry.properties, likedAt: Timestamp })),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
  canNext: Type.Boolean(),
});

/** Who liked an entry: public users with the like's time; `pointer` continues after the last one. */
export const Likers = Type.Object({
  list: Type.Array(Type.Object({ ...PublicUser.properties, likedAt: Timestamp })),
  total: Type.Number({ description: "条目的 collectionCount" }),
  page: Type.Number(),
  pageSize: Type.Number(),
  canNext: Type.Boolean(),
  pointer: Nullable(Type.String({ description: "下一页的游标；没有下一页时为 null" })),
});
