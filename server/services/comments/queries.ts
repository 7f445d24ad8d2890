import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { idIsAnyOf, preparedPerDb, preparedPerShape } from "../../../db/prepared.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { pagesChanged } from "../../lib/page-purge.ts";
import { ALL_PAGES } from "../../lib/page-scopes.ts";
import { comments } from "../../../db/schema/index.ts";
import { notHiddenFrom, notHiddenFromViewerParam } from "../blocks/index.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import type { CommentTargetType } from "../../../db/schema/social.ts";
import type { CommentRow } from "./present.ts";

// lockComment: the comment, locked for the rest of the transaction (replies, edits and deletes of it
// serialize).
export const { find: findComment, lock: lockComment, insert: insertComment } = rowsById(comments);

export async function bumpSubCommentCount(tx: Tx, rootId: string, delta: 1 | -1): Promise<void> {
  await tx
    .update(comments)
    .set({ subCommentCount: sql`${comments.subCommentCount} + ${delta}` })
    .where(eq(comments.id, rootId));
}

/** comments.likesCount ± delta, answering the new value (the likes service's, through index.ts). */
export async function bumpCommentLikes(tx: Tx, commentId: string, delta: number): Promise<number> {
  const [row] = await tx
    .update(comments)
    .set({ likesCount: sql`${comments.likesCount} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ likesCount: comments.likesCount });
  return row?.likesCount ?? 0;
}

export type RootCursor =
  { kind: "new"; createdAt: Date; id: string } | { kind: "hot"; likes: number; createdAt: Date; id: string };

/**
 * Root comments of a target, one page (comments_target_created_idx). A deleted root stays listed
 * while it has replies, shown as 该评论已删除; a hidden one (moderation) does not. Keyset, not offset: a comment posted between two
 * requests neither repeats nor hides an item of the next page. Prepared per shape (order, cursor,
 * viewer): every entry page asks it.
 */
export async function rootsOf(
  db: Tx,
  targetType: string,
  targetId: string,
  order: "new" | "hot",
  cursor: RootCursor | null,
  limit: number,
  viewerId?: string | null,
): Promise<CommentRow[]> {
  const query = rootsQuery(db, { order, cursor: cursor?.kind ?? "none", hidden: !!viewerId });
  return query.execute({
    targetType,
    targetId,
    viewerId,
    likes: cursor?.kind === "hot" ? cursor.likes : undefined,
    createdAt: cursor?.createdAt.toISOString(),
    id: cursor?.id,
    limit,
  });
}

const rootsQuery = preparedPerShape(
  (s: { order: "new" | "hot"; cursor: "none" | "new" | "hot"; hidden: boolean }) =>
    `nugget_comment_roots_${s.order}_${s.cursor}_${+s.hidden}`,
  (db: Tx, s, name) => {
    const createdAt = sql`${sql.placeholder("createdAt")}::timestamptz`;
    const likes = sql`${sql.placeholder("likes")}::int`;
    const id = sql.placeholder("id");
    const after =
      s.cursor === "new"
        ? sql`(${comments.createdAt}, ${comments.id}) < (${createdAt}, ${id})`
        : s.cursor === "hot"
          ? or(
              lt(comments.likesCount, likes),
              and(eq(comments.likesCount, likes), lt(comments.createdAt, createdAt)),
              and(eq(comments.likesCount, likes), eq(comments.createdAt, createdAt), lt(comments.id, id)),
            )
          : undefined;
    const orderBy =
      s.order === "hot"
        ? [desc(comments.likesCount), desc(comments.createdAt), desc(comments.id)]
        : [desc(comments.createdAt), desc(comments.id)];
    return db
      .select()
      .from(comments)
      .where(
        and(
          eq(comments.targetType, sql.placeholder("targetType")),
          eq(comments.targetId, sql.placeholder("targetId")),
          isNull(comments.firstCommentId),
          isNull(comments.hiddenAt),
          or(isNull(comments.deletedAt), gt(comments.subCommentCount, 0)),
          s.hidden ? notHiddenFromViewerParam(comments.userId) : undefined,
          after,
        ),
      )
      .orderBy(...orderBy)
      .limit(sql.placeholder("limit"))
      .prepare(name);
  },
);

/** Live replies under a root, oldest first, after the cursor (comments_first_created_idx). */
export async function repliesOf(
  db: Tx,
  rootId: string,
  cursor: Pointer<Date> | null,
  limit: number,
  viewerId?: string | null,
): Promise<CommentRow[]> {
  const base = and(
    eq(comments.firstCommentId, rootId),
    isNull(comments.deletedAt),
    notHiddenFrom(viewerId, comments.userId),
    isNull(comments.hiddenAt),
  );
  const after = keysetAfter(comments.createdAt, comments.id, cursor, "asc");
  return db
    .select()
    .from(comments)
    .where(after ? and(base, after) : base)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
}

/**
 * The first `perRoot` live replies of each root, in one query (a window over the roots' replies).
 * Prepared; the viewer is a parameter (null hides nothing).
 */
export async function topRepliesOf(
  db: Tx,
  rootIds: string[],
  perRoot: number,
  viewerId?: string | null,
): Promise<CommentRow[]> {
  if (rootIds.length === 0) return [];
  const rows = await topRepliesQuery(db).execute({ rootIds, perRoot, viewerId: viewerId ?? null });
  return rows.map((r) => r.comment);
}

const topRepliesQuery = preparedPerDb((db: Tx) => {
  const ranked = db
    .select({
      id: comments.id,
      rn: sql<number>`row_number() over (partition by ${comments.firstCommentId} order by ${comments.createdAt}, ${comments.id})`.as(
        "rn",
      ),
    })
    .from(comments)
    .where(
      and(
        idIsAnyOf(comments.firstCommentId, "rootIds"),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        notHiddenFromViewerParam(comments.userId),
      ),
    )
    .as("ranked");
  return db
    .select({ comment: comments })
    .from(ranked)
    .innerJoin(comments, eq(comments.id, ranked.id))
    .where(sql`${ranked.rn} <= ${sql.placeholder("perRoot")}::int`)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare("nugget_comment_top_replies");
});

export async function commentsByIds(db: Tx, ids: string[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(comments).where(inArray(comments.id, ids));
}

export async function updateCommentContent(tx: Tx, id: string, content: string): Promise<CommentRow> {
  const [row] = await tx
    .update(comments)
    .set({ content, updatedAt: new Date() })
    .where(eq(comments.id, id))
    .returning();
  return row;
}

/**
 * Soft delete: the row stays (its replies hang on it) but no longer counts anywhere. Once that
 * commits, stored pages forget it: its target's pages and comment lists, and every thread page.
 */
export async function softDeleteComment(
  tx: Tx,
  c: Pick<CommentRow, "id" | "targetType" | "targetId">,
): Promise<void> {
  await tx.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, c.id));
  const target = { kind: c.targetType as CommentTargetType, id: c.targetId };
  await pagesChanged(tx, [target, { kind: "comments" }]);
}

/**
 * Hides a comment pending review or shows it again (moderation, through index.ts); every
 * stored page is purged once that commits, as for any target moderation hides.
 */
export async function setCommentHidden(tx: Tx, id: string, hidden: boolean): Promise<void> {
  await tx
    .update(comments)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(comments.id, id));
  await pagesChanged(tx, [ALL_PAGES]);
}
