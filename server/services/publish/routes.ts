import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { requireCsrfForCookieGet } from "../../plugins/session.ts";
import type { Services } from "../index.ts";
import { perUser } from "../../lib/rate-limits.ts";
import {
  EntryIdAnswer,
  EntryIdInput,
  FullEntry,
  PUBLISH_QUOTA,
  PublishBody,
  UpdateBody,
  UrlQuery,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { Nullable, okResponse } from "../../lib/response.ts";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";

const tags = ["entries"];

/**
 * Raw publish attempts per user (valid or not): stops hammering. What a user may actually publish is
 * the service's PUBLISH_QUOTA, counted on success.
 */
export const PUBLISH_ATTEMPTS = { max: 60, timeWindow: "10 minutes" } as const;

/** Entries calls of spec §7 for sharing: entryPublish, entryUpdate, entryDel, getEntry, get_entry_by_url. */
export function publishRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const publish = services.publish;

    app.post(
      "/entryPublish",
      route({
        tags,
        summary: "分享链接",
        description:
          `${NEEDS_LOGIN}表单或 JSON。d 为 {entryId}。字段错误返回 400，d.field 指出字段；` +
          "campaignTag（活动标签，规格 §6）只有管理员可带，其他人 403（field campaignTag）；" +
          `同一用户重复分享同一链接返回 409（field originalUrl）；每个用户 ${PUBLISH_QUOTA.windowSeconds / 60} 分钟内最多发布 ${PUBLISH_QUOTA.max} 条、` +
          `请求 ${PUBLISH_ATTEMPTS.max} 次，超出返回 429。`,
        body: PublishBody,
        config: { rateLimit: { ...PUBLISH_ATTEMPTS, hook: "preHandler", keyGenerator: perUser } },
        response: okResponse(EntryIdAnswer),
      }),
      async (req) => ok(await publish.publish(req.body, req.caller)),
    );

    app.post(
      "/entryUpdate",
      route({
        tags,
        summary: "修改分享，或推荐（hot）",
        description:
          `${NEEDS_LOGIN}entryId 加上要修改的字段（规则同 entryPublish），只有作者或管理员可改；` +
          "hot=0|1 只有编辑和管理员可设；campaignTag（活动标签）只有管理员可设，可加在任何人的分享上，空字符串去掉，他人 403。" +
          "d 为修改后的条目。他人的条目 403，不存在或已删除 404，id 格式错误 400。",
        body: UpdateBody,
        response: okResponse(FullEntry),
      }),
      async (req) => ok(await publish.update(req.body, req.caller)),
    );

    const delDescription = `${NEEDS_LOGIN}作者或管理员可删（软删除，计数同步减少）。d 为 {entryId}。网页以 Cookie 登录时 GET 也要带 x-csrf-token 头；网页使用 POST。`;
    app.get(
      "/entryDel",
      route({
        cache: false,
        tags,
        summary: "删除条目",
        description: delDescription,
        querystring: EntryIdInput,
        response: okResponse(EntryIdAnswer),
      }),
      async (req) => {
        await requireCsrfForCookieGet(req);
        return ok(await publish.remove(req.query.entryId, req.caller));
      },
    );
    app.post(
      "/entryDel",
      route({
        tags,
        summary: "删除条目（POST）",
        description: delDescription,
        body: EntryIdInput,
        response: okResponse(EntryIdAnswer),
      }),
      async (req) => ok(await publish.remove(req.body.entryId, req.caller)),
    );

    app.get(
      "/getEntry",
      route({
        cache: { life: "api" },
        tags,
        summary: "条目详情",
        description: "公开。d 为条目（含 content、extra）。不存在或已删除 404，id 格式错误 400。",
        querystring: EntryIdInput,
        response: okResponse(FullEntry),
      }),
      async (req) => ok(await publish.get(req.query.entryId, req.caller)),
    );

    app.get(
      "/get_entry_by_url",
      route({
        cache: false,
        tags,
        summary: "按原文链接找条目",
        description: "公开。d 为最早分享该链接（规范化后比较）的条目，没有则为 null。",
        querystring: UrlQuery,
        response: okResponse(Nullable(FullEntry)),
      }),
      async (req) => ok(await publish.byUrl(req.query.url, req.caller)),
    );
  };
}
