import type { Tx } from "../../../db/client.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import { normalizeShareUrl, SHARE_LIMITS } from "../../../shared/publish-rules.ts";
import { NO_SCREEN, type Caller, type ContentScreen, type Deps } from "../deps.ts";
import type { EntryService } from "../entries/index.ts";
import {
  deleteEntry,
  entryWithAuthor,
  insertEntry,
  isPublicEntry,
  updateEntry,
  type AuthorRow,
  type EntryRow,
} from "../entries/index.ts";
import { notifyFollowers } from "../notifications/index.ts";
import type { UploadService } from "../uploads/index.ts";
import { findUserById, type UserRow } from "../users/index.ts";
import { presentFullEntry, type FullEntry } from "./present.ts";
import { entryForUpdate, firstShareOf, lockShare, ownEntriesPage, ownShareOf } from "./queries.ts";
import { PUBLISH_QUOTA, PUBLISHED_PAGE_SIZE } from "./schema.ts";
import {
  campaignTagOf,
  checkId,
  fieldChanges,
  FIELDS,
  type Changes,
  type PublishInput,
  type UpdateInput,
} from "./share-form.ts";

const EDITOR_ROLES = new Set(["editor", "admin"]);

/**
 * Publishing shared links (spec §7 Entries: entryPublish, entryUpdate, entryDel, getEntry, and the
 * Timeline's get_entry_by_url) and the author's own list behind /published.
 *
 * Field rules (publish-rules.ts): title required, at most 100 characters; originalUrl required for
 * type article, http(s) only, at most 2048; type article (default) or others — posts and votes have
 * their own editors; category is a category name (frontend) or its id; tags are up to 5 tag ids
 * joined by |; content at most 1000 characters; screenshot an http(s) URL; extra four 0/1 flags
 * vote|original|gfw|english (default 0|0|0|0); campaignTag, admins only (others 403), at most 20
 * characters. Every bad field answers 400 naming it.
 */
