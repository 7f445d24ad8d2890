/**
 * What other services may call of comments. The rest of this folder (queries.ts above all) is its
 * own: comments.likesCount is written only through bumpCommentLikes, by the likes service (ADR 013).
 */
export { createCommentService, type CommentService } from "./comments.ts";
export { bumpCommentLikes, lockComment } from "./queries.ts";
