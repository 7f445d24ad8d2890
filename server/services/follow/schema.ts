import { Type } from "@sinclair/typebox";
import { hexId, hexIdList } from "../../lib/route.ts";
import { CollectionFollowState, PointerPage, PublicUser, Timestamp } from "../../lib/response.ts";

/** At most this many ids in one `ids` list (follow, isCurrentUserFollowed, get_multi_user). */
export const MAX_IDS = 50;

/** User ids joined by | (spec §7); a malformed list answers 400 naming `ids`. */
const ids = hexIdList(MAX_IDS, `用户 id，多个用 | 连接，最多 ${MAX_IDS} 个`);
const uid = hexId("用户 id");

/**
 * Spec §7 names both the user follow (ids) and the collection-set follow (csId) PUT /follow and
 * PUT /unfollow, on two services; here they share the path, told apart by the field sent.
 */
export const FollowBody = Type.Object({
  ids: Type.Optional(ids),
  csId: Type.Optional(hexId("收藏集 id（关注收藏集时代替 ids）")),
});
export const IdsQuery = Type.Object({ ids });
export const UidQuery = Type.Object({ uid });

export const FollowListQuery = Type.Object({
  uid,
  before: Type.Optional(
    Type.String({
      maxLength: 80,
      description: "上一页最后一项的 pointer（关注时间_用户 id），不传为第一页",
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const MultiUserQuery = Type.Object({
  ids,
  cols: Type.Optional(
    Type.String({
      maxLength: 500,
      description: "要返回的公开字段，用 | 连接（如 username|avatarLarge）；不传返回全部公开字段",
    }),
  ),
});

export const SuggestQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, default: 4, description: "推荐人数，默认 4" }),
  ),
});

/** After following or unfollowing users: each one's state, and the caller's own followeesCount. */
export const UserFollowState = Type.Object({
  list: Type.Array(
    Type.Object({ id: Type.String(), followed: Type.Boolean(), followersCount: Type.Number() }),
  ),
  followeesCount: Type.Number(),
});

/** The follow calls answer for users (ids) or for a collection set (csId). */
export const FollowChange = Type.Union([UserFollowState, CollectionFollowState]);

/** A follower or followee: the public user, whether the caller follows them, and since when. */
export const ListedUser = Type.Object({
  ...PublicUser.properties,
  followed: Type.Boolean(),
  followedAt: Timestamp,
});

/** A suggested user: never one the caller follows. */
export const SuggestedUser = Type.Object({ ...PublicUser.properties, followed: Type.Literal(false) });

/** A page of followers or followees, newest follow first. */
export const FollowList = PointerPage(ListedUser);

/** get_multi_user: id → the user's public fields, only those named in `cols` (and id) when given. */
export const MultiUser = Type.Record(Type.String(), Type.Partial(PublicUser));
