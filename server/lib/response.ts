import { Type, type TSchema } from "@sinclair/typebox";

/**
 * Success answers as schemas (spec §7's `{s, m, d}` with each call's `d`): what the OpenAPI document
 * shows, and what Fastify compiles into the route's serializer (fast-json-stringify). That serializer
 * writes only the properties a schema lists and coerces to the declared type, so a shape here must
 * name every key its presenter writes, with `Optional` where a key may be absent and `Nullable`
 * where it may be null (a null string would become "", a null number 0).
 *
 * Error answers never meet these schemas: the envelope's error handler sends them with
 * JSON.stringify, even the register codes (10013 …) that travel with HTTP 200.
 */

/** `response: okResponse(d)` in a route({...}) declaration: the envelope ok() writes around `d`. */
export function okResponse<D extends TSchema>(d: D) {
  return {
    200: Type.Object(
      { s: Type.Number({ description: "1 表示成功" }), m: Type.String(), d },
      // The response's description in the OpenAPI document (else "Default Response").
      { description: "成功：{s: 1, m: 'success', d}" },
    ),
  };
}

/**
 * `schema` or null, as anyOf [schema, null]: a union both TypeBox and the type provider's TypeBox
 * read as `T | null`. (OpenAPI 3.0's `nullable: true` serializes about 15% faster, with one null
 * check instead of a validation to pick the branch, but neither reads its type.)
 */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A point in time as every presenter sends it: ISO 8601 text (`toISOString()`), written as it is
 * (the serializer's date-time format would write a Date the same way).
 */
export const Timestamp = Type.String({ format: "date-time", description: "ISO 8601 时间" });

/** A keyset list (spec §4): pass `pointer` back for the next page; null on an empty page. */
export function PointerPage<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    pointer: Nullable(Type.String({ description: "最后一项的翻页参数（值_id），为空表示空页" })),
    canNext: Type.Boolean(),
  });
}

/** A list paged by number from 1, as the spec's URLs with page/pageSize are. */
export function NumberedPage<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    page: Type.Number(),
    pageSize: Type.Number(),
    canNext: Type.Boolean(),
  });
}

/** The few fields every place that names a person shows (users/present.ts presentUserCard). */
export const UserCard = Type.Object({
  id: Type.String(),
  username: Type.String(),
  avatarLarge: Type.String(),
  jobTitle: Type.String(),
  company: Type.String(),
});

/** An entry's author as entry lists show them (entries/present.ts presentAuthor): the card and role. */
export const Author = Type.Object({ ...UserCard.properties, role: Type.String() });

