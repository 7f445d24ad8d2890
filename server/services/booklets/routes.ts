import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { requireCsrfForCookieGet } from "../../plugins/session.ts";
import type { Services } from "../index.ts";
import { targetCommentRoutes } from "../comments/index.ts";
import { bookletAuthoringRoutes } from "./authoring-routes.ts";
import {
  BOOKLET_SHAPE,
  BOOKLET_TAGS,
  Booklet,
  BookletIdQuery,
  BookletListQuery,
  BookletPage,
  BoughtPage,
  BuyListQuery,
  FreeBody,
  HotBody,
  HotQuery,
  SECTION_SHAPE,
  Section,
  SectionIdQuery,
  SectionWithContent,
  ViewCount,
} from "./schema.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import type { Caller } from "../deps.ts";

const tags = BOOKLET_TAGS;
/** The spec lists these changes as GETs; clients written against §7 send them so. */
const SPEC_GET_NOTE =
  "规格 §7 把它列在 GET 里，这里也接受 GET（查询参数同 PUT 的请求体）；网页以 Cookie 登录时 GET 也要带 x-csrf-token 头。";

/**
 * Booklets of spec §7 (GETs get, getSection, getListSection, getList, userBuyList, getListBuy,
 * getHot; flags isHot, isFreeSection, isDraft; viewCountDetail, viewCountContent), authoring and
 * booklet comment lists. Registered under /api. Buying is services/orders/routes.ts.
 */
