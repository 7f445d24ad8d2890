import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  MsgIdQuery,
  NewPinBody,
  PinCommentQuery,
  PinCommentsParams,
  PinFeedQuery,
  Pin,
  PinFeed,
  PinIdParams,
  ReplyParams,
} from "./schema.ts";
import { CommentPage, Deleted, okResponse } from "../../lib/response.ts";
import { PIN_POSTS } from "../../lib/rate-limits.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";

const tags = ["pins"];
const PIN_SHAPE =
  "沸点：{id, user, content, imageUrlList, commentCount, likeCount, liked, createdAt, updatedAt}。";
const PAGE_NOTE =
  "d 为 {count, comments, cursor, hasMore}；下一页把 cursor 作为 createdAt 传回。评论带 likeCount 与 targetId。" +
  POINTER_FORMS_NOTE;

/** Pins of spec §7 (Pin) and the pin comment lists (Comments). */
export function pinRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const pins = services.pins;

    app.post(
      "/pins",
      route({
        tags,
        summary: "发沸点",
        description:
          "需要登录（401）。content 去掉首尾空白后 1–1000 字；imageUrlList 为数组或用 | 连接的 http(s) 地址或本站上传得到的 /uploads/… 地址（POST /api/upload），最多 9 张。d 为沸点。" +
          PIN_SHAPE,
        body: NewPinBody,
        response: okResponse(Pin),
        limit: PIN_POSTS,
      }),
      async (req) => ok(await pins.create(req.body, req.caller)),
    );

    app.get(
      "/pins",
      route({
        cache: { life: "api" },
        tags,
        summary: "沸点列表",
        description:
          "最新在前，每页 20。d 为 {list, cursor, hasMore}；下一页把 cursor 作为 before 传回。" +
          POINTER_FORMS_NOTE,
        querystring: PinFeedQuery,
        response: okResponse(PinFeed),
      }),
      async (req) => ok(await pins.feed(req.query, req.caller)),
    );

    app.get(
      "/getByID",
      route({
        cache: { life: "api" },
        tags,
        summary: "取沸点",
        description: "不存在或已删除返回 404。" + PIN_SHAPE,
        querystring: MsgIdQuery,
        response: okResponse(Pin),
      }),
      async (req) => ok(await pins.get(req.query.msgId, req.caller)),
    );

    app.delete(
      "/pins/:id",
      route({
        tags,
        summary: "删除沸点",
        description: "作者或管理员（否则 403）；软删除，重复删除无副作用。",
        params: PinIdParams,
        response: okResponse(Deleted),
      }),
      async (req) => ok(await pins.remove(req.params.id, req.caller)),
    );

    app.get(
      "/comments/:pinId",
      route({
        tags,
        summary: "沸点的评论",
        description:
          "rankType new 或 hot；每条带 topSubCommentList。count 为评论加回复总数。" +
          PAGE_NOTE +
          "最热排序（hot）的 createdAt 只接受上一页的 cursor。",
        params: PinCommentsParams,
        response: okResponse(CommentPage),
        querystring: PinCommentQuery,
        cache: { life: "api", purgedBy: ["pin"], idParam: "pinId" },
      }),
      async (req) => ok(await pins.comments(req.params.pinId, req.query, req.caller)),
    );

    app.get(
      "/reply/:commentId",
      route({
        cache: { life: "api", purgedBy: ["comments"] },
        tags,
        summary: "沸点评论的回复",
        description: "最早在前。count 为该根评论的回复数。" + PAGE_NOTE,
        params: ReplyParams,
        response: okResponse(CommentPage),
        querystring: PinCommentQuery,
      }),
      async (req) => ok(await pins.replies(req.params.commentId, req.query, req.caller)),
    );
  };
}
