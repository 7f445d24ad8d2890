import { Type } from "@sinclair/typebox";
import { Entry } from "../../lib/response.ts";

/** The author's /published list pages by 20. */
export const PUBLISHED_PAGE_SIZE = 20;
/**
 * Shares one user may publish per window. Counted on success, so typos and rejected fields do not
 * use it up (the route also limits raw attempts, see routes.ts).
 */
export const PUBLISH_QUOTA = { max: 10, windowSeconds: 600 } as const;

const PublishFields = {
  originalUrl: Type.Optional(
    Type.String({ maxLength: 4096, description: "原文链接：type 为 article 时必填，http(s)，最长 2048" }),
  ),
  title: Type.Optional(Type.String({ maxLength: 1000, description: "标题：必填，最多 100 个字符" })),
  type: Type.Optional(Type.String({ maxLength: 16, description: "article（默认，分享链接）或 others" })),
  content: Type.Optional(Type.String({ maxLength: 20000, description: "分享描述，最多 1000 个字符" })),
  category: Type.Optional(
    Type.String({ maxLength: 64, description: "分类：分类名（如 frontend）或分类 id，两者皆可" }),
  ),
  tags: Type.Optional(Type.String({ maxLength: 2000, description: "标签 id，用 | 连接，最多 5 个" })),
  screenshot: Type.Optional(Type.String({ maxLength: 4096, description: "封面图网址，http(s)" })),
  extra: Type.Optional(
    Type.String({
      maxLength: 32,
      description: "四个 0/1 标志用 | 连接：vote|original|gfw|english，如 0|1|0|0；缺省为 0|0|0|0",
    }),
  ),
  campaignTag: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "活动标签（规格 §6，仅管理员；其他人带上此字段返回 403，field 为 campaignTag）：最多 20 个字符，" +
        "中文、字母、数字、空格、下划线和连字符；空字符串表示去掉",
    }),
  ),
};

const EntryId = Type.String({ maxLength: 64, description: "条目 id（24 位十六进制）" });

export const PublishBody = Type.Object(PublishFields);
export const UpdateBody = Type.Object({
  entryId: EntryId,
  ...PublishFields,
  hot: Type.Optional(Type.String({ maxLength: 5, description: "推荐：0 或 1，仅编辑和管理员" })),
});
export const EntryIdInput = Type.Object({ entryId: EntryId });
export const UrlQuery = Type.Object({ url: Type.String({ maxLength: 4096, description: "分享的原文链接" }) });

/** A whole entry as getEntry shows it (present.ts presentFullEntry): the list shape, the body and the raw flags. */
export const FullEntry = Type.Object({
  ...Entry.properties,
  content: Type.String({ description: "分享描述" }),
  vote: Type.Boolean(),
  extra: Type.String({ description: "vote|original|gfw|english 四个 0/1 标志，如 0|1|0|0" }),
  status: Type.String(),
});

export const EntryIdAnswer = Type.Object({ entryId: Type.String() });
