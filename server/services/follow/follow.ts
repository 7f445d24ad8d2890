import { operationLimiter } from "../../lib/operation-limits.ts";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import { notify } from "../notifications/index.ts";
import { presentPublicUser, type PublicUser } from "../users/index.ts";
import { hottestUsers, lockUsers, usersByIds } from "../users/index.ts";
import {
  authorsInSubscribedTags,
  bumpFollowCounts,
  deleteFollow,
  followPairsOf,
  followCountsOf,
  followPage,
  followedAmong,
  insertFollow,
} from "./queries.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import type { Tx } from "../../../db/client.ts";
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU, blockersAmong, hiddenIdsOf } from "../blocks/index.ts";

/** Follower and followee lists: 20 a page unless asked otherwise. */
export const FOLLOW_PAGE_SIZE = 20;
/** Suggested users shown (spec §9). */
export const SUGGESTED_USERS = 4;

const USER_MISSING = "用户不存在";

/** The public fields get_multi_user may pick with `cols`. */
export const PUBLIC_COLUMNS: readonly string[] = Object.keys(
  presentPublicUser({
    id: "",
    createdAt: new Date(0),
    updatedAt: new Date(0),
    latestLoginedInAt: null,
  } as Parameters<typeof presentPublicUser>[0]),
);

export interface FollowResult {
  id: string;
  followed: boolean;
  /** The followee's followersCount after the call. */
  followersCount: number;
}

export interface FollowState {
  list: FollowResult[];
  /** The caller's own followeesCount after the call. */
  followeesCount: number;
}

export type ListedUser = PublicUser & { followed: boolean; followedAt: string };

export interface FollowListPage {
  list: ListedUser[];
  /** Pointer of the last item: pass it back as `before` for the next page (spec §4). */
  pointer: string | null;
  canNext: boolean;
}

/** Splits an `ids` list (already checked by the schema when it comes over HTTP). */
export function splitIds(raw: string): string[] {
  const ids = [...new Set(raw.split("|").filter(Boolean))];
  if (!ids.length || ids.some((id) => !HEX_ID.test(id))) throw badRequest("ids 格式不正确", "ids");
  return ids;
}

/**
 * Follows between users (spec §7 Follow, §4 "follow or unfollow user toggles followed, adjusts
 * target followersCount and current user's followeesCount", §5 suggested users). A follow row and
 * both counters move in one transaction, and only when a row was actually inserted or deleted.
 */
