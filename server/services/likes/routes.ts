import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  CommentIdParams,
  CommentLikeState,
  EntryIdParams,
  EntryLikeState,
  LikedEntries,
  Likers,
  LikersQuery,
  PinLikeState,
  PinIdParams,
  UserIdParams,
  ZeroBasedPage,
} from "./schema.ts";
import { operationLimitNote } from "../../lib/operation-limits.ts";
import { route, toggle } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";

const tags = ["likes"];
const STATE_NOTE =
  NEEDS_LOGIN +
  "d 为 {liked, collectionCount}。重复点赞或取消不会重复计数；" +
  "条目不存在、已删除或未发布时返回 404（已删除条目仍可取消点赞）；id 格式不对返回 400，d.field 为 id。";

/**
 * Likes of spec §7: PUT, DELETE, GET /user/like/entry/{id}; a user's likes; an entry's likers; and
 * the like calls of pins and comments (ADR 013), listed in the OpenAPI description with their own.
 */
export function likeRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const likes = services.likes;

    toggle(
      app,
      "/user/like/entry/:id",
      {
        tags,
        on: "点赞条目",
        off: "取消点赞",
        description: STATE_NOTE + operationLimitNote("toggle"),
        params: EntryIdParams,
        response: okResponse(EntryLikeState),
      },
      async (on, { id }, caller) => ok(await (on ? likes.like(id, caller) : likes.unlike(id, caller))),
    );
    app.get(
      "/user/like/entry/:id",
      route({
        cache: false,
        tags,
        summary: "我是否点赞了该条目",
        description: STATE_NOTE,
        params: EntryIdParams,
        response: okResponse(EntryLikeState),
      }),
      async (req) => ok(await likes.state(req.params.id, req.caller)),
    );

    app.get(
      "/user/:id/like/entry",
      route({
        cache: { life: "api" },
        tags,
        summary: "用户点赞过的条目",
        description:
          "最新点赞在前，page 从 0 开始。d 为 {list, total, page, pageSize, canNext}；list 每项为条目（liked 是调用者自己的点赞状态）加 likedAt。用户不存在返回 404。",
        params: UserIdParams,
        querystring: ZeroBasedPage,
        response: okResponse(LikedEntries),
      }),
      async (req) => ok(await likes.likedEntries(req.params.id, req.query, req.caller)),
    );

    app.get(
      "/entry/:id/user",
      route({
        cache: { life: "api", purgedBy: ["entry"] },
        tags,
        summary: "点赞了该条目的用户",
        description:
          "最新点赞在前，page 从 0 开始；也可用 pointer 翻页（上一页答复里的 pointer，不重复不遗漏）。" +
          "d 为 {list, total, page, pageSize, canNext, pointer}；list 每项为用户公开资料加 likedAt，" +
          "total 为 collectionCount，pointer 为下一页的游标（没有下一页时为 null）。" +
          "条目不存在返回 404；pointer 格式不对返回 400，d.field 为 pointer。",
        params: EntryIdParams,
        querystring: LikersQuery,
        response: okResponse(Likers),
      }),
      async (req) => ok(await likes.likers(req.params.id, req.query)),
    );

    const PIN_LIKE_NOTE =
      "需要登录。d 为 {liked, likeCount}；重复操作不重复计数。" + operationLimitNote("toggle");
    toggle(
      app,
      "/pins/:id/like",
      {
        tags: ["pins"],
        on: "点赞沸点",
        off: "取消点赞沸点",
        description: PIN_LIKE_NOTE,
        params: PinIdParams,
        response: okResponse(PinLikeState),
      },
      async (on, { id }, caller) => ok(await likes.likePin(id, caller, on)),
    );

    const COMMENT_LIKE_NOTE =
      "需要登录。d 为 {liked, likesCount, likeCount}；重复操作不重复计数。" +
      operationLimitNote("toggle") +
      "targetId、targetType（查询参数或表单）可带可不带：评论 id 已确定对象。";
    toggle(
      app,
      "/comment/:id/like",
      {
        tags: ["comments"],
        on: "点赞评论",
        off: "取消点赞评论",
        description: COMMENT_LIKE_NOTE,
        params: CommentIdParams,
        response: okResponse(CommentLikeState),
      },
      async (on, { id }, caller) => ok(await likes.likeComment(id, caller, on)),
    );
    // Spec §7 names a third verb: the pin comment form unlikes with PUT /comment/{id}/unlike.
    app.put(
      "/comment/:id/unlike",
      route({
        tags: ["comments"],
        summary: "取消点赞评论（沸点评论的写法）",
        description: COMMENT_LIKE_NOTE + "与 DELETE /comment/{id}/like 相同。",
        params: CommentIdParams,
        response: okResponse(CommentLikeState),
      }),
      async (req) => ok(await likes.likeComment(req.params.id, req.caller, false)),
    );
  };
}
