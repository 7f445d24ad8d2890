import type { CommentTargetType } from "../../../db/schema/social.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { decodePointer, encodePointer } from "../../../shared/pagination.ts";
import { pointerParam } from "../../lib/keyset.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import { bumpUserCounters, findUserById, lockUsers, usersByIds } from "../users/index.ts";
import {
  bumpSubCommentCount,
  commentsByIds,
  findComment,
  insertComment,
  lockComment,
  repliesOf,
  rootsOf,
  softDeleteComment,
  topRepliesOf,
  updateCommentContent,
  type RootCursor,
} from "./queries.ts";
import { presentComment, type CommentRow, type PresentedComment } from "./present.ts";
import { COMMENT_MAX_LENGTH, COMMENT_MAX_PICS, COMMENTS_PAGE_SIZE } from "./schema.ts";
import { COMMENT_TARGETS, type CommentTarget } from "./targets.ts";
import { notify } from "../notifications/index.ts";
import { refuseIfBlocked } from "../blocks/index.ts";
import { isImageUrl } from "../uploads/index.ts";
import type { UploadService } from "../uploads/index.ts";

/** Replies shown under each root in a list (topSubCommentList). */
const TOP_REPLIES = 2;
const COMMENT_MISSING = "评论不存在";
const TARGET_MISSING = "评论对象不存在";

export interface NewCommentInput {
  content: string;
  targetId: string;
  targetType?: string;
  picList?: string[] | string;
  respUser?: string;
  firstComment?: string;
  respComment?: string;
}

export interface CommentListInput {
  rankType?: "new" | "hot";
  pageSize?: number;
  createdAt?: string;
}

export interface CommentPage {
  /** Comments and replies of the target (new/hot lists) or replies of the root (sub-comments). */
  count: number;
  comments: PresentedComment[];
  /** Pass as `createdAt` for the next page; null on the last one. */
  cursor: string | null;
  hasMore: boolean;
}

/** Trimmed, required, at most COMMENT_MAX_LENGTH characters (code points, so emoji count once). */
export function checkContent(raw: string): string {
  const content = raw.trim();
  if (!content) throw badRequest("评论内容不能为空", "content");
  if ([...content].length > COMMENT_MAX_LENGTH) {
    throw badRequest(`评论不能超过 ${COMMENT_MAX_LENGTH} 字`, "content");
  }
  return content;
}

/** picList as an array or joined by |; http(s) or uploaded image URLs, at most COMMENT_MAX_PICS. */
export function checkPicList(raw: string[] | string | undefined): string[] {
  // Split every item too: a form's "a|b" may arrive coerced into a one-item array.
  const list = (Array.isArray(raw) ? raw : [raw ?? ""])
    .flatMap((s) => s.split("|"))
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > COMMENT_MAX_PICS) throw badRequest(`最多 ${COMMENT_MAX_PICS} 张图片`, "picList");
  if (!list.every(isImageUrl)) throw badRequest("图片地址不正确", "picList");
  return list;
}

/** An optional id from a form: "" is absent, anything else must be a well-formed id. */
function optionalId(raw: string | undefined, field: string): string | null {
  const v = raw?.trim();
  if (!v) return null;
  if (!HEX_ID.test(v)) throw badRequest(`${field} 格式不正确`, field);
  return v;
}

function targetOf(targetType: string | undefined): { type: CommentTargetType; target: CommentTarget } {
  const type = (targetType ?? "entry") as CommentTargetType;
  const target = COMMENT_TARGETS[type];
  if (!target) throw badRequest("暂不支持该评论对象", "targetType");
  return { type, target };
}

/**
 * Hot cursor `<likesCount>_<createdAt>_<id>`; new and reply cursors are plain pointers `<createdAt>_<id>`,
 * or §7's bare createdAt (pointerParam). Empty or 0 is the first page. A bare createdAt cannot place a
 * list ordered by likes, so the hot order takes only its own cursor.
 */
function decodeRootCursor(raw: string | undefined, order: "new" | "hot"): RootCursor | null {
  if (order === "new") {
    const p = pointerParam(raw, "date", "createdAt");
    return p && { kind: "new", createdAt: p.value, id: p.id };
  }
  if (!raw || raw === "0") return null;
  const cut = raw.indexOf("_");
  const likes = cut > 0 ? raw.slice(0, cut) : "";
  const p = decodePointer(raw.slice(cut + 1), "date");
  if (!/^\d{1,9}$/.test(likes) || !p) {
    throw badRequest("createdAt 格式不正确：最热排序请传回上一页的 cursor", "createdAt");
  }
  return { kind: "hot", likes: Number(likes), createdAt: p.value, id: p.id };
}

const cursorOf = (row: CommentRow, order: "new" | "hot" | "replies") =>
  order === "hot"
    ? `${row.likesCount}_${encodePointer(row.createdAt, row.id)}`
    : encodePointer(row.createdAt, row.id);