/** The public face of a user (spec §3 User; users/present.ts presentPublicUser). */
export const PublicUser = Type.Object({
  id: Type.String(),
  objectId: Type.String(),
  username: Type.String(),
  selfDescription: Type.String(),
  avatarLarge: Type.String(),
  role: Type.String(),
  jobTitle: Type.String(),
  company: Type.String(),
  blogAddress: Type.String(),
  isXiaoceAuthor: Type.Boolean(),
  followeesCount: Type.Number(),
  followersCount: Type.Number(),
  postedPostsCount: Type.Number(),
  postedEntriesCount: Type.Number(),
  collectedEntriesCount: Type.Number(),
  subscribedTagsCount: Type.Number(),
  viewedEntriesCount: Type.Number(),
  totalCollectionsCount: Type.Number(),
  bookletCount: Type.Number(),
  purchasedBookletCount: Type.Number(),
  commentsCount: Type.Number(),
  totalHotIndex: Type.Number(),
  latestLoginedInAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** Bound third-party accounts (spec `community`, authData): channel → the account there. */
export const Community = Type.Record(
  Type.String({ description: "渠道：github、weibo、wechat …" }),
  Type.Object({ uid: Type.String(), username: Type.String(), nickname: Type.String() }),
);

/**
 * The user as they see themselves (users/present.ts presentSelf): the public face, account
 * details, and `community` when the call loaded the bindings (getUserInfo).
 */
export const Self = Type.Object({
  community: Type.Optional(Community),
  ...PublicUser.properties,
  self: Type.Boolean(),
  email: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  mobilePhoneNumber: Nullable(Type.String()),
  mobilePhoneVerified: Type.Boolean(),
  hasWalletAccess: Type.Boolean(),
  hasPassword: Type.Boolean(),
  deviceType: Type.String(),
  editorType: Type.String(),
  weeklyEmail: Type.Boolean(),
  allowNotification: Type.Boolean(),
  blacklist: Type.Boolean(),
  notificationCheckedAt: Nullable(Timestamp),
});

/** A new session (auth/auth.ts AuthResult): registration and every login answer it. */
export const SessionStart = Type.Object({
  user: Self,
  clientId: Type.String(),
  token: Type.String(),
  suspension: Type.Optional(
    Type.Object(
      { until: Timestamp, reason: Type.String(), message: Type.String() },
      { description: "账号被暂停时：可以登录和阅读，写操作被拒绝的原因与截止时间" },
    ),
  ),
  deletionCancelled: Type.Optional(Type.Literal(true, { description: "这次登录撤销了账号的注销申请" })),
});

/** The answer of a call that only reports it was done: `{}`. */
export const Empty = Type.Object({});

/** A soft deletion done (or already done: repeating it changes nothing). */
export const Deleted = Type.Object({ deleted: Type.Literal(true) });

/**
 * After following or unfollowing a collection set: the caller's state and the set's count (the
 * collections service answers it, and the user-follow calls when given a csId).
 */
export const CollectionFollowState = Type.Object({
  csId: Type.String(),
  followed: Type.Boolean(),
  followerCount: Type.Number(),
});

/** The fields of a comment (spec §3 Comment; comments/present.ts presentComment) but its replies. */
const commentFields = {
  id: Type.String(),
  targetId: Type.String(),
  targetType: Type.String({ description: "entry | pin | booklet | repo" }),
  user: Nullable(UserCard),
  content: Type.String({ description: "已删除的根评论为「该评论已删除」" }),
  imageUrlList: Type.Array(Type.String()),
  likesCount: Type.Number(),
  likeCount: Type.Number({ description: "与 likesCount 相同（沸点评论的名字）" }),
  subCommentCount: Type.Number(),
  replyCount: Type.Number({ description: "与 subCommentCount 相同" }),
  replyUser: Nullable(UserCard),
  replyCommentId: Nullable(Type.String()),
  firstCommentId: Nullable(Type.String()),
  liked: Type.Boolean(),
  deleted: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

/** A reply: its own topSubCommentList is always empty (replies nest one level). */
const Reply = Type.Object({
  ...commentFields,
  // Written as JSON.stringify writes it, whatever it holds: the shape ends one level down.
  topSubCommentList: Type.Array(Type.Unknown(), { description: "回复下不再嵌套，总为 []" }),
});

/** Comment (spec §3): a root comment carries its first replies. Every comment target uses it. */
export const Comment = Type.Object({ ...commentFields, topSubCommentList: Type.Array(Reply) });

/** A page of comments or replies (comments.ts CommentPage): pass `cursor` back as createdAt. */
export const CommentPage = Type.Object({
  count: Type.Number(),
  comments: Type.Array(Comment),
  cursor: Nullable(Type.String({ description: "下一页的 createdAt；最后一页为 null" })),
  hasMore: Type.Boolean(),
});

/** A tag as an entry carries it. */
export const EntryTag = Type.Object({ id: Type.String(), title: Type.String(), icon: Type.String() });

/** A category as an entry carries it (name is the URL name, title the Chinese one). */
export const EntryCategory = Type.Object({ id: Type.String(), name: Type.String(), title: Type.String() });

/** Entry (spec §3) in a list: everything but the body (entries/present.ts presentEntry). */
export const Entry = Type.Object({
  id: Type.String(),
  objectId: Type.String(),
  title: Type.String(),
  type: Type.String({ description: "article | post | vote | others" }),
  originalUrl: Type.String(),
  screenshot: Type.String(),
  abstract: Type.String(),
  user: Author,
  category: Nullable(EntryCategory),
  tags: Type.Array(EntryTag),
  liked: Type.Boolean(),
  isCollected: Type.Boolean({ description: "与 liked 相同：点赞即收藏" }),
  collectionCount: Type.Number(),
  commentsCount: Type.Number(),
  viewsCount: Type.Number(),
  hot: Type.Number({ description: "编辑推荐为 1，否则为 0" }),
  hotIndex: Type.Number(),
  rankIndex: Type.Number(),
  original: Type.Boolean(),
  gfw: Type.Boolean(),
  english: Type.Boolean(),
  campaignTag: Type.String({ description: "管理员的活动标签，没有为空字符串" }),
  latestCommentAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A page of entries: every feed (spec §4 keyset pointer). */
export const EntryPage = PointerPage(Entry);

/** Tag (spec §3) as lists show it (tags/tags.ts presentTag); `subscribed` is the caller's flag. */
export const Tag = Type.Object({
  id: Type.String(),
  title: Type.String(),
  icon: Type.String(),
  entriesCount: Type.Number(),
  subscribersCount: Type.Number(),
  subscribed: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
