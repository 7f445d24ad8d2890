import { operationLimiter } from "../../lib/operation-limits.ts";
import { notFound, unauthorized } from "../../lib/errors.ts";
import type { Caller, Deps } from "../deps.ts";
import { refreshHeat } from "../entries/write.ts";
import { findUserById } from "../users/queries.ts";
import { presentPublicUser } from "../users/present.ts";
import { entryHydrator } from "../entries/hydrate.ts";
import {
  bumpEntryLikes,
  bumpUserCounters,
  countLikedEntries,
  deleteLike,
  entryLikeState,
  insertLike,
  isLiked,
  likedEntriesOf,
  likersOf,
  lockEntry,
} from "./queries.ts";
import { notify } from "../notifications/notify.ts";

/** Zero-based pages (spec §7 Likes), 20 a page unless asked otherwise. */
export const LIKES_PAGE_SIZE = 20;

export interface LikeState {
  liked: boolean;
  collectionCount: number;
}

const ENTRY_MISSING = "文章不存在";

function requireLogin(caller: Caller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
}

const isVisible = (e: { status: string; deletedAt: Date | null }) => e.status === "published" && !e.deletedAt;

/**
 * Likes of entries (spec §7 Likes, §4 "like entry toggles liked and adjusts collectionCount by
 * one"). A like row and the three counters it feeds (db/counters.ts: entries.collectionCount, the
 * liker's users.collectedEntriesCount, the author's users.totalCollectionsCount) move in one
 * transaction, and only when a row was actually inserted or deleted, so repeating a call changes
 * nothing.
 */
export function createLikeService(deps: Deps) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);
  const hydrate = entryHydrator(db);

  async function setLiked(entryId: string, caller: Caller, liked: boolean): Promise<LikeState> {
    await limits.hit("toggle", caller);
    const userId = requireLogin(caller);
    return db.transaction(async (tx) => {
      // Lock first: likes of one entry serialize on its row, which also pins its state (published,
      // deleted) for the counter moves below. Lock order everywhere here: entry, like row, users.
      const entry = await lockEntry(tx, entryId);
      if (!entry) throw notFound(ENTRY_MISSING);
      const visible = isVisible(entry);
      // Only a live entry can be liked; a like of one deleted since may still be taken back.
      if (liked && !visible) throw notFound(ENTRY_MISSING);
      const changed = liked ? await insertLike(tx, entryId, userId) : await deleteLike(tx, entryId, userId);
      if (!changed) return { liked, collectionCount: entry.collectionCount };
      if (liked) await notify(tx, { userId: entry.userId, actorId: userId, type: "like", entryId });
      const delta = liked ? 1 : -1;
      const collectionCount = await bumpEntryLikes(tx, entryId, delta);
      await bumpUserCounters(tx, [
        { userId, collected: delta },
        // totalCollectionsCount counts likes on published, undeleted entries only.
        ...(visible ? [{ userId: entry.userId, received: delta }] : []),
      ]);
      await refreshHeat(tx, entryId);
      return { liked, collectionCount };
    });
  }

  return {
    /** PUT /user/like/entry/{id}. */
    like: (entryId: string, caller: Caller) => setLiked(entryId, caller, true),

    /** DELETE /user/like/entry/{id}. */
    unlike: (entryId: string, caller: Caller) => setLiked(entryId, caller, false),

    /** GET /user/like/entry/{id}: does the caller like it, and its current count. */
    async state(entryId: string, caller: Caller): Promise<LikeState> {
      const userId = requireLogin(caller);
      const entry = await entryLikeState(db, entryId);
      if (!entry || !isVisible(entry)) throw notFound(ENTRY_MISSING);
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

    /** GET /entry/{id}/user: who liked an entry, newest like first, zero-based pages. */
    async likers(entryId: string, input: { page?: number; pageSize?: number }) {
      const entry = await entryLikeState(db, entryId);
      if (!entry || !isVisible(entry)) throw notFound(ENTRY_MISSING);
      const page = input.page ?? 0;
      const pageSize = input.pageSize ?? LIKES_PAGE_SIZE;
      const rows = await likersOf(db, entryId, page * pageSize, pageSize + 1);
      return {
        list: rows
          .slice(0, pageSize)
          .map((r) => ({ ...presentPublicUser(r.user), likedAt: r.likedAt.toISOString() })),
        total: entry.collectionCount,
        page,
        pageSize,
        canNext: rows.length > pageSize,
      };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
