import { Type, type Static } from "@sinclair/typebox";
import { LIMITS } from "../../../shared/validation.ts";
import { SEARCH_MAX_PAGE } from "./search.ts";
import { Entry, PublicUser, Tag } from "../../lib/response.ts";

export const SearchQuery = Type.Object({
  // The 32-character rule applies after trimming, so the schema only refuses the absurd; the
  // service answers 400 naming `query` past 32.
  query: Type.Optional(
    Type.String({
      maxLength: 256,
      description: `搜索词：去掉首尾空白后最多 ${LIMITS.searchMax} 个字符（超过返回 400，d.field 为 query）；为空时返回空结果而不是错误`,
    }),
  ),
  page: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: SEARCH_MAX_PAGE,
      default: 0,
      description: "文章结果的页码，从 0 开始，每页 20 条",
    }),
  ),
  raw_result: Type.Optional(
    Type.Boolean({ default: false, description: "兼容参数（§7 固定传 false），被忽略" }),
  ),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** The answer of /search (search.ts SearchResult): a page of entries, and the users and tags beside them. */
export const SearchAnswer = Type.Object({
  query: Type.String({ description: "去掉首尾空白后的搜索词" }),
  words: Type.Array(Type.String(), { description: "切分出的词（小写），用于高亮" }),
  page: Type.Number(),
  pageSize: Type.Number(),
  entries: Type.Object({
    list: Type.Array(Entry),
    total: Type.Number(),
    totalExact: Type.Boolean({ description: "为 false 时 total 为估计值（约 N）" }),
    canNext: Type.Boolean(),
  }),
  users: Type.Array(PublicUser),
  tags: Type.Array(Tag),
});
