import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  CommentIdParams,
  CommentListQuery,
  EditCommentBody,
  IdListQuery,
  PostCommentBody,
} from "./schema.ts";
import type { CommentListInput, CommentPage as CommentPageData } from "./comments.ts";
import type { Caller } from "../deps.ts";
import { Type } from "@sinclair/typebox";
import { COMMENT_POSTS } from "../../lib/rate-limits.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route, hexId } from "../../lib/route.ts";
import { Comment, CommentPage, Deleted, okResponse } from "../../lib/response.ts";

const tags = ["comments"];
const COMMENT_SHAPE =
  "评论：{id, user, content, imageUrlList, likesCount, likeCount, subCommentCount, replyCount, replyUser, " +
  "replyCommentId, firstCommentId, topSubCommentList, liked, deleted, createdAt, updatedAt}；已删除且有回复的根评论显示为「该评论已删除」。";
const PAGE_NOTE =
  "d 为 {count, comments, cursor, hasMore}；下一页把 cursor 作为 createdAt 传回。" + POINTER_FORMS_NOTE;

/** Comments of spec §7 (entry target; booklet, repo and pin targets reuse the service and targetCommentRoutes). */
export function commentRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const comments = services.comments;

    app.post(
      "/comment",
      route({
        tags,
        summary: "发表评论或回复",
        description:
          "需要登录（401）。content 去掉首尾空白后必填，最多 1000 字；picList 为数组或用 | 连接的 http(s) 图片地址，最多 9 张。" +
          "回复时带 firstComment（根评论）和 respComment（被回复的根评论或其下回复）。" +
          "respUser：规格 §7 的根评论表单也带它，指评论对象的作者，可不带或为空；根评论带了别人（开源库没有站内作者，带任何值都不符）返回 400，" +
          "免得客户端以为在回复某人、实际却发成了根评论；回复时须为被回复评论的作者。对象不存在或已删除返回 404；" +
          "firstComment 不属于该对象或本身是回复、respComment 不在该根评论下返回 400，d.field 为出错字段。" +
          "评论对象的作者或被回复评论的作者已将调用者拉黑时返回 403「对方已将你拉黑」。d 为 {commentId}。",
        body: PostCommentBody,
        response: okResponse(Type.Object({ commentId: Type.String() })),
        limit: COMMENT_POSTS,
      }),
      async (req) => ok(await comments.create(req.body, req.caller)),
    );

    app.put(
      "/comment/:id",
      route({
        tags,
        summary: "编辑评论",
        description: "仅作者（否则 403）。d 为编辑后的评论。" + COMMENT_SHAPE,
        params: CommentIdParams,
        body: EditCommentBody,
        response: okResponse(Comment),
      }),
      async (req) => ok(await comments.edit(req.params.id, req.body.content, req.caller)),
    );

    app.delete(
      "/comment/:id",
      route({
        tags,
        summary: "删除评论",
        description: "作者或管理员（否则 403）；软删除，计数同步减少；重复删除无副作用。",
        params: CommentIdParams,
        response: okResponse(Deleted),
      }),
      async (req) => ok(await comments.remove(req.params.id, req.caller)),
    );

    app.get(
      "/comments",
      route({
        cache: false,
        tags,
        summary: "按 id 取评论",
        description: "idList 用 | 连接。d 为评论数组，按请求顺序。" + COMMENT_SHAPE,
        querystring: IdListQuery,
        response: okResponse(Type.Array(Comment)),
      }),
      async (req) => ok(await comments.byIds(req.query.idList, req.caller)),
    );

    targetCommentRoutes(app, {
      target: "entry",
      noun: "条目",
      tags,
      list: {
        summary: "条目的评论",
        description:
          "rankType new（最新在前）或 hot（点赞多在前）；每条带 topSubCommentList（前 2 条回复）。count 为评论加回复总数。" +
          PAGE_NOTE +
          "最热排序（hot）的 createdAt 只接受上一页的 cursor。",
      },
      replies: { summary: "根评论下的回复", description: "最早在前。count 为该根评论的回复数。" + PAGE_NOTE },
      listOf: (entryId, query, caller) => comments.list("entry", entryId, query, caller),
      repliesOf: (entryId, commentId, query, caller) =>
        comments.replies("entry", entryId, commentId, query, caller),
    });
  };
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * The two lists every comment target serves (spec §7), entries, booklets and repos alike:
 * GET /comments/{target}/:{target}Id for its root comments and
 * GET /comments/{target}/:{target}Id/comment/:commentId for the replies under one. The target's own
 * service answers them (a repo's checks the repo exists first); the query shape is the same for all.
 */
export function targetCommentRoutes(
  app: App,
  opts: {
    target: "entry" | "booklet" | "repo";
    /** What the target is called in the id's description: 条目, 小册, 开源库. */
    noun: string;
    tags: string[];
    list: { summary: string; description: string };
    replies: { summary: string; description: string };
    listOf: (targetId: string, query: CommentListInput, caller: Caller) => Promise<CommentPageData>;
    repliesOf: (
      targetId: string,
      commentId: string,
      query: CommentListInput,
      caller: Caller,
    ) => Promise<CommentPageData>;
  },
): void {
  const key = `${opts.target}Id`;
  const targetId = hexId(`${opts.noun} id`);
  const commentId = hexId("根评论 id");
  app.get(
    `/comments/${opts.target}/:${key}`,
    route({
      tags: opts.tags,
      ...opts.list,
      params: Type.Object({ [key]: targetId }),
      querystring: CommentListQuery,
      response: okResponse(CommentPage),
      cache: { life: "api", purgedBy: [opts.target], idParam: key },
    }),
    // The schema requires the key; TypeBox cannot see that through a computed name.
    async (req) => ok(await opts.listOf(req.params[key] as string, req.query, req.caller)),
  );
  app.get(
    `/comments/${opts.target}/:${key}/comment/:commentId`,
    route({
      tags: opts.tags,
      ...opts.replies,
      params: Type.Object({ [key]: targetId, commentId }),
      querystring: CommentListQuery,
      response: okResponse(CommentPage),
      // One thread by its root comment's id: any comment's deletion may change it.
      cache: { life: "api", purgedBy: [opts.target, "comments"], idParam: key },
    }),
    async (req) =>
      ok(
        await opts.repliesOf(
          req.params[key] as string,
          req.params.commentId as string,
          req.query,
          req.caller,
        ),
      ),
  );
}
