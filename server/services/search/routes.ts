import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { route } from "../../lib/route.ts";
import { SearchAnswer, SearchQuery } from "./schema.ts";
import { okResponse } from "../../lib/response.ts";
import { operationLimitNote } from "../../lib/operation-limits.ts";

const SEARCH_NOTE = `搜索文章、用户和标签（§7 Search、§5）。中文按词切分（jieba），英文技术词整体保留（Vue.js、C++、.NET），不分大小写。

d 为 {query, words, page, pageSize, entries: {list, total, totalExact, canNext}, users, tags}：
- query：去掉首尾空白后的搜索词；words：切分出的词（小写），可用于高亮。
- entries.list：本页文章（§3 Entry，与信息流相同的形状），每页 20 条，page 从 0 开始，最多到 19（共 400 篇）；entries.total 为匹配总数，常见词匹配多于 400 篇时为估计值（totalExact 为 false，页面显示“约 N”）；canNext 表示还有下一页。
  排序：在全部匹配中取相关度最高的 400 篇（不限发布时间），其中搜索词的各个词按顺序相邻出现（短语）的排在最前，其次按 相关度 ×（1 + log10(1 + hotIndex) / 2）——相关度按词出现的字段计（标题 1.0、标签 0.4、摘要 0.2、正文 0.1，同一词重复出现的权重递减），热度只在相关度相近时改变次序；再相同时较新的在前。
  只有已发布、未删除的文章可被搜到；文章须包含搜索词的全部词。
- users：用户名包含搜索词的用户（最多 10 个，完全相同的在前），与个人主页相同的公开字段。
- tags：标题包含搜索词的标签（最多 10 个，完全相同的在前，然后按关注数），subscribed 为调用者自己的关注状态。
users 与 tags 每一页都相同。搜索词为空时返回空结果；超过 32 个字符返回 400，d.field 为 query。`;

/** Search of spec §7: GET /api/search. */
export function searchRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/search",
      route({
        tags: ["search"],
        summary: "搜索文章、用户和标签",
        description: SEARCH_NOTE + operationLimitNote("search"),
        querystring: SearchQuery,
        response: okResponse(SearchAnswer),
        // A visitor's answer is every visitor's; the per-caller search limit counts only renders.
        cache: { life: "api" },
      }),
      async (req) => ok(await services.search.search(req.query, req.caller)),
    );
  };
}
