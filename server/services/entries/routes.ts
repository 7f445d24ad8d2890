import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type, type Static } from "@sinclair/typebox";
import { ok } from "../../plugins/envelope.ts";
import type { ViewerOverlay } from "../../plugins/page-cache-overlay.ts";
import type { PresentedEntry } from "./present.ts";
import type { Services } from "../index.ts";
import type { FeedSort } from "./queries.ts";
import {
  EntriesQuery,
  EntryIdQuery,
  IdsQuery,
  PeriodQuery,
  RelatedQuery,
  SelfQuery,
  TimelineQuery,
  CategoryItem,
  EntryView,
} from "./schema.ts";
import { Entry, EntryPage, okResponse } from "../../lib/response.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";

const tags = ["entries"];
const FEED_NOTE =
  "d 为 {list, pointer, canNext}。pointer 取自最后一项（§4：popular 为 rankIndex，newest 为 createdAt，comment 为 latestCommentAt，" +
  "hottest/weeklyHottest/monthlyHottest 为 hotIndex），与 id 组成 `值_id`；把它作为 before 传回得到下一页，新条目到来时翻页不重复、不遗漏。" +
  POINTER_FORMS_NOTE;

type Filters = Static<typeof TimelineQuery>;
const category = (q: Filters) => (q.recomment === 1 && !q.category ? "all" : q.category);

/**
 * Signed-in reads of the public entry lists: the cached anonymous answer with the viewer's likes
 * laid over it (server/plugins/page-cache-overlay.ts). Not the subscribe category, which lists the
 * viewer's own tags. On the feeds (`hideMuted`; not one author's list, nor lists of named ids) the
 * authors the viewer muted or blocked are taken out by the viewer step every entry list ends with
 * (entries/for-viewer.ts), as the SQL path takes them out.
 */
function entryListOverlay(services: Services, hideMuted: boolean): ViewerOverlay {
  type Listed = Pick<PresentedEntry, "id" | "liked" | "isCollected"> & { user?: { id: string } };
  return {
    applies: (query) => query.category !== "subscribe",
    async apply(d, caller, query) {
      const list = Array.isArray(d) ? (d as Listed[]) : (d as { list: Listed[] }).list;
      const { forViewer } = services.entries;
      // Two queries side by side: the viewer's likes among the page, and whom they hide — the
      // viewer step the SQL path runs too (entries/for-viewer.ts).
      const [liked, hidden] = await Promise.all([
        services.entries.personalize(list, caller),
        hideMuted && !query.userId ? forViewer.hiddenAuthors(caller) : new Set<string>(),
      ]);
      const seen = forViewer.withoutHidden(liked, hidden);
      // Nothing of the viewer's on the page (the common case): the visitor's answer as it is.
      if (seen === list) return null;
      return Array.isArray(d) ? seen : { ...(d as object), list: seen };
    },
  };
}

/** Entries and Timeline calls of spec §7 (publishing shares is services/publish). */
export function entryRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const entries = services.entries;
    entries.views.useLogger(app.log);
    // A feed's answer to a visitor is every visitor's; a signed-in reader's is it with their likes
    // laid over and the authors they hide taken out.
    const feedCache = { life: "api", overlay: entryListOverlay(services, true) } as const;
    const timeline = (path: string, sort: FeedSort, summary: string, cache: typeof feedCache | false) =>
      app.get(
        path,
        route({
          tags,
          summary,
          description: FEED_NOTE,
          querystring: TimelineQuery,
          response: okResponse(EntryPage),
          cache,
        }),
        async (req) =>
          ok(await entries.feed({ ...req.query, category: category(req.query), sort }, req.caller)),
      );

    app.get(
      "/categories",
      route({
        tags,
        summary: "九个固定分类",
        description:
          "d 为 [{id, name, title, subscribed}]。subscribed：登录者关注了该分类下的任一内置标签时为 true" +
          "（分类没有单独的关注，读者通过关注其标签关注它）；未登录时都为 false。",
        response: okResponse(Type.Array(CategoryItem)),
        cache: { life: "api" },
      }),
      async (req) => ok(await entries.categories(req.caller)),
    );

    app.get(
      "/entries",
      route({
        tags,
        summary: "条目列表（任意排序与筛选）",
        description: FEED_NOTE,
        querystring: EntriesQuery,
        response: okResponse(EntryPage),
        cache: feedCache,
      }),
      async (req) => ok(await entries.feed({ ...req.query, category: category(req.query) }, req.caller)),
    );
    timeline("/get_entry_by_rank", "popular", "热门（popular，按 rankIndex）", feedCache);
    timeline("/get_entry_by_timeline", "newest", "最新（newest，按 createdAt）", feedCache);
    timeline("/get_entry_by_hot", "hottest", "热榜（hottest，按 hotIndex）", feedCache);
    // Reordered by every new comment: a stored copy would be out of date at once.
    timeline("/get_entry_by_comment", "comment", "最新评论（按 latestCommentAt，只含有评论的条目）", false);

    app.get(
      "/get_entry_by_period",
      route({
        tags,
        summary: "本周 / 本月最热（weeklyHottest / monthlyHottest）",
        description: FEED_NOTE,
        querystring: PeriodQuery,
        response: okResponse(EntryPage),
        cache: feedCache,
      }),
      async (req) =>
        ok(
          await entries.feed(
            {
              ...req.query,
              category: category(req.query),
              sort: req.query.period === "week" ? "weeklyHottest" : "monthlyHottest",
            },
            req.caller,
          ),
        ),
    );

    app.get(
      "/get_entry_by_self",
      route({
        tags,
        summary: "某作者的文章或分享",
        description: FEED_NOTE,
        querystring: SelfQuery,
        response: okResponse(EntryPage),
        cache: false,
      }),
      async (req) =>
        ok(
          await entries.feed(
            {
              userId: req.query.targetUid,
              type: req.query.type,
              sort: req.query.order === "rankIndex" ? "popular" : "newest",
              before: req.query.before,
              limit: req.query.limit,
            },
            req.caller,
          ),
        ),
    );

    app.get(
      "/get_entry_by_ids",
      route({
        tags,
        summary: "按 id 取条目（保持请求顺序，略过不存在的）",
        querystring: IdsQuery,
        response: okResponse(Type.Array(Entry)),
        // Named ids: nobody's authors are taken out of what was asked for by name.
        cache: { life: "api", overlay: entryListOverlay(services, false) },
      }),
      async (req) => ok(await entries.byIds(req.query.ids.split("|"), req.caller)),
    );

    app.get(
      "/get_related_entry",
      route({
        tags,
        summary: "相关条目（4 或 5 条，同标签优先）",
        querystring: RelatedQuery,
        response: okResponse(Type.Array(Entry)),
        cache: feedCache,
      }),
      async (req) => ok(await entries.related(req.query.entryId, req.query.count ?? 5, req.caller)),
    );

    app.get(
      "/getEntryView",
      route({
        tags,
        summary: "记录一次浏览",
        description:
          "同一用户（未登录时按地址）30 分钟内只计一次（由共享存储判定）。d 为 EntryView：{entryViewId, viewsCount, counted, createdAt}。" +
          "计入的浏览每隔几秒批量写入条目的 viewsCount（不为每次浏览建行），故 viewsCount 含本实例尚未写入的浏览；" +
          "entryViewId 标识这次计入的浏览，不可再查询。",
        querystring: EntryIdQuery,
        response: okResponse(EntryView),
        // It counts a view: every call must reach the server.
        cache: false,
      }),
      async (req) => ok(await entries.recordView(req.query.entryId, req.caller)),
    );
  };
}
