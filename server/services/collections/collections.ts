import { operationLimiter } from "../../lib/operation-limits.ts";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { UploadService } from "../uploads/index.ts";
import type { Caller, Deps } from "../deps.ts";
import { entryHydrator, isPublicEntry } from "../entries/index.ts";
import { findUserById } from "../users/index.ts";
import {
  presentCollection,
  type CollectState,
  type FollowSetState,
  type PresentedCollection,
  type SetEntries,
  type SetList,
  type UserSetList,
} from "./present.ts";
import {
  bumpSetCounter,
  countFollowedSets,
  countSetsOf,
  deleteFollower,
  deleteSet,
  deleteSetEntry,
  entriesInSetsOf,
  entryState,
  followedAmong,
  followedSetPage,
  hotTags,
  insertFollower,
  insertSet,
  insertSetEntry,
  lockSet,
  setEntryPage,
  setPage,
  setsHoldingEntry,
  setWithAuthor,
  updateSet,
  type SetRank,
  type SetWithAuthor,
} from "./queries.ts";
import {
  ENTRY_PAGE_SIZE,
  HOT_TAGS,
  MAX_ENTRY_IDS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  SET_PAGE_SIZE,
  type CreateSetInput,
  type HomeInput,
  type UpdateSetInput,
} from "./schema.ts";
import { HEX_ID } from "../../../shared/ids.ts";

const SET_MISSING = "收藏集不存在";
const ENTRY_MISSING = "文章不存在";
const USER_MISSING = "用户不存在";
/** The tag value that means "no filter" on the collections page (spec §7: all maps to empty). */
export const ALL_TAGS = "all";

function requireLogin(caller: Caller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
}

/** Clamps paging input that did not come through a schema (page loaders pass URL numbers). */
function paging(page: number | undefined, pageSize: number | undefined, fallback: number) {
  const p = Number.isInteger(page) ? Math.min(Math.max(page!, 0), MAX_PAGE) : 0;
  const size = Number.isInteger(pageSize) ? Math.min(Math.max(pageSize!, 1), MAX_PAGE_SIZE) : fallback;
  return { page: p, pageSize: size, offset: p * size };
}

/** Trims the text fields; a title of only spaces, or the reserved tag "all", answers 400 naming it. */
function cleanFields<T extends UpdateSetInput>(input: T): T {
  const out = { ...input };
  if (out.title !== undefined) {
    out.title = out.title.trim();
    if (!out.title) throw badRequest("标题不能为空", "title");
  }
  if (out.description !== undefined) out.description = out.description.trim();
  if (out.bgImgUrl !== undefined) out.bgImgUrl = out.bgImgUrl.trim();
  if (out.tag !== undefined) {
    out.tag = out.tag.trim();
    if (out.tag.toLowerCase() === ALL_TAGS) throw badRequest("标签不能是 all", "tag");
  }
  return out;
}

/**
 * Collection sets (spec §7 Collection-set service, §3 Collection, §4 toggles): a user's named lists
 * of entries that others follow. Only the creator changes a set or its entries (403 otherwise); an
 * admin may also delete anyone's set.
 * Toggles lock the set row first and move entryCount / followerCount in the same transaction as the
 * row, only when a row was actually inserted or deleted, so repeated and concurrent calls stay exact
 * (db/counters.ts recounts both). Lists page by zero-based page number, as the spec's calls do; each
 * page is a constant number of queries whatever its size.
 */
