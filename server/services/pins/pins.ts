import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { encodePointer } from "../../../shared/pagination.ts";
import { pointerParam } from "../../lib/keyset.ts";
import type { CommentListInput, CommentPage, CommentService } from "../comments/index.ts";
import { findComment } from "../comments/index.ts";
import { type Caller, type ContentScreen, type Deps, NO_SCREEN, requireLogin } from "../deps.ts";
import { findUserById, usersByIds } from "../users/index.ts";
import { presentPin, type PresentedPin } from "./present.ts";
import { findPin, insertPin, lockPin, pinsBefore, softDeletePin, type PinRow } from "./queries.ts";
import { PIN_MAX_IMAGES, PIN_MAX_LENGTH, PINS_PAGE_SIZE } from "./schema.ts";
import { isImageUrl } from "../uploads/index.ts";
import type { UploadService } from "../uploads/index.ts";

const PIN_MISSING = "沸点不存在";
const COMMENT_MISSING = "评论不存在";

export interface NewPinInput {
  content: string;
  imageUrlList?: string[] | string;
}

export interface PinFeedPage {
  list: PresentedPin[];
  /** Pass as `before` for the next page; null on the last one. */
  cursor: string | null;
  hasMore: boolean;
}

function checkContent(raw: string): string {
  const content = raw.trim();
  if (!content) throw badRequest("沸点内容不能为空", "content");
  if ([...content].length > PIN_MAX_LENGTH) throw badRequest(`沸点不能超过 ${PIN_MAX_LENGTH} 字`, "content");
  return content;
}

/** imageUrlList as an array or joined by |; http(s) URLs or our /uploads/ paths, at most PIN_MAX_IMAGES. */
function checkImages(raw: string[] | string | undefined): string[] {
  const list = (Array.isArray(raw) ? raw : [raw ?? ""])
    .flatMap((s) => s.split("|"))
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > PIN_MAX_IMAGES) throw badRequest(`最多 ${PIN_MAX_IMAGES} 张图片`, "imageUrlList");
  if (!list.every(isImageUrl)) {
    throw badRequest("图片地址不正确", "imageUrlList");
  }
  return list;
}

/**
 * Pins (spec §3, §7 Pin): write, read, feed, like, delete. Pin comments live in the comment
 * service (targetType pin, adapter in comments/targets.ts); this service only maps the pin URLs
 * onto it. Likes of pins live in the likes service (ADR 013), which moves pins.likeCount through
 * this folder's face (index.ts); the presenter reads the caller's likes through `likedPins`.
 */
export function createPinService(
  deps: Deps,
  comments: CommentService,
  uploads: Pick<UploadService, "setUses">,
  /** Which of these pins the user likes (the likes service's, given by createServices). */
  likedPins: (userId: string | null, ids: string[]) => Promise<Set<string>>,
  /** Moderation's first line: a new account's link-heavy pin is published hidden. */
  screen: ContentScreen = NO_SCREEN,
) {
  const { db } = deps;

  /** Users and the caller's likes in two queries, whatever the number of pins. */
  async function present(rows: PinRow[], caller: Caller): Promise<PresentedPin[]> {
    const [people, liked] = await Promise.all([
      usersByIds(db, [...new Set(rows.map((r) => r.userId))]),
      likedPins(
        caller.userId,
        rows.map((r) => r.id),
      ),
    ]);
    const usersById = new Map(people.map((u) => [u.id, u]));
    return rows.map((r) => presentPin(r, usersById, liked));
  }

  async function requireLivePin(id: string, caller?: Caller): Promise<PinRow> {
    const row = await findPin(db, id);
    if (!row || row.deletedAt) throw notFound(PIN_MISSING);
    // Hidden pending review: its author and staff still see it, nobody else.
    if (row.hiddenAt && !(caller && (caller.staff || caller.userId === row.userId)))
      throw notFound(PIN_MISSING);
    return row;
  }

  return {
    /** POST /pins. */
    async create(input: NewPinInput, caller: Caller): Promise<PresentedPin> {
      const userId = requireLogin(caller);
      const content = checkContent(input.content);
      const imageUrlList = checkImages(input.imageUrlList);
      const author = await findUserById(db, userId);
      const held = !!author && screen.holds(author, content);
      const row = await db.transaction(async (tx) => {
        const id = newId();
        const hiddenAt = held ? new Date() : null;
        const inserted = await insertPin(tx, { id, userId, content, imageUrlList, hiddenAt });
        if (held)
          await screen.flag(tx, {
            targetType: "pin",
            targetId: id,
            authorId: userId,
            excerpt: content,
            text: content,
          });
        // The pin's uploaded images are in use from the moment it exists (ADR 007).
        await uploads.setUses(tx, { type: "pin", id: inserted.id }, imageUrlList, userId);
        return inserted;
      });
      const [pin] = await present([row], caller);
      return pin;
    },

    /** GET /getByID?msgId: a live pin. */
    async get(id: string, caller: Caller): Promise<PresentedPin> {
      const [pin] = await present([await requireLivePin(id, caller)], caller);
      return pin;
    },

    /** GET /pins?before: live pins newest first, by (createdAt, id) pointer or §4's bare createdAt. */
    async feed(input: { before?: string; limit?: number }, caller: Caller): Promise<PinFeedPage> {
      const limit = input.limit ?? PINS_PAGE_SIZE;
      const rows = await pinsBefore(
        db,
        pointerParam(input.before, "date", "before"),
        limit + 1,
        caller.userId,
      );
      const shown = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      const last = shown[shown.length - 1];
      return {
        list: await present(shown, caller),
        cursor: hasMore ? encodePointer(last.createdAt, last.id) : null,
        hasMore,
      };
    },

    /** DELETE /pins/{id}: the author or an admin; soft delete. Idempotent. */
    async remove(id: string, caller: Caller): Promise<{ deleted: true }> {
      const userId = requireLogin(caller);
      const pin = await findPin(db, id);
      if (!pin) throw notFound(PIN_MISSING);
      if (pin.userId !== userId) {
        const me = await findUserById(db, userId);
        if (me?.role !== "admin") throw forbidden("只能删除自己的沸点");
      }
      await db.transaction(async (tx) => {
        const locked = await lockPin(tx, id);
        if (locked && !locked.deletedAt) {
          await softDeletePin(tx, id);
          await uploads.setUses(tx, { type: "pin", id }, [], locked.userId);
        }
      });
      return { deleted: true };
    },

    /** GET /comments/{pinId}: root comments of a pin (pin comment shape: likeCount, targetId). */
    comments: (pinId: string, input: CommentListInput, caller: Caller): Promise<CommentPage> =>
      comments.list("pin", pinId, input, caller),

    /** GET /reply/{commentId}: replies under a root comment of a pin, oldest first. */
    async replies(
      commentId: string,
      input: { pageSize?: number; createdAt?: string },
      caller: Caller,
    ): Promise<CommentPage> {
      const root = await findComment(db, commentId);
      if (!root || root.targetType !== "pin") throw notFound(COMMENT_MISSING);
      return comments.replies("pin", root.targetId, commentId, input, caller);
    },
  };
}
