import { Type, type Static } from "@sinclair/typebox";
import { HEX_ID_PATTERN } from "../../../shared/ids.ts";
import { Nullable, Timestamp } from "../../lib/response.ts";

/** Spec §7: get_banner pages are at most 20 banners. */
export const MAX_BANNER_PAGE_SIZE = 20;
/** Spec §7 Banner, §9: a page shows at most 2 banners of a position (aside, hero). */
export const BANNERS_SHOWN = 2;

const position = (extra: { default?: string } = {}) =>
  Type.Union([Type.Literal("hero"), Type.Literal("aside")], {
    description: "hero（顶部轮播）或 aside（侧栏）",
    ...extra,
  });
/** A link a banner may carry: http(s) or a path on this site — never javascript: or data:. */
const link = (description: string) =>
  Type.String({ maxLength: 2000, pattern: "^(https?://[^\\s]+|/(?!/)[^\\s]*)$", description });
const instant = Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
  description: "ISO 8601 时间；null 表示不限",
});

export const BannerListQuery = Type.Object({
  position: Type.Optional(position({ default: "hero" })),
  platform: Type.Optional(Type.String({ pattern: "^[a-z0-9_-]{1,16}$", default: "web" })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 0, description: "从 0 开始" })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_BANNER_PAGE_SIZE, default: MAX_BANNER_PAGE_SIZE }),
  ),
  src: Type.Optional(Type.String({ pattern: "^[a-z0-9_-]{1,16}$", default: "web" })),
});
export type BannerListQuery = Static<typeof BannerListQuery>;

const fields = {
  position: position(),
  title: Type.String({ maxLength: 100 }),
  imageUrl: link("图片地址：http(s) 或本站路径（如 /uploads/…）"),
  url: link("点击后打开的地址：http(s) 或本站路径"),
  order: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: "越小越靠前" }),
  active: Type.Boolean(),
  startedAt: instant,
  endedAt: instant,
};

export const BannerCreateBody = Type.Object({
  position: fields.position,
  imageUrl: fields.imageUrl,
  url: fields.url,
  title: Type.Optional(fields.title),
  order: Type.Optional(fields.order),
  active: Type.Optional(fields.active),
  startedAt: Type.Optional(fields.startedAt),
  endedAt: Type.Optional(fields.endedAt),
});
export type BannerCreateBody = Static<typeof BannerCreateBody>;

export const BannerUpdateBody = Type.Partial(Type.Object(fields));
export type BannerUpdateBody = Static<typeof BannerUpdateBody>;

export const BannerParams = Type.Object({ id: Type.String({ pattern: HEX_ID_PATTERN }) });

/** A banner as the API shows it (present.ts presentBanner). */
export const Banner = Type.Object({
  id: Type.String(),
  position: Type.Union([Type.Literal("hero"), Type.Literal("aside")]),
  title: Type.String(),
  imageUrl: Type.String(),
  url: Type.String(),
  order: Type.Number(),
  active: Type.Boolean(),
  startedAt: Nullable(Timestamp),
  endedAt: Nullable(Timestamp),
});

/** get_banner: the banners showing now. */
export const BannerPage = Type.Object({ list: Type.Array(Banner), canNext: Type.Boolean() });