export function createCollectionService(deps: Deps, uploads: Pick<UploadService, "setUses">) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);
  const hydrate = entryHydrator(db);

  /** Presents sets for the caller: followed flags in one query, isIn for `entryId` in one more. */
  async function present(rows: SetWithAuthor[], caller: Caller, entryId?: string) {
    const ids = rows.map((r) => r.set.id);
    const [followed, holding] = await Promise.all([
      caller.userId ? followedAmong(db, caller.userId, ids) : Promise.resolve(new Set<string>()),
      entryId ? setsHoldingEntry(db, entryId, ids) : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((r) =>
      presentCollection(r.set, {
        user: r.user,
        followed: followed.has(r.set.id),
        isIn: holding.has(r.set.id),
        callerId: caller.userId,
      }),
    );
  }

  async function presentOne(id: string, caller: Caller, entryId?: string): Promise<PresentedCollection> {
    const row = await setWithAuthor(db, id);
    if (!row) throw notFound(SET_MISSING);
    return (await present([row], caller, entryId))[0];
  }

  /** The target of a user list: the given user (404 when unknown), else the caller (401 when none). */
  async function targetUser(targetUserId: string | undefined, caller: Caller): Promise<string> {
    if (!targetUserId) return requireLogin(caller);
    if (targetUserId !== caller.userId && !(await findUserById(db, targetUserId))) {
      throw notFound(USER_MISSING);
    }
    return targetUserId;
  }

  async function setFollowed(csId: string, caller: Caller, on: boolean): Promise<FollowSetState> {
    const me = requireLogin(caller);
    return db.transaction(async (tx) => {
      const set = await lockSet(tx, csId);
      if (!set) throw notFound(SET_MISSING);
      if (on && set.userId === me) throw badRequest("不能关注自己的收藏集", "csId");
      const changed = on ? await insertFollower(tx, csId, me) : await deleteFollower(tx, csId, me);
      const row = changed ? await bumpSetCounter(tx, csId, "followerCount", on ? 1 : -1) : set;
      return { csId, followed: on, followerCount: row.followerCount };
    });
  }

  async function setCollected(
    input: { csId: string; entryId: string },
    caller: Caller,
    on: boolean,
  ): Promise<CollectState> {
    const me = requireLogin(caller);
    const { csId, entryId } = input;
    return db.transaction(async (tx) => {
      const set = await lockSet(tx, csId);
      if (!set) throw notFound(SET_MISSING);
      if (set.userId !== me) throw forbidden("只能修改自己的收藏集");
      if (on) {
        // Only a live entry can be collected; one deleted since may still be taken out.
        const entry = await entryState(tx, entryId);
        if (!entry || !isPublicEntry(entry)) throw notFound(ENTRY_MISSING);
      }
      const changed = on ? await insertSetEntry(tx, csId, entryId) : await deleteSetEntry(tx, csId, entryId);
      const row = changed ? await bumpSetCounter(tx, csId, "entryCount", on ? 1 : -1) : set;
      return { csId, entryId, isIn: on, entryCount: row.entryCount };
    });
  }

  async function userSets(
    userId: string,
    input: { page?: number; pageSize?: number },
    caller: Caller,
    entryId?: string,
  ): Promise<UserSetList> {
    const { page, pageSize, offset } = paging(input.page, input.pageSize, SET_PAGE_SIZE);
    const [rows, sum] = await Promise.all([
      setPage(db, { rank: "new", userId }, offset, pageSize + 1),
      countSetsOf(db, userId),
    ]);
    return {
      collectionSets: await present(rows.slice(0, pageSize), caller, entryId),
      sum,
      page,
      pageSize,
      canNext: rows.length > pageSize,
    };
  }

  return {
    /** POST /collectionset: a new set owned by the caller. */
    async create(input: CreateSetInput, caller: Caller): Promise<PresentedCollection> {
      const me = requireLogin(caller);
      await limits.hit("collection", caller);
      const fields = cleanFields(input);
      const row = await db.transaction(async (tx) => {
        const inserted = await insertSet(tx, {
          id: newId(),
          userId: me,
          title: fields.title,
          description: fields.description ?? "",
          bgImgUrl: fields.bgImgUrl ?? "",
          bgImgMask: fields.bgImgMask ?? "",
          tag: fields.tag ?? "",
        });
        // An uploaded background is in use while the set names it (ADR 007).
        await uploads.setUses(tx, { type: "collection", id: inserted.id }, [inserted.bgImgUrl], me);
        return inserted;
      });
      return presentOne(row.id, caller);
    },

    /** PUT /collectionset/{id}: changes the fields given, creator only. */
    async update(id: string, input: UpdateSetInput, caller: Caller): Promise<PresentedCollection> {
      const me = requireLogin(caller);
      const fields = cleanFields(input);
      await db.transaction(async (tx) => {
        const set = await lockSet(tx, id);
        if (!set) throw notFound(SET_MISSING);
        if (set.userId !== me) throw forbidden("只能修改自己的收藏集");
        const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        await updateSet(tx, id, changes);
        if (fields.bgImgUrl !== undefined) {
          await uploads.setUses(tx, { type: "collection", id }, [fields.bgImgUrl], me);
        }
      });
      return presentOne(id, caller);
    },

    /**
     * DELETE /collectionset/{id}: the creator, or an admin (spec §6: admins bypass identity checks;
     * they take down what should not stay up); its entry and follower rows go with it.
     */
    async remove(id: string, caller: Caller): Promise<{ id: string; deleted: true }> {
      const me = requireLogin(caller);
      // The role is read before the transaction: PGlite runs one statement stream, so nothing may
      // query beside an open transaction.
      const set = await setWithAuthor(db, id);
      if (!set) throw notFound(SET_MISSING);
      if (set.set.userId !== me && (await findUserById(db, me))?.role !== "admin") {
        throw forbidden("只能删除自己的收藏集");
      }
      await db.transaction(async (tx) => {
        const locked = await lockSet(tx, id);
        if (!locked) throw notFound(SET_MISSING);
        await deleteSet(tx, id);
        // The creator's background upload starts its grace period, whoever deleted the set.
        await uploads.setUses(tx, { type: "collection", id }, [], locked.userId);
      });
      return { id, deleted: true };
    },

    /** PUT /collectionset/follow (csId): idempotent; following one's own set is 400. */
    follow: (csId: string, caller: Caller) => setFollowed(csId, caller, true),

    /** PUT /collectionset/unfollow (csId): idempotent. */
    unfollow: (csId: string, caller: Caller) => setFollowed(csId, caller, false),

    /** PUT /addEntry (csId, entryId): creator only, live entries only, idempotent. */
    addEntry: (input: { csId: string; entryId: string }, caller: Caller) => setCollected(input, caller, true),

    /** PUT /delEntry (csId, entryId): creator only, idempotent. */
    delEntry: (input: { csId: string; entryId: string }, caller: Caller) =>
      setCollected(input, caller, false),

    /** GET /isInMyCollectionSet: for each entry, is it in any of the caller's sets (false for visitors). */
    async isInMine(raw: string, caller: Caller): Promise<{ entryId: string; isIn: boolean }[]> {
      const ids = [...new Set(raw.split("|").filter(Boolean))];
      if (!ids.length || ids.length > MAX_ENTRY_IDS || ids.some((id) => !HEX_ID.test(id))) {
        throw badRequest("entryIds 格式不正确", "entryIds");
      }
      const mine = caller.userId ? await entriesInSetsOf(db, caller.userId, ids) : new Set<string>();
      return ids.map((entryId) => ({ entryId, isIn: mine.has(entryId) }));
    },

    /**
     * GET /homeCollectionSet: every set (or only editor-picked ones with `recommend`), newest or
     * most followed first, optionally of one topic tag ("all" and "" mean every tag).
     */
    async home(input: HomeInput, caller: Caller): Promise<SetList> {
      const { page, pageSize, offset } = paging(input.page, input.pageSize, SET_PAGE_SIZE);
      const rawTag = (input.tag ?? "").trim();
      const tag = rawTag.toLowerCase() === ALL_TAGS ? "" : rawTag;
      const recommended = input.recommend === "1" || input.recommend === "true";
      const rank: SetRank = input.rankType === "hot" ? "hot" : "new";
      const rows = await setPage(db, { rank, recommended, tag }, offset, pageSize + 1);
      return {
        list: await present(rows.slice(0, pageSize), caller),
        page,
        pageSize,
        canNext: rows.length > pageSize,
      };
    },

    /** GET /getCollectionSetEntries: a set's live entries, hydrated like every entry list. */
    async entries(
      input: { csId: string; page?: number; pageSize?: number; rankType?: SetRank },
      caller: Caller,
    ): Promise<SetEntries> {
      const { page, pageSize, offset } = paging(input.page, input.pageSize, ENTRY_PAGE_SIZE);
      const set = await setWithAuthor(db, input.csId);
      if (!set) throw notFound(SET_MISSING);
      const rows = await setEntryPage(db, input.csId, input.rankType ?? "new", offset, pageSize + 1);
      const shown = rows.slice(0, pageSize);
      const [presented, collected] = await Promise.all([
        hydrate(shown, caller),
        caller.userId
          ? entriesInSetsOf(
              db,
              caller.userId,
              shown.map((r) => r.entry.id),
            )
          : Promise.resolve(new Set<string>()),
      ]);
      return {
        // collected (spec §3 Entry): the entry is in one of the caller's own sets.
        list: presented.map((e, i) => ({
          ...e,
          collected: collected.has(e.id),
          collectedAt: shown[i].collectedAt.toISOString(),
        })),
        total: set.set.entryCount,
        page,
        pageSize,
        canNext: rows.length > pageSize,
      };
    },

    /** GET /getUserCollectionSet: the sets a user created, newest first, and how many in all. */
    async byUser(
      input: { targetUserId?: string; page?: number; pageSize?: number },
      caller: Caller,
    ): Promise<UserSetList> {
      return userSets(await targetUser(input.targetUserId, caller), input, caller);
    },

    /**
     * GET /getUserCollectionSet/{page}: the caller's own sets for the add-to-collection dialog, with
     * `isIn` telling whether each already holds `entryId`.
     */
    async mine(
      input: { page?: number; pageSize?: number; entryId?: string },
      caller: Caller,
    ): Promise<UserSetList> {
      return userSets(requireLogin(caller), input, caller, input.entryId);
    },

    /** GET /getFollowedCollectionSet: the sets a user follows, most recently followed first. */
    async followedBy(
      input: { targetUserId?: string; page?: number; pageSize?: number },
      caller: Caller,
    ): Promise<UserSetList> {
      const userId = await targetUser(input.targetUserId, caller);
      const { page, pageSize, offset } = paging(input.page, input.pageSize, SET_PAGE_SIZE);
      const [rows, sum] = await Promise.all([
        followedSetPage(db, userId, offset, pageSize + 1),
        countFollowedSets(db, userId),
      ]);
      return {
        collectionSets: await present(rows.slice(0, pageSize), caller),
        sum,
        page,
        pageSize,
        canNext: rows.length > pageSize,
      };
    },

    /** GET /getHotTags: the topic tags most sets carry (6 unless asked otherwise). */
    async hotTags(count = HOT_TAGS): Promise<{ title: string; count: number }[]> {
      const rows = await hotTags(db, Math.min(Math.max(count, 1), 50));
      return rows.map((r) => ({ title: r.title, count: Number(r.count) }));
    },

    /** GET /getCollectionSetInfo: one set (404 when unknown); isIn for `entryId` when given. */
    info: (csId: string, caller: Caller, entryId?: string) => presentOne(csId, caller, entryId),
  };
}
