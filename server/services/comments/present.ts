import type { comments } from "../../../db/schema/index.ts";
import { presentPublicUser, presentUserCard } from "../users/index.ts";
import type { PublicUserRow } from "../users/index.ts";

export type CommentRow = typeof comments.$inferSelect;

/** What a deleted root comment that still has replies shows instead of its text. */
export const DELETED_TEXT = "该评论已删除";

/** The part of a user a comment shows (spec §3 userInfo). */
export function presentCommentUser(row: PublicUserRow | undefined) {
  if (!row) return null;
  return presentUserCard(presentPublicUser(row));
}
export type CommentUser = NonNullable<ReturnType<typeof presentCommentUser>>;

export interface PresentedComment {
  id: string;
  targetId: string;
  targetType: string;
  user: CommentUser | null;
  content: string;
  imageUrlList: string[];
  likesCount: number;
  likeCount: number;
  subCommentCount: number;
  replyCount: number;
  replyUser: CommentUser | null;
  replyCommentId: string | null;
  firstCommentId: string | null;
  topSubCommentList: PresentedComment[];
  liked: boolean;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Row → spec §3 Comment. Aliases (likeCount, replyCount) serve the pin-comment readers. */
export function presentComment(
  row: CommentRow,
  usersById: Map<string, PublicUserRow>,
  likedIds: Set<string>,
  replies: PresentedComment[] = [],
): PresentedComment {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    targetId: row.targetId,
    targetType: row.targetType,
    user: deleted ? null : presentCommentUser(usersById.get(row.userId)),
    content: deleted ? DELETED_TEXT : row.content,
    imageUrlList: deleted ? [] : row.picList,
    likesCount: row.likesCount,
    likeCount: row.likesCount,
    subCommentCount: row.subCommentCount,
    replyCount: row.subCommentCount,
    replyUser: row.respUserId ? presentCommentUser(usersById.get(row.respUserId)) : null,
    replyCommentId: row.respCommentId,
    firstCommentId: row.firstCommentId,
    topSubCommentList: replies,
    liked: likedIds.has(row.id),
    deleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
