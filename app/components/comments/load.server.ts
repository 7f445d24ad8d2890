import type { AppLoadContext } from "react-router";
import type { CommentPage, PresentedComment } from "../../../shared/api-types";
import { fromService } from "~/lib/loader.server";

export interface CommentsData {
  page: CommentPage;
  /** The comment a /entry/{id}/detail/{commentId} link points at, as its root (shown first). */
  pinned: PresentedComment | null;
  highlightedId: string | null;
}

/**
 * The first page of an entry's comments for a page loader, in-process through the comment
 * service. A highlighted reply is shown under its root, which is pinned above the list.
 */
export async function loadEntryComments(
  context: AppLoadContext,
  entryId: string,
  highlightedId: string | null,
): Promise<CommentsData> {
  const comments = context.services.comments;
  // A draft its author previews has no comments (and takes none): an empty list, not an error.
  const page = await fromService(comments.list("entry", entryId, { rankType: "new" }, context.caller), {
    notFound: () => null,
  });
  if (!page) {
    return {
      page: { count: 0, comments: [], cursor: null, hasMore: false },
      pinned: null,
      highlightedId: null,
    };
  }
  let pinned: PresentedComment | null = null;
  if (highlightedId) {
    const [target] = await comments.byIds([highlightedId], context.caller);
    if (target && target.targetId === entryId && target.targetType === "entry") {
      if (!target.firstCommentId) pinned = target;
      else {
        const [root] = await comments.byIds([target.firstCommentId], context.caller);
        if (root) {
          const replies = root.topSubCommentList.some((r) => r.id === target.id)
            ? root.topSubCommentList
            : [...root.topSubCommentList, target];
          pinned = { ...root, topSubCommentList: replies };
        }
      }
    }
  }
  return { page, pinned, highlightedId: pinned ? highlightedId : null };
}
