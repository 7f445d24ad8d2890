import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { EntryCategory, Nullable, Timestamp, UserCard } from "../../lib/response.ts";
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

// ---------------------------------------------------------------- answers (present.ts)

/** The author as a booklet shows them (present.ts presentAuthor: spec §3 Booklet user as userDetail). */
const BookletAuthor = Type.Object({
  ...UserCard.properties,
  selfDescription: Type.String(),
  bookletCount: Type.Number(),
});

/** Booklet (spec §3) as present.ts presentBooklet writes it, with the caller's own flags. */
export const Booklet = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  price: Type.Number({ description: "价格，单位分；0 为免费" }),
  category: Nullable(EntryCategory),
  user: Nullable(BookletAuthor),
  isHot: Type.Boolean(),
  isDraft: Type.Boolean(),
  isFinished: Type.Boolean(),
  sectionsCount: Type.Number(),
  buyCount: Type.Number(),
  commentsCount: Type.Number(),
  viewCount: Type.Number(),
  bought: Type.Boolean({ description: "调用者已购买（未登录为 false）" }),
  isAuthor: Type.Boolean(),
  canRead: Type.Boolean({ description: "调用者能读全部章节（已购、作者、管理员或免费小册）" }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A section without its text (present.ts presentSection). */
export const Section = Type.Object({
  id: Type.String(),
  bookletId: Type.String(),
  title: Type.String(),
  isFree: Type.Boolean(),
  isHot: Type.Boolean(),
  order: Type.Number(),
  viewCount: Type.Number(),
  readable: Type.Boolean({ description: "调用者能否阅读" }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A readable section with its text (present.ts SectionContent). */
export const SectionWithContent = Type.Object({
  ...Section.properties,
  content: Type.String({ description: "Markdown 原文" }),
  html: Type.String({ description: "渲染并净化后的 HTML" }),
  toc: Type.Array(Type.Object({ level: Type.Number(), text: Type.String(), id: Type.String() })),
});

/** getList: a keyset page of booklets. */
export const BookletPage = Type.Object({
  list: Type.Array(Booklet),
  cursor: Nullable(Type.String({ description: "下一页作为 pointer 传回；最后一页为 null" })),
  hasMore: Type.Boolean(),
});

/** getListBuy: bought booklets by page number from 0. */
export const BoughtPage = Type.Object({
  list: Type.Array(Booklet),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
});

export const ViewCount = Type.Object({ viewCount: Type.Number() });

/** The sales figures of one booklet (authoring.ts BookletSales), in cents. */
export const BookletSales = Type.Object({
  buyCount: Type.Number({ description: "已售份数" }),
  revenue: Type.Number({ description: "读者支付总额，分" }),
  income: Type.Number({ description: "作者钱包里这些订单的收入，分" }),
});
