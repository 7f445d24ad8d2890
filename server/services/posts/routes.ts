import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  Article,
  DetailQuery,
  DraftListQuery,
  DraftPage,
  Editable,
  PostFieldsBody,
  PostIdParams,
  PreviewBody,
  PublishBody,
  RemovedPost,
  Rendered,
} from "./schema.ts";
import { PREVIEWS } from "../../lib/rate-limits.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { Type } from "@sinclair/typebox";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";

const tags = ["posts"];
const DRAFT_SHAPE =
  "d 为草稿 {id, title, content（Markdown）, status: 'draft', category, tags, url: null, createdAt, updatedAt}。" +
  "草稿只有作者本人可见：他人的草稿与不存在的一样返回 404。";
const ARTICLE_SHAPE =
  "d 为文章：规格 §3 的 Entry（id, title, type 'post', originalUrl '/post/{id}', abstract, user, category, tags, " +
  "liked, collectionCount, commentsCount, viewsCount, createdAt …）加上 html（已净化的 HTML，标题锚点 heading-0 起）" +
  "和 toc [{level, text, id}]。";

/**
 * Column articles: drafts on the server, publishing, editing, and the post storage read of §7.
 * The spec names no paths for the editor, so these are ours: /api/drafts…, /api/posts/{id}…,
 * /api/markdown/preview; /api/getDetailData is the spec's.
 */
export function postRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const posts = services.posts;

    app.post(
      "/drafts",
      route({
        tags,
        summary: "新建草稿（POST /api/drafts）",
        description: `${NEEDS_LOGIN}各字段均可省略（编辑器先建空草稿再自动保存）。${DRAFT_SHAPE}`,
        body: PostFieldsBody,
        response: okResponse(Editable),
      }),
      async (req) => ok(await posts.createDraft(req.body, req.caller)),
    );

    app.get(
      "/drafts",
      route({
        cache: false,
        tags,
        summary: "我的草稿（GET /api/drafts?page=&pageSize=）",
        description: `${NEEDS_LOGIN}按最后编辑时间从新到旧。d 为 {list: [{id, title, abstract, createdAt, updatedAt}], page, pageSize, total, canNext}，page 从 1 开始。`,
        querystring: DraftListQuery,
        response: okResponse(DraftPage),
      }),
      async (req) => ok(await posts.listDrafts(req.query, req.caller)),
    );

    app.get(
      "/drafts/:id",
      route({
        cache: false,
        tags,
        summary: "读取一篇草稿（GET /api/drafts/{id}）",
        description: `${NEEDS_LOGIN}${DRAFT_SHAPE}已发布或已删除的返回 404。`,
        params: PostIdParams,
        response: okResponse(Editable),
      }),
      async (req) => ok(await posts.getDraft(req.params.id, req.caller)),
    );

    app.put(
      "/drafts/:id",
      route({
        tags,
        summary: "保存草稿（PUT /api/drafts/{id}，自动保存用）",
        description: `${NEEDS_LOGIN}只修改给出的字段；草稿可以没有标题和正文，但长度、分类和标签仍会校验，错误时 400 并在 d.field 指出字段。${DRAFT_SHAPE}`,
        params: PostIdParams,
        body: PostFieldsBody,
        response: okResponse(Editable),
      }),
      async (req) => ok(await posts.updateDraft(req.params.id, req.body, req.caller)),
    );

    app.delete(
      "/drafts/:id",
      route({
        tags,
        summary: "删除草稿（DELETE /api/drafts/{id}）",
        description: `${NEEDS_LOGIN}d 为 {id}。`,
        params: PostIdParams,
        response: okResponse(Type.Object({ id: Type.String() })),
      }),
      async (req) => ok(await posts.deleteDraft(req.params.id, req.caller)),
    );

    app.post(
      "/drafts/:id/publish",
      route({
        tags,
        summary: "发布草稿为专栏文章（POST /api/drafts/{id}/publish）",
        description:
          `${NEEDS_LOGIN}要求：标题非空且不超过 100 个字符（title）、正文非空（content）、` +
          "在请求中指定分类 categoryId（即使草稿里已有；缺少时 400，field 为 categoryId）、标签最多 3 个（tagIds，省略则沿用草稿的标签）。" +
          `发布生成一篇新的文章（新 id，createdAt 为发布时间，originalUrl 为 /post/{id}），草稿随之移除。${ARTICLE_SHAPE}`,
        params: PostIdParams,
        body: PublishBody,
        response: okResponse(Article),
      }),
      async (req) => ok(await posts.publish(req.params.id, req.body, req.caller)),
    );

    app.get(
      "/posts/:id/source",
      route({
        cache: false,
        tags,
        summary: "编辑器打开的文章（GET /api/posts/{id}/source）",
        description:
          `${NEEDS_LOGIN}自己的草稿或已发布文章，含 Markdown 原文，形状同草稿（status 为 draft 或 published，url 为 /post/{id}）。` +
          "他人的草稿 404，他人的已发布文章 403。",
        params: PostIdParams,
        response: okResponse(Editable),
      }),
      async (req) => ok(await posts.editable(req.params.id, req.caller)),
    );

    app.put(
      "/posts/:id",
      route({
        tags,
        summary: "修改已发布的文章（PUT /api/posts/{id}）",
        description: `${NEEDS_LOGIN}只有作者本人可以修改（他人 403）；只修改给出的字段，结果仍须满足发布要求。${ARTICLE_SHAPE}`,
        params: PostIdParams,
        body: PostFieldsBody,
        response: okResponse(Article),
      }),
      async (req) => ok(await posts.updatePost(req.params.id, req.body, req.caller)),
    );

    app.delete(
      "/posts/:id",
      route({
        tags,
        summary: "删除已发布的文章（DELETE /api/posts/{id}）",
        description:
          `${NEEDS_LOGIN}作者本人或管理员可以删除（编辑和其他用户 403）；软删除，作者和标签的计数在同一事务中减少，` +
          "文章从各列表、搜索和未登录读者的页面缓存中消失。d 为 {id, deleted: true}。草稿、已删除或不存在的返回 404。",
        params: PostIdParams,
        response: okResponse(RemovedPost),
      }),
      async (req) => ok(await posts.removePost(req.params.id, req.caller)),
    );

    app.get(
      "/getDetailData",
      route({
        cache: { life: "api" },
        tags,
        summary: "文章存储：读取一篇已发布的专栏文章（§7 getDetailData）",
        description: `公开。草稿、已删除或不存在的返回 404。${ARTICLE_SHAPE}`,
        querystring: DetailQuery,
        response: okResponse(Article),
      }),
      async (req) => ok(await posts.detail(req.query.postId, req.caller)),
    );

    app.post(
      "/markdown/preview",
      route({
        tags,
        summary: "Markdown 预览（POST /api/markdown/preview）",
        description: `${NEEDS_LOGIN}与文章页同一套渲染和净化。d 为 {html, toc}。`,
        body: PreviewBody,
        config: { rateLimit: PREVIEWS },
        response: okResponse(Rendered),
      }),
      async (req) => ok(posts.preview(req.body.content, req.caller)),
    );
  };
}
