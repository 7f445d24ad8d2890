import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { operationLimitNote } from "../../lib/operation-limits.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { BlockBody, BlockListPage, BlockListQuery, BlockState } from "./schema.ts";
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU } from "./blocks.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { NEEDS_LOGIN_BRIEF } from "../../lib/route-notes.ts";

const tags = ["blocks"];
const CHANGE_NOTE =
  NEEDS_LOGIN_BRIEF +
  "请求体 {uid}。d 为 {uid, muted, blocked}：调用后调用者对该用户的设置（拉黑包含屏蔽，blocked 时 muted 也为 true）。" +
  "屏蔽自己返回 400（d.field 为 uid），uid 格式不对返回 400，用户不存在返回 404。重复调用不改变任何东西。";
const EFFECTS =
  "屏蔽（mute）：对方的条目（分享、文章、投票）、沸点和评论不再出现在调用者的信息流与列表里（打开对方主页时仍可看到对方的条目），" +
  "对方的点赞、评论、关注等通知不再出现在调用者的通知里，也不计入未读数。" +
  "拉黑（block）：屏蔽的全部效果，并且对方不能评论调用者的条目、文章、沸点，也不能回复调用者的评论（403「" +
  BLOCKED_BY_THEM +
  "」），不能关注调用者（403 同上；调用者关注对方也返回 403「" +
  BLOCKED_BY_YOU +
  "」）；拉黑时双方之间已有的关注在同一事务里解除，双方的关注数、粉丝数随之更新。";

/** Mute and block: four changes and the caller's lists. */
export function blockRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const blocks = services.blocks;
    const change = (path: string, summary: string, run: typeof blocks.mute, extra = "") =>
      app.post(
        path,
        route({
          tags,
          summary,
          description: CHANGE_NOTE + extra + operationLimitNote("toggle"),
          body: BlockBody,
          response: okResponse(BlockState),
        }),
        async (req) => ok(await run(req.body.uid, req.caller)),
      );

    change("/mute", "屏蔽用户", blocks.mute, EFFECTS);
    change("/unmute", "取消屏蔽", blocks.unmute, "对已拉黑的人无效（先解除拉黑）。");
    change("/block", "拉黑用户", blocks.block, EFFECTS);
    change("/unblock", "解除拉黑", blocks.unblock, "解除后既不拉黑也不屏蔽。");

    app.get(
      "/blocks",
      route({
        cache: false,
        tags,
        summary: "我屏蔽或拉黑的人",
        description:
          NEEDS_LOGIN_BRIEF +
          "kind 为 mute（已屏蔽）或 block（已拉黑），其它值返回 400。最新设置的在前，按最后一项的设置时间翻页：把上一页的 pointer 作为 before 传回。" +
          POINTER_FORMS_NOTE +
          "d 为 {list, pointer, canNext}；list 每项为用户卡片（id、username、avatarLarge、jobTitle、company）加 kind 和 at（设置时间）。",
        querystring: BlockListQuery,
        response: okResponse(BlockListPage),
      }),
      async (req) => ok(await blocks.list(req.query, req.caller)),
    );
  };
}
