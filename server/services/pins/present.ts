import type { PublicUserRow } from "../users/index.ts";
import { presentCommentUser, type CommentUser } from "../comments/index.ts";
import type { PinRow } from "./queries.ts";

export interface PresentedPin {
  id: string;
  user: CommentUser | null;
  content: string;
  imageUrlList: string[];
  commentCount: number;
  likeCount: number;
  liked: boolean;
  createdAt: string;
  updatedAt: string;
  /** Hidden pending review: only its author and staff are shown it, with 内容审核中. */
  underReview?: true;
}

/** Row → spec §3 Pin. */
export function presentPin(
  row: PinRow,
  usersById: Map<string, PublicUserRow>,
  liked: Set<string>,
): PresentedPin {
  return {
    id: row.id,
    user: presentCommentUser(usersById.get(row.userId)),
    content: row.content,
    imageUrlList: row.imageUrlList,
    commentCount: row.commentCount,
    likeCount: row.likeCount,
    liked: liked.has(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.hiddenAt ? { underReview: true as const } : {}),
  };
}
