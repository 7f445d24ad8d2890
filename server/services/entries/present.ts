import type { categories, entries, users } from "../../../db/schema/index.ts";
import { presentUserCard } from "../users/index.ts";

/** An entry row as lists read it: everything but the body (queries.ts entryListColumns). */
export type EntryListRow = Omit<typeof entries.$inferSelect, "content">;
/** The author fields lists read (queries.ts authorColumns). */
export type AuthorRow = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "avatarLarge" | "jobTitle" | "company" | "role"
>;
type CategoryRow = typeof categories.$inferSelect;

/** The author as entry lists show them. */
export function presentAuthor(u: AuthorRow) {
  return { ...presentUserCard(u), role: u.role };
}

/** The viewer's own flags of an entry: a like is also what the spec calls collecting it. */
export function likeFlags(liked: boolean) {
  return { liked, isCollected: liked };
}

/** Entry (spec §3) in a list: everything but the body. */
export function presentEntry(
  e: EntryListRow,
  ctx: {
    user: AuthorRow;
    category: CategoryRow | undefined;
    tags: { id: string; title: string; icon: string }[];
    liked: boolean;
  },
) {
  return {
    id: e.id,
    objectId: e.id,
    title: e.title,
    type: e.type,
    originalUrl: e.originalUrl,
    screenshot: e.screenshot,
    abstract: e.summary.replace(/\s+/g, " ").trim(),
    user: presentAuthor(ctx.user),
    category: ctx.category
      ? { id: ctx.category.id, name: ctx.category.name, title: ctx.category.title }
      : null,
    tags: ctx.tags,
    ...likeFlags(ctx.liked),
    collectionCount: e.collectionCount,
    commentsCount: e.commentsCount,
    viewsCount: e.viewsCount,
    hot: e.hot ? 1 : 0,
    hotIndex: e.hotIndex,
    rankIndex: e.rankIndex,
    original: e.original,
    gfw: e.gfw,
    english: e.english,
    // Spec §6: the admins' campaign tag on a share, "" for none; readers see it as a badge.
    campaignTag: e.campaignTag,
    latestCommentAt: e.latestCommentAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export type PresentedEntry = ReturnType<typeof presentEntry>;
