import type { Caller, Deps } from "../deps.ts";
import { subscribedAmong, tagPage, type TagRow } from "./queries.ts";

/** Tag (spec §3) as lists show it. */
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

/** Tags (spec §7). Tag lists are short and paged by number, as the spec's URLs are. */
export function createTagService(deps: Deps) {
  const { db } = deps;
  return {
    /** /tags/type/{hot|new}/page/{n}/pageSize/{n}: pages count from 1. */
    async list(input: { type: "hot" | "new"; page: number; pageSize: number }, caller: Caller) {
      const rows = await tagPage(db, input.type, (input.page - 1) * input.pageSize, input.pageSize);
      const subscribed = caller.userId
        ? await subscribedAmong(
            db,
            caller.userId,
            rows.map((r) => r.id),
          )
        : new Set<string>();
      return {
        list: rows.map((t) => presentTag(t, subscribed.has(t.id))),
        page: input.page,
        pageSize: input.pageSize,
      };
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
