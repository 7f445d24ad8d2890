import type { Tx } from "../../../db/client.ts";
import {
  LINK_HEAVY_LINKS,
  NEW_ACCOUNT_HOURS,
  NEW_ACCOUNT_ITEMS,
  countLinks,
} from "../../../shared/report-rules.ts";
import type { ContentScreen } from "../deps.ts";
import { notifyModeration } from "../notifications/index.ts";
import { logAction, openCase } from "./queries.ts";

/**
 * The automatic first line: a new account — registered less than NEW_ACCOUNT_HOURS ago,
 * or with fewer than NEW_ACCOUNT_ITEMS published entries — publishing text with LINK_HEAVY_LINKS or
 * more links has it published hidden, pending review, and its case opens in the queue flagged
 * "links". createServices hands this to publish, posts and pins (ContentScreen in deps.ts).
 */
export function createScreen(): ContentScreen {
  return {
    holds(author, text) {
      const young = Date.now() - author.createdAt.getTime() < NEW_ACCOUNT_HOURS * 3_600_000;
      const fresh = young || author.postedEntriesCount < NEW_ACCOUNT_ITEMS;
      return fresh && countLinks(text) >= LINK_HEAVY_LINKS;
    },
    async flag(tx: Tx, post) {
      const href = post.targetType === "pin" ? `/pin/${post.targetId}` : `/entry/${post.targetId}`;
      const excerpt = post.excerpt.length > 120 ? `${post.excerpt.slice(0, 120)}…` : post.excerpt;
      const { targetType, targetId, authorId } = post;
      await openCase(tx, { targetType, targetId, authorId, excerpt, href, autoFlag: "links", hidden: true });
      await recordAutoHide(tx, post, `新账号发布的内容含 ${countLinks(post.text)} 个链接`, {
        content: `你刚发布的内容「${excerpt}」含较多链接，正在审核中（内容审核中），通过后将公开显示`,
        ...(post.targetType === "pin" ? { pinId: post.targetId } : { entryId: post.targetId }),
      });
    },
  };
}

/**
 * What every automatic hide leaves, in the hiding transaction: the audit row (no actor, the reason
 * why) and the author's notice. Both automatic hides write it: the link-heavy new account's post
 * here, and a target reported by enough people (moderation.ts).
 */
export async function recordAutoHide(
  tx: Tx,
  target: { targetType: string; targetId: string; authorId: string },
  why: string,
  notice: { content: string; entryId?: string; pinId?: string },
) {
  const { targetType, targetId, authorId } = target;
  await logAction(tx, { actorId: null, action: "auto_hide", targetType, targetId, reason: why });
  await notifyModeration(tx, { userIds: [authorId], ...notice });
}
