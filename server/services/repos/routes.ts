import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { targetCommentRoutes } from "../comments/index.ts";
import type { Services } from "../index.ts";
import { Type } from "@sinclair/typebox";
import {
  Repo,
  RepoDetail,
  RepoIdParams,
  RepoIdQuery,
  Showcase,
  TrendingLanguage,
  TrendingPage,
  TrendingQuery,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["repos"];
const REPO_SHAPE =
  "开源库（规格 §3 Repo）：{id, originalId, url, name, description, language, colour, watchCount, starCount, forkCount, " +
  "dailyStars, weeklyStars, monthlyStars, translatorIdList, translation {title, description}, " +
  "languageList [{title, lineCount, colour, proportion}]（占比为百分数，低于 0.1% 的已去掉，按占比降序）, " +
  "license {name, url} 或 null, user {username, avatar, url}（代码托管平台上的所有者）, commentsCount, commitedAt（最后推送时间）, createdAt, updatedAt}。";
const DETAIL_EXTRA =
  "另带 readme（Markdown）与 translators（译者，按 translatorIdList 顺序，最多 5 人：{id, username, avatarLarge, jobTitle, company, role}）。";
const PAGE_NOTE =
  "d 为 {count, comments, cursor, hasMore}；下一页把 cursor 作为 createdAt 传回。开源库不存在返回 404。";

/** Repos of spec §7: get_repo_detail, get_trending, get_showcases, repo comments, repo by id. */
export function repoRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const repos = services.repos;

    app.get(
      "/get_repo_detail",
      route({
        cache: { life: "api" },
        tags,
        summary: "开源库详情",
        description:
          REPO_SHAPE +
          DETAIL_EXTRA +
          "readmeHtml 为渲染并净化后的 README。id 格式不对返回 400（d.field 为 id），不存在返回 404。",
        querystring: RepoIdQuery,
        response: okResponse(RepoDetail),
      }),
      async (req) => ok(await repos.detail(req.query.id)),
    );

    app.get(
      "/repo/:id",
      route({
        cache: { life: "api" },
        tags,
        summary: "按 id 取开源库",
        description: REPO_SHAPE + DETAIL_EXTRA + "id 格式不对返回 400（d.field 为 id），不存在返回 404。",
        params: RepoIdParams,
        response: okResponse(Repo),
      }),
      async (req) => ok(await repos.byId(req.params.id)),
    );

    app.get(
      "/get_trending",
      route({
        cache: { life: "api" },
        tags,
        summary: "开源库趋势榜",
        description:
          "since 为 daily（默认）、weekly、monthly；lang（或规格的参数名 language）为 all（默认，全部语言）或 /api/get_trending_languages 中的语言，不区分大小写。" +
          "按该时间范围内新增的 star 数降序（相同时新收录的在前），默认 30 条。" +
          "未知的 since 或语言按规格 §8 视为「未找到」：HTTP 404，信封 {s: 404, m: 中文说明, d: null}（不是 400）。" +
          "d 为 {since, lang, list}；lang 为库中存储的写法；list 每项为开源库（不含 readme）加 periodStars（该时间范围内新增的 star）。" +
          REPO_SHAPE,
        querystring: TrendingQuery,
        response: okResponse(TrendingPage),
      }),
      async (req) => {
        const { language, ...query } = req.query;
        return ok(await repos.trending(language === undefined ? query : { ...query, lang: language }));
      },
    );

    app.get(
      "/get_trending_languages",
      route({
        cache: { life: "api" },
        tags,
        summary: "趋势榜可选的语言",
        description: "d 为 [{title, colour, repoCount}]：各开源库的主语言，开源库多的在前。",
        response: okResponse(Type.Array(TrendingLanguage)),
      }),
      async () => ok(await repos.languages()),
    );

    app.get(
      "/get_showcases",
      route({
        cache: { life: "api" },
        tags,
        summary: "开源库精选集",
        description:
          "按顺序取前 5 个。d 为 [{id, url, title, description, langCount, repoCount, repos}]；" +
          "langCount 为其中开源库的不同主语言数，repoCount 为开源库数，repos 为前 4 个开源库 {id, name, language, colour}。",
        response: okResponse(Type.Array(Showcase)),
      }),
      async () => ok(await repos.showcases()),
    );

    targetCommentRoutes(app, {
      target: "repo",
      noun: "开源库",
      tags: [...tags, "comments"],
      list: {
        summary: "开源库的评论",
        description:
          "与条目评论同形（发表、点赞、删除用 /comment，targetType 为 repo）。rankType new 或 hot；每条带 topSubCommentList。count 为评论加回复总数。" +
          PAGE_NOTE,
      },
      replies: {
        summary: "开源库根评论下的回复",
        description: "最早在前。count 为该根评论的回复数。" + PAGE_NOTE,
      },
      listOf: (repoId, query, caller) => repos.comments(repoId, query, caller),
      repliesOf: (repoId, commentId, query, caller) => repos.replies(repoId, commentId, query, caller),
    });
  };
}
