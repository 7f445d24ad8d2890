import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  CollectState,
  Collection,
  CreateSetBody,
  CsEntryBody,
  CsIdBody,
  EntriesInMine,
  EntryIdsQuery,
  HOT_TAGS,
  HomeQuery,
  HotTags,
  HotTagsQuery,
  IdParams,
  InfoQuery,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MySetsParams,
  MySetsQuery,
  SET_PAGE_SIZE,
  SetDeleted,
  SetEntries,
  SetEntriesQuery,
  SetList,
  UpdateSetBody,
  UserSetList,
  UserSetsQuery,
} from "./schema.ts";
import { CollectionFollowState, okResponse } from "../../lib/response.ts";
import { route } from "../../lib/route.ts";
import { NEEDS_LOGIN_BRIEF } from "../../lib/route-notes.ts";

const tags = ["collections"];
const SET_NOTE =
  "收藏集（§3 Collection）字段：id（csId）、title、description、imageUrl（背景图）、maskColor（遮罩色）、tag、" +
  "recommended、followerCount、entryCount、followed / own（调用者是否关注 / 是否创建者）、isIn（给了 entryId 时，" +
  "该收藏集是否已收进它，否则为 false）、author 与 creator（同一个作者）、createdAt、updatedAt。";
const OWNER =
  "只有创建者可以操作，别人的收藏集返回 403；收藏集不存在返回 404；id 格式不对返回 400，d.field 指出参数。";
const PAGING = `page 从 0 开始（页面 URL 的 page 减 1，§9），最大 ${MAX_PAGE}；pageSize 默认 ${SET_PAGE_SIZE}，最多 ${MAX_PAGE_SIZE}。按页码偏移翻页（规格的调用用页码），排序以 id 收尾，翻页之间没有新增时既不重复也不遗漏；翻页之间有新建的收藏集时，下一页可能重复上一页末尾的几项（页面按 id 去重）。`;
const USER_LIST =
  "d 为 {collectionSets, sum, page, pageSize, canNext}：sum 为总数。targetUserId 不传时为调用者自己（未登录返回 401），用户不存在返回 404。";
const FIELDS_NOTE =
  "请求体（JSON 或表单）：title（去掉首尾空白后 1～100 字）、description（≤500 字）、bgImgUrl（背景图，http(s) 地址或本站路径）、" +
  "bgImgMask（#rgb/#rrggbb/#rrggbbaa/rgb()/rgba()）、tag（话题标签，≤50 字，不能是 all）。背景图文件本身的限制（≤1,048,576 字节，jpg/png，§5）由上传接口把关。";

