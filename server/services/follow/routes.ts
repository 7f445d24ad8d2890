import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { requireCsrfForCookieGet } from "../../plugins/session.ts";
import type { Services } from "../index.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Caller } from "../deps.ts";
import {
  FollowBody,
  FollowChange,
  FollowList,
  FollowListQuery,
  IdsQuery,
  MultiUser,
  MultiUserQuery,
  SuggestQuery,
  SuggestedUser,
  UidQuery,
} from "./schema.ts";
import { okResponse } from "../../lib/response.ts";
import { Type } from "@sinclair/typebox";
import { operationLimitNote } from "../../lib/operation-limits.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";
import { NEEDS_LOGIN_BRIEF } from "../../lib/route-notes.ts";

const tags = ["follow"];
const CHANGE_NOTE =
  NEEDS_LOGIN_BRIEF +
  "请求体 {ids}：用户 id 用 | 连接。POST 与 PUT 等价（改变状态的调用不用 GET）。" +
  "d 为 {list: [{id, followed, followersCount}], followeesCount}，followeesCount 为调用者自己的关注数。" +
  "重复关注或取消不会重复计数；ids 含自己（关注时）返回 400，d.field 为 ids；任一用户不存在返回 404 且不做任何改动。" +
  "对方已将调用者拉黑时关注返回 403「对方已将你拉黑」，调用者拉黑了对方时返回 403「你已将对方拉黑，请先解除拉黑」（多个 ids 时在此之前的已关注）。" +
  "规格里收藏集服务的 PUT /follow、PUT /unfollow（csId）也落在这里：只传 csId 时关注或取消关注收藏集，" +
  "d 为 {csId, followed, followerCount}（与 /api/collectionset/follow 相同）；ids 与 csId 都不传或同时传返回 400。";
const LIST_NOTE =
  "最新关注在前，按最后一项的关注时间翻页：把上一页的 pointer 作为 before 传回。" +
  POINTER_FORMS_NOTE +
  "d 为 {list, pointer, canNext}；list 每项为用户公开资料加 followed（调用者是否关注）和 followedAt。用户不存在返回 404。";

/** Follow of spec §7 (follow, unfollow, isCurrentUserFollowed, lists, info) and the Users calls. */
export function followRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const follow = services.follow;
    /** Users by `ids`, or a collection set by `csId` (see FollowBody). */
    const change = (on: boolean, body: { ids?: string; csId?: string }, caller: Caller) => {
      if (body.ids !== undefined && body.csId !== undefined)
        throw badRequest("ids 与 csId 只能传一个", "csId");
      if (body.csId !== undefined) {
        return on
          ? services.collections.follow(body.csId, caller)
          : services.collections.unfollow(body.csId, caller);
      }
      if (body.ids === undefined) throw badRequest("缺少 ids", "ids");
      return on ? follow.follow(body.ids, caller) : follow.unfollow(body.ids, caller);
    };

    // Each change answers POST and PUT with a body and, for clients written against §7, the spec's
    // GET form with the same fields in the query.
    for (const [path, on, summary] of [
      ["/follow", true, "关注用户"],
      ["/unfollow", false, "取消关注用户"],
    ] as const) {
      app.get(
        path,
        {
          ...route({
            // A change: never cached.
            cache: false,
            tags,
            summary: `${summary}（规格 §7 的 GET 形式）`,
            description:
              CHANGE_NOTE +
              "查询参数同 POST 的请求体；网页以 Cookie 登录时 GET 也要带 x-csrf-token 头。推荐 POST 或 PUT。" +
              operationLimitNote("toggle"),
            querystring: FollowBody,
            response: okResponse(FollowChange),
          }),
          preHandler: requireCsrfForCookieGet,
        },
        async (req) => ok(await change(on, req.query, req.caller)),
      );
      for (const method of ["post", "put"] as const) {
        app[method](
          path,
          route({
            tags,
            summary,
            description: CHANGE_NOTE + operationLimitNote("toggle"),
            body: FollowBody,
            response: okResponse(FollowChange),
          }),
          async (req) => ok(await change(on, req.body, req.caller)),
        );
      }
    }

    app.get(
      "/isCurrentUserFollowed",
      route({
        cache: false,
        tags,
        summary: "我是否关注了这些用户",
        description: "d 为 {用户 id: boolean}；未登录时全为 false。",
        querystring: IdsQuery,
        response: okResponse(Type.Record(Type.String(), Type.Boolean())),
      }),
      async (req) => ok(await follow.isFollowed(req.query.ids, req.caller)),
    );
    // Both directions of a user's follows: one query, one answer, one note.
    for (const [path, summary, list] of [
      ["/getUserFollowerList", "用户的关注者", follow.followers],
      ["/getUserFolloweeList", "用户关注的人", follow.followees],
    ] as const) {
      app.get(
        path,
        route({
          tags,
          summary,
          description: LIST_NOTE,
          querystring: FollowListQuery,
          response: okResponse(FollowList),
          cache: { life: "api" },
        }),
        async (req) => ok(await list(req.query, req.caller)),
      );
    }
    app.get(
      "/getUserFollowInfo",
      route({
        cache: false,
        tags,
        summary: "用户的关注数与关注者数",
        description: "d 为 {followerNum, followeeNum}。用户不存在返回 404。",
        querystring: UidQuery,
        response: okResponse(Type.Object({ followerNum: Type.Number(), followeeNum: Type.Number() })),
      }),
      async (req) => ok(await follow.info(req.query.uid)),
    );
    app.get(
      "/get_multi_user",
      route({
        cache: { life: "api" },
        tags: ["users"],
        summary: "批量获取用户公开资料",
        description:
          "d 为 {用户 id: 用户}，不存在的 id 不出现；cols 只取这些公开字段（另带 id），含非公开字段返回 400，d.field 为 cols。",
        querystring: MultiUserQuery,
        response: okResponse(MultiUser),
      }),
      async (req) => ok(await follow.multiUser(req.query.ids, req.query.cols)),
    );
    app.get(
      "/getByTag",
      route({
        cache: false,
        tags: ["users"],
        summary: "推荐关注的用户",
        description:
          "需要登录，未登录返回空列表。不含自己、不含已关注、不重复；优先推荐在调用者关注的标签下写作的作者，再按热度补足。d 为用户列表（默认 4 个）。",
        querystring: SuggestQuery,
        response: okResponse(Type.Array(SuggestedUser)),
      }),
      async (req) => ok(await follow.suggested(req.caller, req.query.limit)),
    );
  };
}
