import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { Nullable, Timestamp } from "../../lib/response.ts";

/** The filters every timeline call takes (spec §7: before, limit, type, tag, category, recomment). */
const listFilters = {
  category: Type.Optional(
    Type.String({
      maxLength: 32,
      description:
        "分类名或 id；all 或缺省为全部分类；subscribe 为当前用户关注标签下的文章（未登录为空）。recomment=1 与 all 同义（个人首页的推荐）。",
    }),
  ),
  type: Type.Optional(
    Type.Union(
      [Type.Literal("article"), Type.Literal("post"), Type.Literal("vote"), Type.Literal("others")],
      {
        description: "article 分享链接，post 专栏文章",
      },
    ),
  ),
  tag: Type.Optional(Type.String({ maxLength: 50, description: "标签 id 或标题" })),
  before: Type.Optional(Type.String({ maxLength: 80, description: "上一页最后一项的 pointer（§4）" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  recomment: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};

export const TimelineQuery = Type.Object(listFilters);

export const EntriesQuery = Type.Object({
  ...listFilters,
  sort: Type.Optional(
    Type.String({
      maxLength: 20,
      description:
        "popular、newest、hottest、weeklyHottest、monthlyHottest、comment；其他值返回 400 invalid sort",
    }),
  ),
  pointer: Type.Optional(Type.String({ maxLength: 80, description: "同 before" })),
  userId: Type.Optional(Type.String({ maxLength: 24, description: "只列这位作者的条目（by_self）" })),
});

export const PeriodQuery = Type.Object({
  ...listFilters,
  period: Type.Union([Type.Literal("week"), Type.Literal("month")]),
});

export const SelfQuery = Type.Object({
  targetUid: hexId("作者 id"),
  type: Type.Optional(Type.Union([Type.Literal("post"), Type.Literal("article")])),
  order: Type.Optional(Type.Union([Type.Literal("createdAt"), Type.Literal("rankIndex")])),
  before: listFilters.before,
  limit: listFilters.limit,
});

export const IdsQuery = Type.Object({
  ids: Type.String({ maxLength: 100 * 25, description: "以 | 连接的条目 id，最多 100 个" }),
});

export const RelatedQuery = Type.Object({
  entryId: hexId("条目 id"),
  count: Type.Optional(Type.Union([Type.Literal(4), Type.Literal(5)], { default: 5 })),
});

export const EntryIdQuery = Type.Object({ entryId: hexId("条目 id") });

/** A category as /categories lists it; `subscribed` is the caller's (through its built-in tags). */
export const CategoryItem = Type.Object({
  id: Type.String(),
  name: Type.String({ description: "URL 中的名字：frontend、backend …" }),
  title: Type.String(),
  subscribed: Type.Boolean(),
});

/** EntryView (spec §3): the answer of getEntryView; `updatedAt` only when this view counted. */
export const EntryView = Type.Object({
  entryViewId: Nullable(Type.String({ description: "计入的这次浏览的 id；不计入时为 null" })),
  viewsCount: Type.Number(),
  counted: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Type.Optional(Timestamp),
});
