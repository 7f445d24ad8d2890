import { operationLimiter } from "../../lib/operation-limits.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { decodePointer, encodePointer } from "../../../shared/pagination.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import { findUserById } from "../users/index.ts";
import { presentPublicUser } from "../users/index.ts";
import { entryHydrator, isPublicEntry } from "../entries/index.ts";
import {
  countLikedEntries,
  entryLikeState,
  isLiked,
  likedAmong,
  likedEntriesOf,
  likerFacesOf,
  likersOf,
  setLike,
} from "./queries.ts";
import { LIKE_TARGETS, type LikeAnswer, type LikeTargetType } from "./targets.ts";

/** Zero-based pages (spec §7 Likes), 20 a page unless asked otherwise. */
export const LIKES_PAGE_SIZE = 20;

export interface LikeState {
  liked: boolean;
  collectionCount: number;
}

const ENTRY_MISSING = LIKE_TARGETS.entry.missing;

/**
 * Likes (spec §7 Likes, the like calls of Pin and Comment; §4 "like entry toggles liked and adjusts
 * collectionCount by one"): one service for every target (ADR 013), whose adapters (targets.ts) say
 * what a like moves. A like row and the counters it feeds (db/counters.ts) move in one transaction,
 * and only when a row was actually inserted or deleted, so repeating a call changes nothing.
 */
export function createLikeService(deps: Deps) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);
  const hydrate = entryHydrator(db);

  /** The caller's user id, once the call fits their toggle allowance (401 without a session). */
  async function toggler(caller: Caller): Promise<string> {
    await limits.hit("toggle", caller);
    return requireLogin(caller);
  }

  /** Sets userId's like of one target on or off: the row and the counters it feeds, in one transaction. */
  async function changeLike<T extends LikeTargetType>(
    type: T,
    id: string,
    userId: string,
    liked: boolean,
  ): Promise<LikeAnswer<T>> {
    const target = LIKE_TARGETS[type];
    return db.transaction(async (tx) => {
      // Lock first: likes of one thing serialize on its row, which also pins its state (live or
      // not) for the counter moves. Lock order everywhere here: target, like row, users.
      const locked = await target.lock(tx, id);
      if (!locked) throw notFound(target.missing);
      // Only a live thing can be liked; a like given before it was deleted may still be taken back.
      if (liked && !locked.live) throw notFound(target.missing);
      const changed = await setLike(tx, type, id, userId, liked);
      const count = changed ? await locked.changed(liked ? 1 : -1, userId) : locked.count;
      return target.answer(liked, count) as LikeAnswer<T>;
    });
  }

  return {
    /**
     * Takes back one like of an erased account (services/account-data), with the counters it moved,
     * outside any caller's allowance; a like already gone changes nothing.
     */
    withdraw: (type: LikeTargetType, id: string, userId: string) => changeLike(type, id, userId, false),

    /** PUT /user/like/entry/{id}. */
    like: async (entryId: string, caller: Caller) =>
      changeLike("entry", entryId, await toggler(caller), true),

    /** DELETE /user/like/entry/{id}. */
    unlike: async (entryId: string, caller: Caller) =>
      changeLike("entry", entryId, await toggler(caller), false),

    /** PUT (like) and DELETE (unlike) /pins/{id}/like. */
    likePin: async (pinId: string, caller: Caller, liked: boolean) =>
      changeLike("pin", pinId, await toggler(caller), liked),

    /** PUT and DELETE /comment/{id}/like, PUT /comment/{id}/unlike. */
    likeComment: async (commentId: string, caller: Caller, liked: boolean) =>
      changeLike("comment", commentId, await toggler(caller), liked),

    /**
     * Which of these pins or comments the caller likes, in one query: for the pin and comment
     * presenters, which get it as a function (createServices) so they need not import this service.
     */
    likedAmong: (type: "pin" | "comment", userId: string | null, ids: string[]) =>
      likedAmong(db, type, userId, ids),

    /** GET /user/like/entry/{id}: does the caller like it, and its current count. */
    async state(entryId: string, caller: Caller): Promise<LikeState> {
      const userId = requireLogin(caller);
      const entry = await entryLikeState(db, entryId);
      if (!entry || !isPublicEntry(entry)) throw notFound(ENTRY_MISSING);
      return { liked: await isLiked(db, entryId, userId), collectionCount: entry.collectionCount };
    },

    /**
     * GET /user/{id}/like/entry: the entries a user liked, newest like first, zero-based pages.
     * `liked` on each entry is the caller's own flag, as in every list.
     */
    async likedEntries(userId: string, input: { page?: number; pageSize?: number }, caller: Caller) {
      const user = await findUserById(db, userId);
      if (!user) throw notFound("用户不存在");
      const page = input.page ?? 0;
      const pageSize = input.pageSize ?? LIKES_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        likedEntriesOf(db, userId, page * pageSize, pageSize + 1),
        countLikedEntries(db, userId),
      ]);
      const shown = rows.slice(0, pageSize);
      const presented = await hydrate(shown, caller);
      return {
        list: presented.map((e, i) => ({ ...e, likedAt: shown[i].likedAt.toISOString() })),
        total,
        page,
        pageSize,
        canNext: rows.length > pageSize,
      };
    },

    /**
     * GET /entry/{id}/user: who liked an entry, newest like first. Zero-based pages as the spec
     * says, or — what the likers dialog uses — `pointer`, the answer's cursor after its last
     * liker: a keyset page costs what the first does and neither repeats nor skips anyone when
     * likes arrive between two pages.
     */
    async likers(entryId: string, input: { page?: number; pageSize?: number; pointer?: string }) {
      const pointer = decodePointer(input.pointer, "date");
      if (input.pointer && !pointer) throw badRequest("pointer 格式不正确", "pointer");
      const entry = await entryLikeState(db, entryId);
      if (!entry || !isPublicEntry(entry)) throw notFound(ENTRY_MISSING);
      const page = input.page ?? 0;
      const pageSize = input.pageSize ?? LIKES_PAGE_SIZE;
      const rows = await likersOf(db, entryId, { pointer, offset: page * pageSize }, pageSize + 1);
      const shown = rows.slice(0, pageSize);
      const last = shown.at(-1);
      const canNext = rows.length > pageSize;
      return {
        list: shown.map((r) => ({ ...presentPublicUser(r.user), likedAt: r.likedAt.toISOString() })),
        total: entry.collectionCount,
        page,
        pageSize,
        canNext,
        pointer: canNext && last ? encodePointer(last.likedAt, last.user.id) : null,
      };
    },

    /**
     * The newest `count` likers' id, name and avatar, in one query: the row of avatars under an
     * article (its loader already found the entry, so no visibility check here). The same for
     * every reader, so the anonymous page cache may keep it.
     */
    firstLikers: (entryId: string, count: number) => likerFacesOf(db, entryId, count),
  };
}