/** Collection-set service of spec §7. */
export function collectionRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = services.collections;

    app.post(
      "/collectionset",
      route({
        tags,
        summary: "创建收藏集",
        description: `${NEEDS_LOGIN_BRIEF}${FIELDS_NOTE} d 为新的收藏集。${SET_NOTE}`,
        body: CreateSetBody,
        response: okResponse(Collection),
      }),
      async (req) => ok(await service.create(req.body, req.caller)),
    );
    app.put(
      "/collectionset/:id",
      route({
        tags,
        summary: "修改收藏集",
        description: `${NEEDS_LOGIN_BRIEF}${OWNER}${FIELDS_NOTE} 只改请求里给出的字段（都可省略）。d 为修改后的收藏集。`,
        params: IdParams,
        body: UpdateSetBody,
        response: okResponse(Collection),
      }),
      async (req) => ok(await service.update(req.params.id, req.body, req.caller)),
    );
    app.delete(
      "/collectionset/:id",
      route({
        tags,
        summary: "删除收藏集",
        description: `${NEEDS_LOGIN_BRIEF}${OWNER}管理员也可以删除任何人的收藏集（编辑不行）。收进的条目和关注关系随之删除（条目本身不受影响）。d 为 {id, deleted: true}。`,
        params: IdParams,
        response: okResponse(SetDeleted),
      }),
      async (req) => ok(await service.remove(req.params.id, req.caller)),
    );

    // §7 names these PUT /follow and PUT /unfollow; here they live under /collectionset because
    // /api/follow is already the user-follow call (ids joined by |).
    const FOLLOW_NOTE = `规格 §7 写作 PUT /follow 与 PUT /unfollow；/api/follow 已是关注用户的调用（ids），所以放在 /collectionset 之下。${NEEDS_LOGIN_BRIEF}请求体 {csId}。PUT 与 POST 等价。幂等：重复关注或取消不会重复计数。不能关注自己的收藏集（400，d.field 为 csId）；收藏集不存在返回 404。d 为 {csId, followed, followerCount}。`;
    for (const method of ["put", "post"] as const) {
      app[method](
        "/collectionset/follow",
        route({
          tags,
          summary: "关注收藏集",
          description: FOLLOW_NOTE,
          body: CsIdBody,
          response: okResponse(CollectionFollowState),
        }),
        async (req) => ok(await service.follow(req.body.csId, req.caller)),
      );
      app[method](
        "/collectionset/unfollow",
        route({
          tags,
          summary: "取消关注收藏集",
          description: FOLLOW_NOTE,
          body: CsIdBody,
          response: okResponse(CollectionFollowState),
        }),
        async (req) => ok(await service.unfollow(req.body.csId, req.caller)),
      );
    }

    const COLLECT_NOTE = `${NEEDS_LOGIN_BRIEF}${OWNER}请求体 {csId, entryId}。PUT 与 POST 等价。幂等：重复收进或移出不会重复计数。d 为 {csId, entryId, isIn, entryCount}。`;
    for (const method of ["put", "post"] as const) {
      app[method](
        "/addEntry",
        route({
          tags,
          summary: "把条目收进收藏集",
          description: `${COLLECT_NOTE} 条目不存在、已删除或未发布返回 404。`,
          body: CsEntryBody,
          response: okResponse(CollectState),
        }),
        async (req) => ok(await service.addEntry(req.body, req.caller)),
      );
      app[method](
        "/delEntry",
        route({
          tags,
          summary: "把条目移出收藏集",
          description: `${COLLECT_NOTE} 条目已被删除时也可以移出；本来不在其中时不做任何改动。`,
          body: CsEntryBody,
          response: okResponse(CollectState),
        }),
        async (req) => ok(await service.delEntry(req.body, req.caller)),
      );
    }

    app.get(
      "/isInMyCollectionSet",
      route({
        cache: false,
        tags,
        summary: "这些条目是否在我的收藏集里",
        description:
          "d 为 [{entryId, isIn}]，顺序同 entryIds（去重）；isIn 表示条目在调用者任一收藏集中。未登录时全为 false。",
        querystring: EntryIdsQuery,
        response: okResponse(EntriesInMine),
      }),
      async (req) => ok(await service.isInMine(req.query.entryIds, req.caller)),
    );

    app.get(
      "/homeCollectionSet",
      route({
        cache: { life: "api" },
        tags,
        summary: "收藏集首页列表",
        description:
          "recommend=1 只列编辑推荐的收藏集（收藏集页的「推荐」），否则全部（「全部」）。rankType new 按创建时间（collection_sets_created_idx，" +
          "带 tag 时 collection_sets_tag_created_idx），hot 按关注数（collection_sets_followers_idx）。tag 为 all 或空串时不筛选（§7）。" +
          `${PAGING} d 为 {list, page, pageSize, canNext}。${SET_NOTE}`,
        querystring: HomeQuery,
        response: okResponse(SetList),
      }),
      async (req) => ok(await service.home(req.query, req.caller)),
    );

    app.get(
      "/getCollectionSetEntries",
      route({
        cache: { life: "api" },
        tags,
        summary: "收藏集里的条目",
        description:
          "rankType new 按收进时间（最近收进的在前），hot 按条目热度。已删除或未发布的条目不列出（entryCount 仍按收进的行计数）。" +
          `page 从 0 开始，最大 ${MAX_PAGE}；pageSize 默认 20，最多 ${MAX_PAGE_SIZE}。` +
          "d 为 {list, total, page, pageSize, canNext}：list 每项为条目（与其他条目列表同形，另带 collectedAt），total 为 entryCount。收藏集不存在返回 404。",
        querystring: SetEntriesQuery,
        response: okResponse(SetEntries),
      }),
      async (req) => ok(await service.entries(req.query, req.caller)),
    );

    // A user's sets two ways, the same query and answer: the ones they follow, the ones they made.
    for (const [path, summary, order, list, cache] of [
      ["/getFollowedCollectionSet", "用户关注的收藏集", "最近关注的在前。", service.followedBy, false],
      ["/getUserCollectionSet", "用户创建的收藏集", "最新创建的在前。", service.byUser, { life: "api" }],
    ] as const) {
      app.get(
        path,
        route({
          tags,
          summary,
          description: `${order}${USER_LIST} ${PAGING}`,
          querystring: UserSetsQuery,
          response: okResponse(UserSetList),
          cache,
        }),
        async (req) => ok(await list(req.query, req.caller)),
      );
    }

    app.get(
      "/getUserCollectionSet/:page",
      route({
        cache: false,
        tags,
        summary: "我的收藏集（加入收藏集的对话框）",
        description: `${NEEDS_LOGIN_BRIEF}调用者自己创建的收藏集，最新的在前；给了 entryId 时每项的 isIn 表示是否已收进该条目。d 同 getUserCollectionSet。${PAGING}`,
        params: MySetsParams,
        querystring: MySetsQuery,
        response: okResponse(UserSetList),
      }),
      async (req) => ok(await service.mine({ ...req.query, page: req.params.page }, req.caller)),
    );

    app.get(
      "/getHotTags",
      route({
        cache: { life: "api" },
        tags,
        summary: "收藏集热门标签",
        description: `带这个话题标签的收藏集最多的在前，默认 ${HOT_TAGS} 个（§9）。d 为 [{title, count}]。`,
        querystring: HotTagsQuery,
        response: okResponse(HotTags),
      }),
      async (req) => ok(await service.hotTags(req.query.count)),
    );

    app.get(
      "/getCollectionSetInfo",
      route({
        cache: { life: "api" },
        tags,
        summary: "收藏集详情",
        description: `收藏集不存在返回 404（§5：回答里没有收藏集 id 即不存在）。${SET_NOTE}`,
        querystring: InfoQuery,
        response: okResponse(Collection),
      }),
      async (req) => ok(await service.info(req.query.csId, req.caller, req.query.entryId)),
    );
  };
}
