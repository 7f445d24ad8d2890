import { operationLimiter } from "../../lib/operation-limits.ts";
import { CATEGORY_ID } from "../../../db/reference-data.ts";
import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors.ts";
import type { Caller, Deps } from "../deps.ts";
import type { EntryService } from "../entries/index.ts";
import type { PresentedEntry } from "../entries/index.ts";
import { findUserById } from "../users/index.ts";
import {
  bumpSubscriptionCounters,
  deleteSubscription,
  insertSubscription,
  subscribedAmong,
  subscribedTagsOf,
  tagById,
  tagByTitle,
  tagPage,
  type TagFeedSort,
  type TagListType,
  type TagRow,
} from "./queries.ts";

/** Tag (spec §3) as lists show it; `subscribed` is the caller's own flag. */
export function presentTag(t: TagRow, subscribed: boolean) {
  return {
    id: t.id,
    title: t.title,
    icon: t.icon,
    entriesCount: t.entriesCount,
    subscribersCount: t.subscribersCount,
    subscribed,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export type PresentedTag = ReturnType<typeof presentTag>;

export const TAG_FEED_SORTS: readonly TagFeedSort[] = ["popular", "newest", "hottest"];
/** Suggestions for every category at once. */
export const SUGGEST_ALL = "all";

export interface TagPage {
  list: PresentedTag[];
  page: number;
  pageSize: number;
  /** Another page follows (one row more than asked was found). */
  canNext: boolean;
}

export interface TagFeed {
  tag: PresentedTag;
  list: PresentedEntry[];
  /** Pointer of the last item: pass it back for the next page (spec §4). */
  pointer: string | null;
  canNext: boolean;
}

export interface SubscribeState {
  subscribed: boolean;
  subscribersCount: number;
}

/**
 * Tags (spec §7 Tags): hot and new lists with search, suggestions per category, a tag by title with
 * its feed, a user's subscriptions, and subscribe/unsubscribe. Tag lists are short and paged by
 * number from 1, as the spec's URLs are; the tag feed pages by keyset pointer like every feed.
 */
export function createTagService(deps: Deps, entries: EntryService) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);

  /** Presents rows with the caller's subscribed flags, found in one query. */
  async function present(rows: TagRow[], caller: Caller): Promise<PresentedTag[]> {
    const subscribed = caller.userId
      ? await subscribedAmong(
          db,
          caller.userId,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    return rows.map((t) => presentTag(t, subscribed.has(t.id)));
  }

  async function paged(
    fetch: (offset: number, limit: number) => Promise<TagRow[]>,
    page: number,
    pageSize: number,
    caller: Caller,
  ): Promise<TagPage> {
    const rows = await fetch((page - 1) * pageSize, pageSize + 1);
    return {
      list: await present(rows.slice(0, pageSize), caller),
      page,
      pageSize,
      canNext: rows.length > pageSize,
    };
  }

  async function byTitle(title: string, caller: Caller): Promise<PresentedTag> {
    const tag = await tagByTitle(db, title.trim());
    if (!tag) throw notFound("标签不存在");
    return (await present([tag], caller))[0];
  }

  async function setSubscribed(tagId: string, caller: Caller, on: boolean): Promise<SubscribeState> {
    const userId = caller.userId;
    if (!userId) throw unauthorized();
    return db.transaction(async (tx) => {
      const tag = await tagById(tx, tagId);
      if (!tag) throw notFound("标签不存在");
      // The row decides: ON CONFLICT DO NOTHING / DELETE … RETURNING tell whether this call changed
      // anything, and only then do the counters move — a repeated or concurrent call cannot count twice.
      const changed = on
        ? await insertSubscription(tx, userId, tagId)
        : await deleteSubscription(tx, userId, tagId);
      if (!changed) return { subscribed: on, subscribersCount: tag.subscribersCount };
      const subscribersCount = await bumpSubscriptionCounters(tx, userId, tagId, on ? 1 : -1);
      return { subscribed: on, subscribersCount };
    });
  }

  function findByTitle(
    input: { type: TagListType; text: string; page: number; pageSize: number },
    caller: Caller,
  ): Promise<TagPage> {
    const word = input.text.trim();
    if (!word) throw badRequest("搜索词不能为空", "text");
    return paged((o, l) => tagPage(db, input.type, o, l, { word }), input.page, input.pageSize, caller);
  }

  return {
    /** /tags/type/{hot|new}/page/{n}/pageSize/{n}: pages count from 1. */
    list(input: { type: TagListType; page: number; pageSize: number }, caller: Caller): Promise<TagPage> {
      return paged((o, l) => tagPage(db, input.type, o, l), input.page, input.pageSize, caller);
    },

    /**
     * /tag/type/{hot|new}/search/{text}/…: titles containing the word, case-insensitively. A search
     * for the caller's allowance (the route and the 全部标签 page's loader alike).
     */
    async search(
      input: { type: TagListType; text: string; page: number; pageSize: number },
      caller: Caller,
    ): Promise<TagPage> {
      await limits.hit("search", caller);
      return findByTitle(input, caller);
    },

    /** The same, outside any allowance: the search service's tag list is part of one search. */
    findByTitle,

    /**
     * /tags/type/hot/suggest/{type}/…: tags to follow (getting-started), most subscribed first.
     * `type` is a category name (android, frontend, …: that category's tags) or "all" (every tag).
     * Tags the caller already follows stay in the list, flagged, so a toggle can be undone in place.
     */
    suggest(input: { type: string; page: number; pageSize: number }, caller: Caller): Promise<TagPage> {
      let categoryId: string | undefined;
      if (input.type !== SUGGEST_ALL) {
        categoryId = CATEGORY_ID[input.type];
        if (!categoryId) throw new AppError(404, "分类不存在", "type");
      }
      return paged((o, l) => tagPage(db, "hot", o, l, { categoryId }), input.page, input.pageSize, caller);
    },

    /** /tag/{title}: one tag, title matched case-insensitively. */
    byTitle,

    /** /user/{id}/subscribe: the tags a user follows, latest first, pages from 1. */
    async subscribedBy(
      userId: string,
      input: { page: number; pageSize: number },
      caller: Caller,
    ): Promise<TagPage & { total: number }> {
      const user = await findUserById(db, userId);
      if (!user) throw notFound("用户不存在");
      const rows = await subscribedTagsOf(db, userId, (input.page - 1) * input.pageSize, input.pageSize + 1);
      const tagRows = rows.slice(0, input.pageSize).map((r) => r.tag);
      return {
        // The owner follows every one of them; anyone else gets their own flags.
        list:
          caller.userId === userId ? tagRows.map((t) => presentTag(t, true)) : await present(tagRows, caller),
        total: user.subscribedTagsCount,
        page: input.page,
        pageSize: input.pageSize,
        canNext: rows.length > input.pageSize,
      };
    },

    /** PUT /tag/subscribe/{id}: idempotent; the counters move only when the row is new. */
    subscribe: (tagId: string, caller: Caller) => setSubscribed(tagId, caller, true),

    /** DELETE /tag/subscribe/{id}: idempotent; unsubscribing a tag never followed changes nothing. */
    unsubscribe: (tagId: string, caller: Caller) => setSubscribed(tagId, caller, false),

    /**
     * The tag page's feed: the tag (404 when no tag has this title) and a page of its entries by
     * sort popular (default), newest or hottest, after the keyset pointer of the previous page's
     * last item. An unknown sort answers 400 "invalid sort", a malformed pointer 400 too.
     * Four queries whatever the page size: tag, skeleton with authors, tags, the caller's likes.
     */
    async feed(
      input: { title: string; sort?: string; pointer?: string | null; limit?: number },
      caller: Caller,
    ): Promise<TagFeed> {
      if (input.sort !== undefined && !TAG_FEED_SORTS.includes(input.sort as TagFeedSort)) {
        throw badRequest("invalid sort", "sort");
      }
      const tag = await byTitle(input.title, caller);
      // One keyset implementation for every feed: the entries service filtered by this tag.
      const page = await entries.feed(
        {
          tag: tag.id,
          sort: input.sort ?? "popular",
          pointer: input.pointer ?? undefined,
          limit: input.limit,
        },
        caller,
      );
      return { tag, ...page };
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
