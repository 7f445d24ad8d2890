/**
 * What other services may call of comments. The rest of this folder (queries.ts above all) is its
 * own: comments.likesCount is written only through bumpCommentLikes, by the likes service (ADR 013).
 */
export {
  createCommentService,
  type CommentListInput,
  type CommentPage,
  type CommentService,
} from "./comments.ts";
export { presentCommentUser, type CommentUser } from "./present.ts";
export { bumpCommentLikes, findComment, lockComment, setCommentHidden } from "./queries.ts";
export { targetCommentRoutes } from "./routes.ts";