export function bookletRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const booklets = services.booklets;

    app.get(
      "/booklets/get",
      route({
        cache: { life: "api" },
        tags,
        summary: "取小册（get）",
        description: "草稿只有作者和管理员能取到，其他人 404。" + BOOKLET_SHAPE,
        querystring: BookletIdQuery,
        response: okResponse(Booklet),
      }),
      async (req) => ok(await booklets.get(req.query.bookletId, req.caller)),
    );

    app.get(
      "/booklets/getListSection",
      route({
        cache: { life: "api" },
        tags,
        summary: "小册的章节列表（getListSection）",
        description:
          "按顺序，不含正文。readable 表示当前用户能否阅读（免费章节、已购、作者、管理员）。" + SECTION_SHAPE,
        querystring: BookletIdQuery,
        response: okResponse(Type.Array(Section)),
      }),
      async (req) => ok(await booklets.sections(req.query.bookletId, req.caller)),
    );

    app.get(
      "/booklets/getSection",
      route({
        cache: false,
        tags,
        summary: "读章节（getSection）",
        description:
          "d 为章节加 content（Markdown）、html（已净化）与 toc。免费章节（或免费小册）任何人可读；" +
          "其余章节仅购买者、作者与管理员可读：未登录 401，未购买 403。",
        querystring: SectionIdQuery,
        response: okResponse(SectionWithContent),
      }),
      async (req) => ok(await booklets.section(req.query.sectionId, req.caller)),
    );

    app.get(
      "/booklets/getList",
      route({
        cache: { life: "api" },
        tags,
        summary: "小册列表（getList）",
        description:
          "已上架的小册。sort newest（按上架时间）或 hottest（按购买数），其他值 400；category 为分类名或 all。" +
          "userId 只看某位作者（本人还会看到草稿）。键集分页：d 为 {list, cursor, hasMore}，下一页把 cursor 作为 pointer 传回。" +
          POINTER_FORMS_NOTE,
        querystring: BookletListQuery,
        response: okResponse(BookletPage),
      }),
      async (req) => ok(await booklets.list(req.query, req.caller)),
    );

    app.get(
      "/booklets/getHot",
      route({
        cache: { life: "api" },
        tags,
        summary: "热门小册（getHot）",
        description: "管理员标为热门且已上架的小册，购买多的在前。d 为小册数组。",
        querystring: HotQuery,
        response: okResponse(Type.Array(Booklet)),
      }),
      async (req) => ok(await booklets.hot(req.query, req.caller)),
    );

    app.get(
      "/booklets/userBuyList",
      route({
        cache: false,
        tags,
        summary: "我已购买的小册 id（userBuyList）",
        description: "需要登录。d 为小册 id 数组，最近购买在前，用于在列表上标记已购。",
        response: okResponse(Type.Array(Type.String({ description: "小册 id" }))),
      }),
      async (req) => ok(await booklets.boughtIds(req.caller)),
    );

    app.get(
      "/booklets/getListBuy",
      route({
        cache: false,
        tags,
        summary: "已购小册列表（getListBuy）",
        description:
          "需要登录。购买记录是私密的：只能看自己的（管理员除外），否则 403。page 从 0 开始。d 为 {list, total, page, pageSize}。",
        querystring: BuyListQuery,
        response: okResponse(BoughtPage),
      }),
      async (req) => ok(await booklets.boughtList(req.query, req.caller)),
    );

    // Drafts, sections and the draft flag: authoring-routes.ts.
    await app.register(bookletAuthoringRoutes(services));

    /**
     * A flag set by PUT with a body and, since spec §7 lists it among the GETs, by GET with the same
     * fields in the query; that GET changes state, so a cookie session must send the CSRF header.
     */
    function specFlag<S extends TSchema, D extends TSchema>(
      url: string,
      put: { summary: string; description: string },
      input: S,
      answer: D,
      set: (input: Static<S>, caller: Caller) => Promise<Static<D>>,
    ) {
      const flag = url.slice(url.lastIndexOf("/") + 1);
      // Checked at the call: `set` answers the schema's type. The handler's own type stays open, as
      // Fastify cannot resolve a generic schema's static type.
      const response = okResponse(answer as TSchema);
      // The schema is generic here, so Fastify cannot narrow body or query to it: validation has.
      app.put(
        url,
        route({
          tags,
          summary: `${put.summary}（${flag}）`,
          description: put.description,
          body: input,
          response,
        }),
        async (req) => ok(await set(req.body as Static<S>, req.caller)),
      );
      app.get(
        url,
        {
          ...route({
            // A change: never cached.
            cache: false,
            tags,
            summary: `${put.summary}（${flag}，规格 §7 的 GET 形式）`,
            description: `${SPEC_GET_NOTE}推荐使用 PUT /api${url}。`,
            querystring: input,
            response,
          }),
          preHandler: requireCsrfForCookieGet,
        },
        async (req) => ok(await set(req.query as Static<S>, req.caller)),
      );
    }

    specFlag(
      "/booklets/isHot",
      {
        summary: "设置热门小册",
        description:
          "仅管理员（规格 §6），否则 403。也接受规格 §7 的 GET 形式（见 GET /api/booklets/isHot）。",
      },
      HotBody,
      Booklet,
      (input, caller) => booklets.setHot(input.bookletId, input.isHot, caller),
    );
    specFlag(
      "/booklets/isFreeSection",
      {
        summary: "设置免费章节",
        description:
          "管理员（规格 §6）或该小册作者，否则 403。也接受规格 §7 的 GET 形式（见 GET /api/booklets/isFreeSection）。",
      },
      FreeBody,
      Section,
      (input, caller) => booklets.setFree(input.sectionId, input.isFree, caller),
    );

    // Counting changes state, so these are POSTs (a prefetching crawler must not count).
    app.post(
      "/booklets/viewCountDetail",
      route({
        tags,
        summary: "小册页访问计数（viewCountDetail）",
        description:
          "访问一次加一。d 为 {viewCount}。规格写作 GET，两种都接受；推荐 POST（预取链接的爬虫也会发 GET）。",
        body: BookletIdQuery,
        response: okResponse(ViewCount),
      }),
      async (req) => ok(await booklets.viewDetail(req.body.bookletId)),
    );
    app.post(
      "/booklets/viewCountContent",
      route({
        tags,
        summary: "章节阅读计数（viewCountContent）",
        description: "阅读一次加一。d 为 {viewCount}。",
        body: SectionIdQuery,
        response: okResponse(ViewCount),
      }),
      async (req) => ok(await booklets.viewContent(req.body.sectionId)),
    );
    // The spec's GET forms of the two counters, for clients written against §7.
    app.get(
      "/booklets/viewCountDetail",
      route({
        cache: false,
        tags,
        summary: "小册页访问计数（viewCountDetail，规格 §7 的 GET 形式）",
        description: "同 POST /api/booklets/viewCountDetail（推荐 POST：预取链接的爬虫也会发 GET）。",
        querystring: BookletIdQuery,
        response: okResponse(ViewCount),
      }),
      async (req) => ok(await booklets.viewDetail(req.query.bookletId)),
    );
    app.get(
      "/booklets/viewCountContent",
      route({
        cache: false,
        tags,
        summary: "章节阅读计数（viewCountContent，规格 §7 的 GET 形式）",
        description: "同 POST /api/booklets/viewCountContent（推荐 POST）。",
        querystring: SectionIdQuery,
        response: okResponse(ViewCount),
      }),
      async (req) => ok(await booklets.viewContent(req.query.sectionId)),
    );

    const COMMENT_NOTE =
      "与条目评论同一形状（spec §7 Comments）：发表用 POST /api/comment，targetType booklet。d 为 {count, comments, cursor, hasMore}。";
    targetCommentRoutes(app, {
      target: "booklet",
      noun: "小册",
      tags,
      list: { summary: "小册的评论", description: "rankType new 或 hot。" + COMMENT_NOTE },
      replies: { summary: "小册根评论下的回复", description: "最早在前。" + COMMENT_NOTE },
      listOf: (bookletId, query, caller) => services.comments.list("booklet", bookletId, query, caller),
      repliesOf: (bookletId, commentId, query, caller) =>
        services.comments.replies("booklet", bookletId, commentId, query, caller),
    });
  };
}