export function createFollowService(deps: Deps) {
  const { db, jobs } = deps;
  const limits = operationLimiter(deps.kv);

  async function setFollowed(raw: string, caller: Caller, followed: boolean): Promise<FollowState> {
    await limits.hit("toggle", caller);
    const me = requireLogin(caller);
    const ids = splitIds(raw);
    if (followed && ids.includes(me)) throw badRequest("不能关注自己", "ids");
    // All-or-nothing on input: an unknown id fails the call before any row moves.
    const known = await followCountsOf(db, ids);
    if (ids.some((id) => !known.has(id))) throw notFound(USER_MISSING);
    // An erased account (已注销用户) keeps no follows either way (services/account-data).
    if (followed && ids.some((id) => known.get(id)!.erasedAt)) throw notFound(USER_MISSING);
    const list: FollowResult[] = [];
    let followeesCount = (await followCountsOf(db, [me])).get(me)?.followeesCount ?? 0;
    for (const id of ids) {
      if (id === me) {
        // Unfollowing oneself: there is never such a row; nothing to do.
        list.push({ id, followed: false, followersCount: known.get(id)!.followersCount });
        continue;
      }
      const result = await db.transaction(async (tx) => {
        // Lock both user rows in id order first: concurrent toggles on one user serialize here,
        // and A→B with B→A cannot deadlock.
        const locked = await lockUsers(tx, [me, id]);
        if (!locked.has(id)) throw notFound(USER_MISSING);
        if (!locked.has(me)) throw unauthorized();
        // A block keeps follows away both ways; read under the users' locks, which the
        // blocking transaction takes too, so a follow cannot slip in beside a block.
        if (followed) {
          if ((await blockersAmong(tx, me, [id])).size) throw forbidden(BLOCKED_BY_THEM);
          if ((await blockersAmong(tx, id, [me])).size) throw forbidden(BLOCKED_BY_YOU);
        }
        const changed = followed ? await insertFollow(tx, me, id) : await deleteFollow(tx, me, id);
        const told = changed && followed && (await notify(tx, { userId: id, actorId: me, type: "follow" }));
        // The follow mail (once ever per pair, like the notification): a job enqueued with the
        // follow, so SMTP never holds these row locks and a mail server that is down is retried.
        if (told)
          await jobs.send("follow-mail", { followerId: me, followeeId: id } satisfies FollowMail, { tx });
        if (changed) return { ...(await bumpFollowCounts(tx, me, id, followed ? 1 : -1)), told };
        const counts = await followCountsOf(tx, [me, id]);
        return {
          followersCount: counts.get(id)!.followersCount,
          followeesCount: counts.get(me)!.followeesCount,
          told: false,
        };
      });
      followeesCount = result.followeesCount;
      list.push({ id, followed, followersCount: result.followersCount });
    }
    return { list, followeesCount };
  }

  async function listPage(
    side: "followers" | "followees",
    input: { uid: string; before?: string; limit?: number },
    caller: Caller,
  ): Promise<FollowListPage> {
    const pointer = pointerParam(input.before, "date", "before");
    const [owner] = await usersByIds(db, [input.uid]);
    if (!owner) throw notFound(USER_MISSING);
    const limit = Math.min(Math.max(input.limit ?? FOLLOW_PAGE_SIZE, 1), 100);
    const rows = await followPage(db, side, input.uid, pointer, limit + 1);
    const { page, pointer: next, canNext } = keysetSlice(rows, limit, (r) => [r.followedAt, r.user.id]);
    const mine = caller.userId
      ? await followedAmong(
          db,
          caller.userId,
          page.map((r) => r.user.id),
        )
      : new Set<string>();
    return {
      list: page.map((r) => ({
        ...presentPublicUser(r.user),
        followed: mine.has(r.user.id),
        followedAt: r.followedAt.toISOString(),
      })),
      pointer: next,
      canNext,
    };
  }

  return {
    /** follow (ids joined by |): idempotent; following oneself is 400, an unknown user 404. */
    follow: (ids: string, caller: Caller) => setFollowed(ids, caller, true),

    /** unfollow (ids joined by |): idempotent; unfollowing someone not followed changes nothing. */
    unfollow: (ids: string, caller: Caller) => setFollowed(ids, caller, false),

    /** isCurrentUserFollowed: {id: boolean} for each id; all false for a visitor. */
    /**
     * Removes every follow to and from an erased account (services/account-data), each pair in its
     * own transaction with both counters, like an unfollow; safe to run again.
     */
    async dropAllFollows(userId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const pairs = await followPairsOf(db, userId, 200);
        if (!pairs.length) return removed;
        for (const p of pairs) {
          await db.transaction(async (tx) => {
            await lockUsers(tx, [p.followerId, p.followeeId]);
            if (await deleteFollow(tx, p.followerId, p.followeeId)) {
              await bumpFollowCounts(tx, p.followerId, p.followeeId, -1);
              removed++;
            }
          });
        }
      }
    },

    async isFollowed(raw: string, caller: Caller): Promise<Record<string, boolean>> {
      const ids = splitIds(raw);
      const mine = caller.userId ? await followedAmong(db, caller.userId, ids) : new Set<string>();
      return Object.fromEntries(ids.map((id) => [id, mine.has(id)]));
    },

    /** getUserFollowerList: who follows `uid`, newest first, paged by `before`. */
    followers: (input: { uid: string; before?: string; limit?: number }, caller: Caller) =>
      listPage("followers", input, caller),

    /** getUserFolloweeList: whom `uid` follows, newest first, paged by `before`. */
    followees: (input: { uid: string; before?: string; limit?: number }, caller: Caller) =>
      listPage("followees", input, caller),

    /**
     * The profile page's user (spec §2 user): public fields plus `followed` (the caller follows
     * them) and `self`; null for an unknown id, which the page shows as the unknown-user placeholder.
     */
    async profile(
      uid: string,
      caller: Caller,
    ): Promise<(PublicUser & { followed: boolean; self: boolean; erased: boolean }) | null> {
      const [row] = await usersByIds(db, [uid]);
      if (!row) return null;
      const self = caller.userId === uid;
      const followed =
        caller.userId && !self ? (await followedAmong(db, caller.userId, [uid])).has(uid) : false;
      // An erased account (已注销用户) is shown without the follow button.
      return { ...presentPublicUser(row), followed, self, erased: row.erasedAt !== null };
    },

    /** getUserFollowInfo: {followerNum, followeeNum}. */
    async info(uid: string) {
      const counts = (await followCountsOf(db, [uid])).get(uid);
      if (!counts) throw notFound(USER_MISSING);
      return { followerNum: counts.followersCount, followeeNum: counts.followeesCount };
    },

    /**
     * get_multi_user: public fields of several users, keyed by id (unknown ids left out). `cols`
     * picks fields; asking for a non-public one answers 400 naming `cols`.
     */
    async multiUser(raw: string, colsRaw: string | undefined): Promise<Record<string, Partial<PublicUser>>> {
      const ids = splitIds(raw);
      const cols = colsRaw ? colsRaw.split("|").filter(Boolean) : [];
      const bad = cols.find((c) => !PUBLIC_COLUMNS.includes(c));
      if (bad) throw badRequest(`不支持的字段 ${bad}`, "cols");
      const rows = await usersByIds(db, ids);
      const out: Record<string, Partial<PublicUser>> = {};
      for (const row of rows) {
        const user = presentPublicUser(row);
        out[row.id] = cols.length
          ? Object.fromEntries([["id", row.id], ...cols.map((c) => [c, user[c as keyof PublicUser]])])
          : user;
      }
      return out;
    },

    /**
     * getByTag: users to follow (spec §5). Never the caller, never someone already followed or
     * muted or blocked, no repeats; authors writing in the caller's subscribed tags first, then the hottest authors.
     * Empty for a visitor.
     */
    async suggested(caller: Caller, count = SUGGESTED_USERS): Promise<(PublicUser & { followed: false })[]> {
      const me = caller.userId;
      if (!me) return [];
      // Over-fetch: some candidates are dropped as already followed.
      const pool = count * 10;
      const fromTags = (await authorsInSubscribedTags(db, me, pool)).map((r) => r.id);
      const hottest = await hottestUsers(db, pool);
      const candidates = [...new Set([...fromTags, ...hottest.map((u) => u.id)])].filter((id) => id !== me);
      const [followed, hidden] = await Promise.all([followedAmong(db, me, candidates), hiddenIdsOf(db, me)]);
      const chosen = candidates.filter((id) => !followed.has(id) && !hidden.has(id)).slice(0, count);
      const byId = new Map((await usersByIds(db, chosen)).map((u) => [u.id, u]));
      return chosen
        .filter((id) => byId.has(id))
        .map((id) => ({ ...presentPublicUser(byId.get(id)!), followed: false as const }));
    },
  };
}

/**
 * Removes the follows between `a` and `b` both ways, each with both users' counters, in the
 * caller's transaction (a block). Locks both user rows first, as every follow does.
 */
export async function dropFollowsBetween(tx: Tx, a: string, b: string): Promise<void> {
  await lockUsers(tx, [a, b]);
  for (const [follower, followee] of [
    [a, b],
    [b, a],
  ]) {
    if (await deleteFollow(tx, follower, followee)) await bumpFollowCounts(tx, follower, followee, -1);
  }
}

/** The follow-mail job's data. */
export interface FollowMail {
  followerId: string;
  followeeId: string;
}