export function createPublishService(
  deps: Deps,
  uploads: Pick<UploadService, "setUsesInText">,
  entries: Pick<EntryService, "hydrate">,
  /** Moderation's first line: a new account's link-heavy share is published hidden. */
  screen: ContentScreen = NO_SCREEN,
) {
  const { db, kv } = deps;
  /** Uploaded images a share shows (its cover, or addresses in its text) are its uses (ADR 007). */
  const recordImages = (tx: Tx, row: EntryRow, texts: string[]) =>
    uploads.setUsesInText(tx, { type: "entry", id: row.id }, texts, row.userId);

  async function requireUser(caller: Caller): Promise<UserRow> {
    if (!caller.userId) throw unauthorized();
    const user = await findUserById(db, caller.userId);
    if (!user) throw unauthorized();
    return user;
  }

  /**
   * Entries' own hydrate (tags, category, the caller's like), then the body and raw flags. The
   * author needs only the columns presentEntry shows (firstShareOf reads no more).
   */
  async function hydrate(rows: { entry: EntryRow; user: AuthorRow }[], caller: Caller): Promise<FullEntry[]> {
    const listed = await entries.hydrate(rows, caller);
    return listed.map((entry, i) => presentFullEntry(entry, rows[i].entry));
  }

  const duplicate = () => new AppError(409, "你已经分享过这个链接", "originalUrl");

  return {
    /** entryPublish: a new share by the caller. */
    async publish(input: PublishInput, caller: Caller): Promise<{ entryId: string }> {
      const user = await requireUser(caller);
      const campaignTag = campaignTagOf(input, user);
      const { changes, tagIds } = await fieldChanges(db, input, true);
      if (changes.type === "article" && !changes.originalUrl)
        throw badRequest("请填写原文链接", "originalUrl");
      const quotaKey = `publish:quota:${user.id}`;
      if (Number((await kv.get(quotaKey)) ?? 0) >= PUBLISH_QUOTA.max) {
        throw new AppError(
          429,
          `发布太频繁了：每 ${PUBLISH_QUOTA.windowSeconds / 60} 分钟最多发布 ${PUBLISH_QUOTA.max} 条，请稍后再试`,
        );
      }
      const held = screen.holds(user, `${changes.originalUrl ?? ""} ${changes.content ?? ""}`);
      const row = await db.transaction(async (tx) => {
        if (changes.originalUrl) {
          await lockShare(tx, user.id, changes.originalUrl);
          if (await ownShareOf(tx, user.id, changes.originalUrl)) throw duplicate();
        }
        const inserted = await insertEntry(
          tx,
          {
            userId: user.id,
            categoryId: changes.categoryId!,
            type: changes.type!,
            title: changes.title!,
            content: changes.content!,
            summary: changes.summary!,
            originalUrl: changes.originalUrl!,
            screenshot: changes.screenshot!,
            vote: changes.vote!,
            original: changes.original!,
            gfw: changes.gfw!,
            english: changes.english!,
            campaignTag: campaignTag ?? "",
            status: held ? "hidden" : "published",
          },
          tagIds!,
        );
        // A held share waits for review: its followers hear of nothing hidden.
        if (held) {
          const flagged = { targetType: "entry" as const, targetId: inserted.id, authorId: user.id };
          await screen.flag(tx, { ...flagged, excerpt: inserted.title, text: inserted.content });
        } else {
          await notifyFollowers(deps.jobs, tx, { authorId: user.id, entryId: inserted.id });
        }
        await recordImages(tx, inserted, [inserted.screenshot, inserted.content]);
        return inserted;
      });
      await kv.incr(quotaKey, PUBLISH_QUOTA.windowSeconds);
      return { entryId: row.id };
    },

    /**
     * entryUpdate: the author (or an admin) changes any publish field; `hot` (recommend, 0 or 1) is
     * for editors and admins only, on anyone's entry; `campaignTag` for admins only, on anyone's share.
     */
    async update(input: UpdateInput, caller: Caller): Promise<FullEntry> {
      const user = await requireUser(caller);
      const entryId = checkId(input.entryId, "entryId");
      const editsFields = FIELDS.some((f) => input[f] !== undefined);
      let hot: boolean | undefined;
      if (input.hot !== undefined) {
        const v = String(input.hot).trim();
        if (!["0", "1", "true", "false"].includes(v)) throw badRequest("hot 只能是 0 或 1", "hot");
        hot = v === "1" || v === "true";
      }
      const campaignTag = campaignTagOf(input, user);
      if (!editsFields && hot === undefined && campaignTag === undefined) {
        throw badRequest("没有要修改的内容", "entryId");
      }
      const isAdmin = user.role === "admin";
      // Load, authorize, then validate — outside the transaction (PGlite runs one statement stream, so
      // nothing may query beside an open transaction) — and re-read the row under lock to write.
      const current = await entryWithAuthor(db, entryId);
      if (!current || current.entry.deletedAt) throw notFound("条目不存在");
      if (hot !== undefined && !EDITOR_ROLES.has(user.role)) throw forbidden("只有编辑和管理员可以推荐");
      if (editsFields && current.entry.userId !== user.id && !isAdmin)
        throw forbidden("只能修改自己发布的内容");
      if (campaignTag !== undefined && (current.entry.type === "post" || current.entry.type === "vote")) {
        throw badRequest("活动标签只能加在分享上", "campaignTag");
      }
      if (editsFields && (current.entry.type === "post" || current.entry.type === "vote")) {
        throw badRequest(
          current.entry.type === "post" ? "专栏文章请在编辑器中修改" : "投票不能修改",
          "entryId",
        );
      }
      const { changes, tagIds } = editsFields
        ? await fieldChanges(db, input, false)
        : { changes: {} as Changes };
      if (campaignTag !== undefined) changes.campaignTag = campaignTag;

      await db.transaction(async (tx) => {
        const before = await entryForUpdate(tx, entryId);
        if (!before || before.deletedAt) throw notFound("条目不存在");
        const type = changes.type ?? before.type;
        const originalUrl = changes.originalUrl ?? before.originalUrl;
        if (type === "article" && !originalUrl) throw badRequest("请填写原文链接", "originalUrl");
        if (changes.originalUrl && changes.originalUrl !== before.originalUrl) {
          await lockShare(tx, before.userId, changes.originalUrl);
          if (await ownShareOf(tx, before.userId, changes.originalUrl, before.id)) throw duplicate();
        }
        const after = await updateEntry(
          tx,
          before,
          hot === undefined ? changes : { ...changes, hot },
          tagIds,
        );
        if (changes.screenshot !== undefined || changes.content !== undefined) {
          await recordImages(tx, after, [after.screenshot, after.content]);
        }
      });
      const row = await entryWithAuthor(db, entryId);
      // Entries are only ever soft-deleted, so the row just updated is there.
      if (!row) throw notFound("条目不存在");
      return (await hydrate([row], caller))[0];
    },

    /** entryDel: soft delete by the author or an admin; counters let go in the same transaction. */
    async remove(rawId: string | undefined, caller: Caller): Promise<{ entryId: string }> {
      const user = await requireUser(caller);
      const entryId = checkId(rawId, "entryId");
      await db.transaction(async (tx) => {
        const before = await entryForUpdate(tx, entryId);
        if (!before || before.deletedAt) throw notFound("条目不存在");
        if (before.userId !== user.id && user.role !== "admin") throw forbidden("只能删除自己发布的内容");
        await deleteEntry(tx, before);
        // Its images start their grace period.
        await recordImages(tx, before, []);
      });
      return { entryId };
    },

    /** getEntry: a live entry for anyone (a draft only for its author); 404 for a missing or deleted one. */
    async get(rawId: string | undefined, caller: Caller): Promise<FullEntry> {
      const entryId = checkId(rawId, "entryId");
      const row = await entryWithAuthor(db, entryId);
      if (!row || row.entry.deletedAt) throw notFound("条目不存在");
      // Wider than the public rule on purpose: an author reads their own draft or hidden share.
      if (!isPublicEntry(row.entry) && row.entry.userId !== caller.userId) throw notFound("条目不存在");
      return (await hydrate([row], caller))[0];
    },

    /** The edit page's load: the caller's own live share (or any, for an admin). 404, 403 otherwise. */
    async editable(rawId: string | undefined, caller: Caller): Promise<FullEntry> {
      const user = await requireUser(caller);
      const entryId = checkId(rawId, "entryId");
      const row = await entryWithAuthor(db, entryId);
      if (!row || row.entry.deletedAt) throw notFound("条目不存在");
      if (row.entry.userId !== user.id && user.role !== "admin") throw forbidden("只能修改自己发布的内容");
      return (await hydrate([row], caller))[0];
    },

    /** get_entry_by_url: the first live share of a URL (compared normalized), or null. */
    async byUrl(rawUrl: string | undefined, caller: Caller): Promise<FullEntry | null> {
      const raw = (rawUrl ?? "").trim();
      if (!raw) throw badRequest("请提供链接", "url");
      if (raw.length > SHARE_LIMITS.urlMax) throw badRequest("链接太长", "url");
      // Shares are stored normalized; column posts keep their relative /post/{id}.
      const row = await firstShareOf(db, normalizeShareUrl(raw) ?? raw);
      return row ? (await hydrate([row], caller))[0] : null;
    },

    /**
     * /published: the caller's own published entries, newest first. Keyset paging by createdAt: the
     * pointer is the last item's `<createdAt>_<id>`, so entries published meanwhile never shift a page.
     */
    async mine(
      input: { before?: string; limit?: number },
      caller: Caller,
    ): Promise<{ list: FullEntry[]; pointer: string | null; canNext: boolean }> {
      const user = await requireUser(caller);
      const pointer = pointerParam(input.before, "date", "before");
      const limit = Math.min(Math.max(input.limit ?? PUBLISHED_PAGE_SIZE, 1), 100);
      const rows = await ownEntriesPage(db, user.id, pointer, limit + 1);
      const { page, pointer: next, canNext } = keysetSlice(rows, limit, (r) => [r.createdAt, r.id]);
      const list = await hydrate(
        page.map((entry) => ({ entry, user })),
        caller,
      );
      return { list, pointer: next, canNext };
    },
  };
}
