import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { SearchQuery } from "./schema.ts";
import { operationLimitNote } from "../../lib/operation-limits.ts";

const SEARCH_NOTE = `搜索文章、用户和标签（§7 Search、§5）。中文按词切分（jieba），英文技术词整体保留（Vue.js、C++、.NET），不分大小写。

d 为 {query, words, page, pageSize, entries: {list, total, canNext}, users, tags}：
- query：去掉首尾空白后的搜索词；words：切分出的词（小写），可用于高亮。
- entries.list：本页文章（§3 Entry，与信息流相同的形状），每页 20 条，page 从 0 开始；entries.total 为匹配总数，canNext 表示还有下一页。
  排序：先按相关度——搜索词的各个词按顺序相邻出现（短语）的排在最前，其次按 ts_rank_cd（标题 A=1.0、标签 B=0.4、摘要 C=0.2、正文 D=0.1）——相关度相同时按热度 hotIndex。
  只有已发布、未删除的文章可被搜到；文章须包含搜索词的全部词。
- users：用户名包含搜索词的用户（最多 10 个，完全相同的在前），与个人主页相同的公开字段。
- tags：标题包含搜索词的标签（最多 10 个，完全相同的在前，然后按关注数），subscribed 为调用者自己的关注状态。
users 与 tags 每一页都相同。搜索词为空时返回空结果；超过 32 个字符返回 400，d.field 为 query。`;

/** Search of spec §7: GET /api/search. */
export function searchRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/search",
      {
        schema: {
          tags: ["search"],
          summary: "搜索文章、用户和标签",
          description: SEARCH_NOTE + operationLimitNote("search"),
          querystring: SearchQuery,
        },
      },
      async (req) => ok(await services.search.search(req.query, req.caller)),
    );
  };
}
