import { operationLimitNote } from "../../lib/operation-limits.ts";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  IdParams,
  OneBasedPage,
  SubscribeState,
  SubscribedTags,
  TagList,
  TagListParams,
  TagSearchParams,
  TagSuggestParams,
  TagTitleParams,
} from "./schema.ts";
import { route, toggle } from "../../lib/route.ts";
import { okResponse, Tag } from "../../lib/response.ts";
import type { TagPage } from "./tags.ts";
import type { Static, TSchema } from "@sinclair/typebox";
import type { Caller } from "../deps.ts";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";

const tags = ["tags"];
const LIST_NOTE =
  "d 为 {list, page, pageSize, canNext}；list 每项为标签（§3），subscribed 是调用者自己的关注状态（未登录为 false）。页面排序 hottest 对应 hot，其他对应 new。";
const SUBSCRIBE_NOTE =
  NEEDS_LOGIN +
  "幂等：重复关注或取消不会重复计数。d 为 {subscribed, subscribersCount}。标签不存在返回 404；id 格式不对返回 400，d.field 为 id。";

/** Tags service of spec §7. */
export function tagRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = services.tags;

    /**
     * A page of tags, chosen by the path's params and marked with the caller's subscriptions: the
     * three lists share the answer (LIST_NOTE) and differ in their params and their query.
     */
    function tagPage<P extends TSchema>(
      url: string,
      doc: { summary: string; description: string },
      params: P,
      page: (params: Static<P>, caller: Caller) => Promise<TagPage>,
    ) {
      // The schema is generic here, so Fastify cannot narrow req.params to it: validation already has.
      app.get(
        url,
        route({ tags, ...doc, params, response: okResponse(TagList), cache: { life: "api" } }),
        async (req) => ok(await page(req.params as Static<P>, req.caller)),
      );
    }

    tagPage(
      "/tags/type/:type/page/:page/pageSize/:pageSize",
      { summary: "热门或最新标签", description: LIST_NOTE },
      TagListParams,
      service.list,
    );
    tagPage(
      "/tag/type/:type/search/:text/page/:page/pageSize/:pageSize",
      { summary: "按标题搜索标签", description: LIST_NOTE + operationLimitNote("search") },
      TagSearchParams,
      service.search,
    );
    tagPage(
      "/tags/type/hot/suggest/:type/page/:page/pageSize/:pageSize",
      {
        summary: "推荐关注的标签（新手引导）",
        description: `type 为分类名时只含该分类的标签，为 all 时含全部标签；按关注数排序，已关注的也在其中（subscribed 为 true）。未知分类返回 404。${LIST_NOTE}`,
      },
      TagSuggestParams,
      service.suggest,
    );

    app.get(
      "/tag/:title",
      route({
        cache: { life: "api" },
        tags,
        summary: "按标题取标签",
        description: "标题不分大小写；不存在返回 404。",
        params: TagTitleParams,
        response: okResponse(Tag),
      }),
      async (req) => ok(await service.byTitle(req.params.title, req.caller)),
    );

    app.get(
      "/user/:id/subscribe",
      route({
        cache: { life: "api" },
        tags,
        summary: "用户关注的标签",
        description:
          "最近关注的在前，page 从 1 开始，pageSize 默认 40。d 为 {list, total, page, pageSize, canNext}，total 为该用户关注的标签数。用户不存在返回 404。",
        params: IdParams,
        querystring: OneBasedPage,
        response: okResponse(SubscribedTags),
      }),
      async (req) =>
        ok(
          await service.subscribedBy(
            req.params.id,
            { page: req.query.page ?? 1, pageSize: req.query.pageSize ?? 40 },
            req.caller,
          ),
        ),
    );

    toggle(
      app,
      "/tag/subscribe/:id",
      {
        tags,
        on: "关注标签",
        off: "取消关注标签",
        description: SUBSCRIBE_NOTE,
        params: IdParams,
        response: okResponse(SubscribeState),
      },
      async (on, { id }, caller) =>
        ok(await (on ? service.subscribe(id, caller) : service.unsubscribe(id, caller))),
    );
  };
}
