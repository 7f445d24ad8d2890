import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { PRICE_MAX, SECTION_MAX, SECTIONS_MAX } from "../../../shared/booklet-rules.ts";

/** The OpenAPI group and the answer shapes the route descriptions name. */
export const BOOKLET_TAGS = ["booklets"];
export const BOOKLET_SHAPE =
  "小册：{id, title, summary, cover, price（分）, category, user（作者 userDetail）, isHot, isDraft, isFinished, " +
  "sectionsCount, buyCount, commentsCount, viewCount, bought, isAuthor, canRead, createdAt, updatedAt}。";
export const SECTION_SHAPE =
  "章节：{id, bookletId, title, isFree, isHot, order, viewCount, readable, createdAt, updatedAt}。";

/** Booklet lists page by 20 (spec §9). */
export const BOOKLETS_PAGE_SIZE = 20;
/** The hot list's default length. */
export const HOT_LIMIT = 10;
// The limits live in shared/booklet-rules.ts, which the editor's form reads too.

export const BOOKLET_SORTS = ["newest", "hottest"] as const;
export type BookletSort = (typeof BOOKLET_SORTS)[number];

export const BookletIdQuery = Type.Object({ bookletId: hexId("小册 id") });
export const SectionIdQuery = Type.Object({ sectionId: hexId("章节 id") });
export const BookletIdParams = idParams("小册 id");
export const SectionIdParams = Type.Object({ sectionId: hexId("章节 id") });

export const BookletListQuery = Type.Object({
  category: Type.Optional(
    Type.String({ maxLength: 32, description: "分类名（frontend、backend…）；all 或省略为全部" }),
  ),
  sort: Type.Optional(
    Type.Union(
      BOOKLET_SORTS.map((s) => Type.Literal(s)),
      { default: "newest", description: "newest（最新上架）或 hottest（购买最多）" },
    ),
  ),
  userId: Type.Optional(hexId("只看这位作者的小册（作者本人还能看到自己的草稿）")),
  pointer: Type.Optional(Type.String({ maxLength: 120, description: "游标：上一页返回的 cursor" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: BOOKLETS_PAGE_SIZE })),
});

export const HotQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: HOT_LIMIT })),
});

export const BuyListQuery = Type.Object({
  userId: Type.Optional(hexId("用户 id，省略为自己")),
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: "从 0 开始" })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: BOOKLETS_PAGE_SIZE })),
});

export const NewBookletBody = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  summary: Type.Optional(Type.String({ maxLength: 10_000 })),
  category: Type.Optional(Type.String({ maxLength: 32, description: "分类名，如 frontend" })),
  price: Type.Optional(
    Type.Integer({ minimum: 0, maximum: PRICE_MAX, description: "价格，单位分；0 为免费" }),
  ),
  cover: Type.Optional(Type.String({ maxLength: 2000, description: "封面图 http(s) 或 /uploads/… 地址" })),
  isFinished: Type.Optional(Type.Boolean()),
});

export const EditBookletBody = Type.Partial(NewBookletBody);

export const NewSectionBody = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  content: Type.Optional(Type.String({ maxLength: SECTION_MAX + 1000, description: "Markdown" })),
  isFree: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});

export const EditSectionBody = Type.Partial(NewSectionBody);

export const DraftBody = Type.Object({ bookletId: hexId("小册 id"), isDraft: Type.Boolean() });
export const HotBody = Type.Object({ bookletId: hexId("小册 id"), isHot: Type.Boolean() });
export const FreeBody = Type.Object({ sectionId: hexId("章节 id"), isFree: Type.Boolean() });

/** The reorder call: every section id of the booklet, once each, in the new reading order. */
export const SectionOrderBody = Type.Object({
  sectionIds: Type.Array(hexId("章节 id"), {
    minItems: 1,
    maxItems: SECTIONS_MAX,
    description: "小册的全部章节 id，每个一次，按新的阅读顺序",
  }),
});
