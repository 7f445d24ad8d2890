import type { CommentPage, PresentedComment } from "../../../shared/api-types";
import { api } from "~/lib/api";

/** What a comment section is about: an entry (and column article), a pin, a repo or a booklet (entry-shaped URLs). */
export interface CommentTarget {
  type: "entry" | "pin" | "repo" | "booklet";
  id: string;
}

export type CommentOrder = "new" | "hot";

/** Spec §9: comment lists page by 20. */
const PAGE_SIZE = 20;

/** What a reply or a new comment sends besides the target. */
export interface NewComment {
  content: string;
  picList?: string[];
  /** Replies: the root comment and the comment answered (the root itself or a reply under it). */
  firstComment?: string;
  respComment?: string;
}

/**
 * How the comment components talk to one target's URLs (spec §7 Comments): entry and repo comments
 * list at /comments/{entry|repo}/{id} and unlike with DELETE; pin comments list at /comments/{pinId}, their
 * replies at /reply/{rootId}, and unlike with PUT /comment/{id}/unlike. Pin readers take likeCount,
 * entry readers likesCount (the API sends both).
 */
export interface CommentApi {
  list(rankType: CommentOrder, cursor?: string | null): Promise<CommentPage>;
  replies(rootId: string, cursor?: string | null): Promise<CommentPage>;
  post(comment: NewComment): Promise<void>;
  /** Likes or unlikes; resolves to the comment's count as the server now has it. */
  like(commentId: string, on: boolean): Promise<number>;
  likeCount(comment: PresentedComment): number;
}

const page = (rankType: CommentOrder | undefined, cursor?: string | null) => ({
  rankType,
  pageSize: PAGE_SIZE,
  createdAt: cursor ?? undefined,
});

async function post(target: CommentTarget, comment: NewComment) {
  await api.post("/api/comment", {
    content: comment.content,
    targetId: target.id,
    targetType: target.type,
    ...(comment.picList?.length ? { picList: comment.picList } : {}),
    ...(comment.firstComment
      ? { firstComment: comment.firstComment, respComment: comment.respComment ?? comment.firstComment }
      : {}),
  });
}

type LikeAnswer = { liked: boolean; likesCount: number; likeCount: number };

/** The URLs and shapes of one target. */
export function commentApi(target: CommentTarget): CommentApi {
  if (target.type === "pin") {
    return {
      list: (rankType, cursor) => api.get<CommentPage>(`/api/comments/${target.id}`, page(rankType, cursor)),
      replies: (rootId, cursor) => api.get<CommentPage>(`/api/reply/${rootId}`, page(undefined, cursor)),
      post: (comment) => post(target, comment),
      like: async (commentId, on) =>
        (
          await api.put<LikeAnswer>(`/api/comment/${commentId}/${on ? "like" : "unlike"}`, {
            targetId: target.id,
          })
        ).likeCount,
      likeCount: (c) => c.likeCount,
    };
  }
  return {
    list: (rankType, cursor) =>
      api.get<CommentPage>(`/api/comments/${target.type}/${target.id}`, page(rankType, cursor)),
    replies: (rootId, cursor) =>
      api.get<CommentPage>(
        `/api/comments/${target.type}/${target.id}/comment/${rootId}`,
        page(undefined, cursor),
      ),
    post: (comment) => post(target, comment),
    like: async (commentId, on) => {
      const url = `/api/comment/${commentId}/like?targetId=${target.id}&targetType=${target.type}`;
      return (on ? await api.put<LikeAnswer>(url) : await api.del<LikeAnswer>(url)).likesCount;
    },
    likeCount: (c) => c.likesCount,
  };
}
