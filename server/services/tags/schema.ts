import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { NumberedPage, Tag } from "../../lib/response.ts";

const listType = Type.Union([Type.Literal("hot"), Type.Literal("new")], {
  description: "hot 按关注数，new 按创建时间",
});
const page = Type.Integer({ minimum: 1, maximum: 10000, description: "页码，从 1 开始" });
const pageSize = Type.Integer({ minimum: 1, maximum: 100 });

export const TagListParams = Type.Object({ type: listType, page, pageSize });

export const TagSearchParams = Type.Object({
  type: listType,
  text: Type.String({ minLength: 1, maxLength: 32, description: "搜索词（标题包含，不分大小写）" }),
  page,
  pageSize,
});

export const TagSuggestParams = Type.Object({
  type: Type.String({
    maxLength: 32,
    description:
      "分类名（android、frontend、ios、backend、design、product、freebie、article、ai）或 all（全部标签）",
  }),
  page,
  pageSize,
});

export const TagTitleParams = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 50, description: "标签标题，不分大小写" }),
});

/** Ids are 24 lowercase hex characters (server/lib/ids.ts); anything else answers 400 naming `id`. */
export const IdParams = Type.Object({
  id: hexId("24 位 id"),
});

export const OneBasedPage = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10000, default: 1, description: "页码，从 1 开始" }),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 40 })),
});

/** A page of tags (tags.ts TagPage): numbered from 1. */
export const TagList = NumberedPage(Tag);

/** A user's subscribed tags: a page and how many they follow in all. */
export const SubscribedTags = Type.Object({ ...TagList.properties, total: Type.Number() });

/** After a (un)subscribe: the caller's state and the tag's count. */
export const SubscribeState = Type.Object({ subscribed: Type.Boolean(), subscribersCount: Type.Number() });
