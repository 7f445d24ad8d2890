import { Type, type Static } from "@sinclair/typebox";
import { hexId, hexIdList } from "../../lib/route.ts";
import { Author, Entry, NumberedPage, Timestamp } from "../../lib/response.ts";
import {
  DESCRIPTION_MAX,
  IMAGE_URL_MAX,
  IMAGE_URL_PATTERN,
  MASK_MAX,
  MASK_PATTERN,
  TAG_MAX,
  TITLE_MAX,
} from "../../../shared/collection-rules.ts";

/** Sets a list page shows (spec §9: collections 30 a page) and the most one page may ask for. */
export const SET_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** Entries of a set shown a page. */
export const ENTRY_PAGE_SIZE = 20;
/**
 * The last page number anyone may ask for. Pages are offset-based (the spec's calls carry page
 * numbers), so a bound keeps the largest OFFSET small: 1,000 pages of 100 is 100,000 rows.
 */
export const MAX_PAGE = 1000;
/** At most this many entry ids in one isInMyCollectionSet call. */
export const MAX_ENTRY_IDS = 50;
/** Hot topic tags on the collections page (spec §9). */
export const HOT_TAGS = 6;

const title = Type.String({
  minLength: 1,
  maxLength: TITLE_MAX,
  description: `标题，去掉首尾空白后 1～${TITLE_MAX} 个字符`,
});
const description = Type.String({
  maxLength: DESCRIPTION_MAX,
  description: `描述，最多 ${DESCRIPTION_MAX} 个字符`,
});
const bgImgUrl = Type.String({
  maxLength: IMAGE_URL_MAX,
  pattern: IMAGE_URL_PATTERN,
  description:
    "背景图地址（imageUrl）：http(s) 地址或本站路径，空串表示无。图片本身（≤1,048,576 字节，jpg/png）由上传接口把关",
});
const bgImgMask = Type.String({
  maxLength: MASK_MAX,
  pattern: MASK_PATTERN,
  description: "背景遮罩颜色（maskColor）：#rgb、#rrggbb、#rrggbbaa、rgb() 或 rgba()，空串表示无",
});
const tag = Type.String({
  maxLength: TAG_MAX,
  description: `话题标签（收藏集页按它筛选），最多 ${TAG_MAX} 个字符；不能是 all；空串表示无`,
});

export const CreateSetBody = Type.Object({
  title,
  description: Type.Optional(description),
  bgImgUrl: Type.Optional(bgImgUrl),
  bgImgMask: Type.Optional(bgImgMask),
  tag: Type.Optional(tag),
});
export type CreateSetInput = Static<typeof CreateSetBody>;

/** The fields of a new set, each optional: only those given change. */
export const UpdateSetBody = Type.Partial(CreateSetBody);
export type UpdateSetInput = Static<typeof UpdateSetBody>;

export const IdParams = Type.Object({ id: hexId("收藏集 id（csId）") });

export const CsIdBody = Type.Object({ csId: hexId("收藏集 id") });
export const CsEntryBody = Type.Object({ csId: hexId("收藏集 id"), entryId: hexId("条目 id") });

export const EntryIdsQuery = Type.Object({
  entryIds: hexIdList(MAX_ENTRY_IDS, `条目 id，多个用 | 连接，最多 ${MAX_ENTRY_IDS} 个`),
});

const page = Type.Integer({
  minimum: 0,
  maximum: MAX_PAGE,
  default: 0,
  description: `页码，从 0 开始，最大 ${MAX_PAGE}`,
});
const pageSize = (fallback: number) =>
  Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: fallback,
    description: `每页条数，默认 ${fallback}，最多 ${MAX_PAGE_SIZE}`,
  });
const rankType = Type.Union([Type.Literal("new"), Type.Literal("hot")], {
  default: "new",
  description: "new 最新在前；hot 关注数（条目列表为热度）最高在前",
});

export const HomeQuery = Type.Object({
  page: Type.Optional(page),
  pageSize: Type.Optional(pageSize(SET_PAGE_SIZE)),
  recommend: Type.Optional(
    Type.String({
      pattern: "^(0|1|true|false)$",
      description: "1 或 true：只看编辑推荐的收藏集；默认全部",
    }),
  ),
  rankType: Type.Optional(rankType),
  tag: Type.Optional(Type.String({ maxLength: TAG_MAX, description: "话题标签；all 或空串表示不筛选" })),
});
export type HomeInput = Static<typeof HomeQuery>;

export const SetEntriesQuery = Type.Object({
  csId: hexId("收藏集 id"),
  page: Type.Optional(page),
  pageSize: Type.Optional(pageSize(ENTRY_PAGE_SIZE)),
  rankType: Type.Optional(rankType),
  src: Type.Optional(Type.String({ maxLength: 16 })),
});

export const UserSetsQuery = Type.Object({
  targetUserId: Type.Optional(hexId("用户 id；不传为调用者自己（需要登录）")),
  page: Type.Optional(page),
  pageSize: Type.Optional(pageSize(SET_PAGE_SIZE)),
});

export const MySetsParams = Type.Object({ page });
export const MySetsQuery = Type.Object({
  entryId: Type.Optional(hexId("条目 id：每个收藏集的 isIn 表示它是否已收进该条目")),
  pageSize: Type.Optional(pageSize(SET_PAGE_SIZE)),
});

export const HotTagsQuery = Type.Object({
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: HOT_TAGS, description: `个数，默认 ${HOT_TAGS}` }),
  ),
});

export const InfoQuery = Type.Object({
  csId: hexId("收藏集 id"),
  entryId: Type.Optional(hexId("条目 id：isIn 表示该收藏集是否收进了它")),
});

/** Collection (spec §3) for one caller (present.ts presentCollection): followed, isIn, own are theirs. */
export const Collection = Type.Object({
  id: Type.String(),
  csId: Type.String({ description: "与 id 相同" }),
  title: Type.String(),
  description: Type.String(),
  imageUrl: Type.String({ description: "背景图（bgImgUrl），没有为空字符串" }),
  maskColor: Type.String({ description: "背景上的遮罩色（bgImgMask），没有为空字符串" }),
  tag: Type.String(),
  recommended: Type.Boolean(),
  followerCount: Type.Number(),
  entryCount: Type.Number(),
  followed: Type.Boolean(),
  isIn: Type.Boolean(),
  own: Type.Boolean(),
  author: Author,
  creator: Author,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** homeCollectionSet: a page of sets, numbered from 0. */
export const SetList = NumberedPage(Collection);

/** A user's sets (made or followed): a page, and `sum`, how many in all. */
export const UserSetList = Type.Object({
  collectionSets: Type.Array(Collection),
  sum: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
  canNext: Type.Boolean(),
});

/** A set's entries: entries with `collected` (in one of the caller's sets) and when this set took them. */
export const SetEntries = Type.Object({
  list: Type.Array(Type.Object({ ...Entry.properties, collected: Type.Boolean(), collectedAt: Timestamp })),
  total: Type.Number({ description: "收藏集的 entryCount" }),
  page: Type.Number(),
  pageSize: Type.Number(),
  canNext: Type.Boolean(),
});

/** After collecting an entry into a set, or taking it out. */
export const CollectState = Type.Object({
  csId: Type.String(),
  entryId: Type.String(),
  isIn: Type.Boolean(),
  entryCount: Type.Number(),
});

export const SetDeleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

export const EntriesInMine = Type.Array(Type.Object({ entryId: Type.String(), isIn: Type.Boolean() }));

export const HotTags = Type.Array(Type.Object({ title: Type.String(), count: Type.Number() }));