/**
 * Comments of spec §7, for every targetType (one table): posting, replying, lists, edit and delete
 * (likes of comments live in the likes service, ADR 013). Each write moves the counters of
 * db/counters.ts in its own transaction: the target's comment count (and heat), the root's
 * subCommentCount, the author's users.commentsCount. Lock order: target row, root comment, the
 * comment itself, then user rows by id.
 */
export function createCommentService(
  deps: Deps,
  uploads: Pick<UploadService, "setUses">,
  /** Which of these comments the user likes (the likes service's, given by createServices). */
  likedComments: (userId: string | null, ids: string[]) => Promise<Set<string>>,
) {
  const { db } = deps;

  /** Hydrates rows into spec comments with a constant number of queries: replies, users, likes. */
  async function present(
    rows: CommentRow[],
    caller: Caller,
    withReplies: boolean,
  ): Promise<PresentedComment[]> {
    const roots = rows.filter((r) => !r.firstCommentId).map((r) => r.id);
    const replies = withReplies ? await topRepliesOf(db, roots, TOP_REPLIES, caller.userId) : [];
    const all = [...rows, ...replies];
    const userIds = new Set<string>();
    for (const r of all) {
      userIds.add(r.userId);
      if (r.respUserId) userIds.add(r.respUserId);
    }
    const [people, liked] = await Promise.all([
      usersByIds(db, [...userIds]),
      likedComments(
        caller.userId,
        all.map((r) => r.id),
      ),
    ]);
    const usersById = new Map(people.map((u) => [u.id, u]));
    const byRoot = new Map<string, PresentedComment[]>();
    for (const r of replies) {
      const list = byRoot.get(r.firstCommentId!) ?? [];
      list.push(presentComment(r, usersById, liked));
      byRoot.set(r.firstCommentId!, list);
    }
    return rows.map((r) => presentComment(r, usersById, liked, byRoot.get(r.id) ?? []));
  }

  async function requireLiveTarget(target: CommentTarget, id: string) {
    if (!(await target.isLive(db, id))) throw notFound(TARGET_MISSING);
  }

  return {
    /** POST /comment: a root comment, or a reply when firstComment is given. */
    async create(input: NewCommentInput, caller: Caller): Promise<{ commentId: string }> {
      const userId = requireLogin(caller);
      const { type, target } = targetOf(input.targetType);
      const content = checkContent(input.content);
      const picList = checkPicList(input.picList);
      const firstComment = optionalId(input.firstComment, "firstComment");
      const respComment = optionalId(input.respComment, "respComment");
      const respUser = optionalId(input.respUser, "respUser");
      if (respComment && !firstComment) throw badRequest("回复需要 firstComment", "firstComment");

      return db.transaction(async (tx) => {
        const state = await target.lock(tx, input.targetId);
        if (!state?.live) throw notFound(TARGET_MISSING);

        let respCommentId: string | null = null;
        let respUserId: string | null = null;
        let rootUserId: string | null = null;
        if (firstComment) {
          // Locked: a reply and a delete of its root serialize, so subCommentCount stays exact.
          const root = await lockComment(tx, firstComment);
          if (!root || root.deletedAt || root.targetType !== type || root.targetId !== input.targetId) {
            throw badRequest("被回复的评论不属于该对象", "firstComment");
          }
          if (root.firstCommentId) throw badRequest("firstComment 须为根评论", "firstComment");
          rootUserId = root.userId;
          if (respComment && respComment !== root.id) {
            const resp = await findComment(tx, respComment);
            if (!resp || resp.deletedAt || resp.firstCommentId !== root.id) {
              throw badRequest("被回复的评论不在该根评论下", "respComment");
            }
            // Only a reply to a reply names whom it answers (replyUser, replyCommentId).
            respCommentId = resp.id;
            respUserId = resp.userId;
          }
          if (respUser && respUser !== (respUserId ?? root.userId)) {
            throw badRequest("respUser 与被回复的评论不符", "respUser");
          }
        } else if (respUser && respUser !== state.ownerId) {
          // §7's root-comment form names the target's author as respUser: that one is taken.
          throw badRequest("根评论的 respUser 须为评论对象的作者", "respUser");
        }

        // Issue 13: someone the target's owner, or the author answered, blocked may not comment.
        await refuseIfBlocked(tx, userId, [
          state.ownerId,
          ...(firstComment ? [respUserId ?? rootUserId!] : []),
        ]);
        // After the target and root, through users' one helper: the commenter's
        // commentsCount and the owner's heat move below.
        await lockUsers(tx, [userId, state.ownerId]);
        const row = await insertComment(tx, {
          id: newId(),
          targetType: type,
          targetId: input.targetId,
          userId,
          content,
          picList,
          firstCommentId: firstComment,
          respCommentId,
          respUserId,
        });
        // A root comment tells the target's owner; a reply tells whom it answers (never oneself).
        await notify(tx, {
          userId: firstComment ? (respUserId ?? rootUserId!) : state.ownerId,
          actorId: userId,
          type: firstComment ? "reply" : "comment",
          entryId: type === "entry" ? input.targetId : null,
          pinId: type === "pin" ? input.targetId : null,
          commentId: firstComment ? (respCommentId ?? firstComment) : row.id,
          replyId: firstComment ? row.id : null,
        });
        await uploads.setUses(tx, { type: "comment", id: row.id }, picList, userId);
        await target.bump(tx, input.targetId, 1, row.createdAt);
        if (firstComment) await bumpSubCommentCount(tx, firstComment, 1);
        await bumpUserCounters(tx, userId, { commentsCount: 1 });
        return { commentId: row.id };
      });
    },

    /** PUT /comment/{id}: the author changes the text. */
    async edit(id: string, rawContent: string, caller: Caller): Promise<PresentedComment> {
      const userId = requireLogin(caller);
      const content = checkContent(rawContent);
      const row = await db.transaction(async (tx) => {
        const c = await lockComment(tx, id);
        if (!c || c.deletedAt) throw notFound(COMMENT_MISSING);
        if (c.userId !== userId) throw forbidden("只能编辑自己的评论");
        return updateCommentContent(tx, id, content);
      });
      const [presented] = await present([row], caller, false);
      return presented;
    },

    /** DELETE /comment/{id}: the author or an admin; soft delete, counters move back. Idempotent. */
    async remove(id: string, caller: Caller): Promise<{ deleted: true }> {
      const userId = requireLogin(caller);
      const found = await findComment(db, id);
      if (!found) throw notFound(COMMENT_MISSING);
      const target = COMMENT_TARGETS[found.targetType as CommentTargetType];
      if (!target) throw badRequest("暂不支持该评论对象", "targetType");
      if (found.userId !== userId) {
        const me = await findUserById(db, userId);
        if (me?.role !== "admin") throw forbidden("只能删除自己的评论");
      }
      await db.transaction(async (tx) => {
        // Same lock order as create: target, root, comment.
        const state = await target.lock(tx, found.targetId);
        if (found.firstCommentId) await lockComment(tx, found.firstCommentId);
        const c = await lockComment(tx, id);
        if (!c || c.deletedAt) return;
        await lockUsers(tx, state ? [c.userId, state.ownerId] : [c.userId]);
        await softDeleteComment(tx, c);
        await uploads.setUses(tx, { type: "comment", id }, [], c.userId);
        await target.bump(tx, c.targetId, -1, new Date());
        if (c.firstCommentId) await bumpSubCommentCount(tx, c.firstCommentId, -1);
        await bumpUserCounters(tx, c.userId, { commentsCount: -1 });
      });
      return { deleted: true };
    },

    /** GET /comments/{targetType}/{id}: root comments, new or hot, each with its first replies. */
    async list(
      targetType: string,
      targetId: string,
      input: CommentListInput,
      caller: Caller,
    ): Promise<CommentPage> {
      const { type, target } = targetOf(targetType);
      const order = input.rankType ?? "new";
      const pageSize = input.pageSize ?? COMMENTS_PAGE_SIZE;
      const cursor = decodeRootCursor(input.createdAt, order);
      await requireLiveTarget(target, targetId);
      const [rows, count] = await Promise.all([
        rootsOf(db, type, targetId, order, cursor, pageSize + 1, caller.userId),
        target.commentCount(db, targetId),
      ]);
      const shown = rows.slice(0, pageSize);
      const hasMore = rows.length > pageSize;
      return {
        count,
        comments: await present(shown, caller, true),
        cursor: hasMore ? cursorOf(shown[shown.length - 1], order) : null,
        hasMore,
      };
    },

    /** GET /comments/{targetType}/{id}/comment/{rootId}: replies of a root, oldest first. */
    async replies(
      targetType: string,
      targetId: string,
      rootId: string,
      input: { pageSize?: number; createdAt?: string },
      caller: Caller,
    ): Promise<CommentPage> {
      const { type, target } = targetOf(targetType);
      const pageSize = input.pageSize ?? COMMENTS_PAGE_SIZE;
      const cursor = pointerParam(input.createdAt, "date", "createdAt");
      await requireLiveTarget(target, targetId);
      const root = await findComment(db, rootId);
      if (!root || root.firstCommentId || root.targetType !== type || root.targetId !== targetId) {
        throw notFound(COMMENT_MISSING);
      }
      const rows = await repliesOf(db, rootId, cursor, pageSize + 1, caller.userId);
      const shown = rows.slice(0, pageSize);
      const hasMore = rows.length > pageSize;
      return {
        count: root.subCommentCount,
        comments: await present(shown, caller, false),
        cursor: hasMore ? cursorOf(shown[shown.length - 1], "replies") : null,
        hasMore,
      };
    },

    /** GET /comments?idList=a|b: the comments asked for, in that order; unknown ids are left out. */
    async byIds(idList: string | string[], caller: Caller): Promise<PresentedComment[]> {
      const ids = [...new Set(Array.isArray(idList) ? idList : idList.split("|"))]
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 50) throw badRequest("最多 50 个 id", "idList");
      if (ids.some((i) => !HEX_ID.test(i))) throw badRequest("idList 格式不正确", "idList");
      const rows = await commentsByIds(db, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.map((i) => byId.get(i)).filter((r): r is CommentRow => !!r);
      return present(ordered, caller, true);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
