import { operationLimiter } from "../../lib/operation-limits.ts";
import { CATEGORY_ID } from "../../../db/reference-data.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isRouteId } from "../../../shared/ids.ts";
import { markdownSummary, renderMarkdown, type RenderedMarkdown } from "../../lib/markdown.ts";
import type { Tx } from "../../../db/client.ts";
import { type Caller, type ContentScreen, type Deps, NO_SCREEN, requireLogin } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { likedAmong, tagsOfEntries } from "../entries/index.ts";
import { storedCategories } from "../../../db/reference-data.ts";
import { deleteEntry, insertEntry, isPublicEntry, updateEntry } from "../entries/index.ts";
import { presentArticle, presentDraftItem, presentEditable, type Article } from "./present.ts";
import {
  categoryExists,
  countDrafts,
  draftPage,
  findPost,
  findPublishedWithAuthor,
  type PostRow,
} from "./queries.ts";
import { POST_MESSAGES, TAGS_MAX, checkContent, checkTitle } from "../../../shared/post-rules.ts";
import { notifyFollowers } from "../notifications/index.ts";
import { findUserById } from "../users/index.ts";
import { existingTagIds } from "../tags/index.ts";

export interface PostFields {
  title?: string;
  content?: string;
  categoryId?: string;
  tagIds?: string[];
}

export interface PublishFields {
  categoryId?: string;
  tagIds?: string[];
}

/**
 * A draft needs some category (entries.category_id is NOT NULL) before its author picks one; this
 * provisional one is never shown as a choice: publishing always names the category explicitly.
 */
const PROVISIONAL_CATEGORY = CATEGORY_ID.article;
const DRAFT_ABSTRACT_LENGTH = 80;
export const DRAFTS_PAGE_SIZE = 20;
/** Rendered articles kept in memory, keyed by id and updatedAt (an edit makes a new key). */
const RENDER_CACHE_SIZE = 500;

/**
 * Column articles written here (spec §2 /post/{id}, the editor destinations): drafts kept on the
 * server, publishing, editing, and the post storage read of §7 (getDetailData).
 *
 * Who may see what: a draft exists only for its author — anyone else gets 404, as if it did not
 * exist, so draft ids reveal nothing. A published article is public, so changing someone else's
 * answers 403; deleting it too, except for an admin (spec §6), who may take any article down.
 * Missing, deleted or malformed ids answer 404.
 */
export function createPostService(
  deps: Deps,
  uploads: Pick<UploadService, "setUses" | "setUsesInText">,
  /** Moderation's first line: a new account's link-heavy article is published hidden. */
  screen: ContentScreen = NO_SCREEN,
) {
  const { db, config } = deps;
  /** The uploaded images an article's Markdown shows are its uses (ADR 007): kept while it does. */
  const recordImages = (tx: Tx, row: PostRow) =>
    uploads.setUsesInText(tx, { type: "entry", id: row.id }, [row.content], row.userId);
  const releaseImages = (tx: Tx, row: PostRow) =>
    uploads.setUses(tx, { type: "entry", id: row.id }, [], row.userId);
  const limits = operationLimiter(deps.kv);
  const categoryOf = async (id: string) => (await storedCategories(db)).find((c) => c.id === id);

  const rendered = new Map<string, RenderedMarkdown>();
  /** Renders an article once per version; the Map's insertion order makes it a small LRU. */
  function renderArticle(e: PostRow): RenderedMarkdown {
    const key = `${e.id}:${e.updatedAt.getTime()}`;
    const hit = rendered.get(key);
    if (hit) {
      rendered.delete(key);
      rendered.set(key, hit);
      return hit;
    }
    const result = renderMarkdown(e.content, { siteOrigin: config.publicUrl });
    rendered.set(key, result);
    if (rendered.size > RENDER_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
    return result;
  }

  function check(message: string | null, field: string) {
    if (message) throw badRequest(message, field);
  }

  /** Checks the fields given; `publishing` adds the rules a published article must meet. */
  async function validate(fields: PostFields, publishing: boolean, tx: Tx = db) {
    if (fields.title !== undefined) check(checkTitle(fields.title, publishing), "title");
    if (fields.content !== undefined) check(checkContent(fields.content, publishing), "content");
    if (fields.categoryId !== undefined && !(await categoryExists(tx, fields.categoryId))) {
      throw badRequest(POST_MESSAGES.categoryUnknown, "categoryId");
    }
    if (fields.tagIds !== undefined) {
      const unique = [...new Set(fields.tagIds)];
      if (unique.length > TAGS_MAX) throw badRequest(POST_MESSAGES.tagsTooMany, "tagIds");
      const found = await existingTagIds(tx, unique);
      if (found.size !== unique.length) throw badRequest(POST_MESSAGES.tagUnknown, "tagIds");
    }
  }

  const changesOf = (fields: PostFields) => ({
    ...(fields.title !== undefined ? { title: fields.title.trim() } : {}),
    ...(fields.content !== undefined ? { content: fields.content } : {}),
    ...(fields.categoryId !== undefined ? { categoryId: fields.categoryId } : {}),
  });

  /** The caller's live draft, locked for the transaction; anything else is 404. */
  async function ownDraft(tx: Tx, id: string, userId: string) {
    if (!isRouteId(id)) throw notFound("草稿不存在");
    const row = await findPost(tx, id, true);
    if (!row || row.status !== "draft" || row.deletedAt || row.userId !== userId) {
      throw notFound("草稿不存在");
    }
    return row;
  }

  /** The caller's live published article, locked; someone else's is 403. */
  async function ownArticle(tx: Tx, id: string, userId: string) {
    if (!isRouteId(id)) throw notFound("文章不存在");
    const row = await findPost(tx, id, true);
    if (!row || !isPublicEntry(row)) throw notFound("文章不存在");
    if (row.userId !== userId) throw forbidden("只能编辑自己的文章");
    return row;
  }

  async function editable(row: PostRow) {
    const tags = await tagsOfEntries(db, [row.id]);
    return presentEditable(row, {
      category: await categoryOf(row.categoryId),
      tags: tags.map(({ id, title, icon }) => ({ id, title, icon })),
    });
  }

  async function article(row: PostRow, user: Parameters<typeof presentArticle>[1]["user"], caller: Caller) {
    const [tags, liked, category] = await Promise.all([
      tagsOfEntries(db, [row.id]),
      caller.userId ? likedAmong(db, caller.userId, [row.id]) : Promise.resolve(new Set<string>()),
      categoryOf(row.categoryId),
    ]);
    return presentArticle(row, {
      user,
      category,
      tags: tags.map(({ id, title, icon }) => ({ id, title, icon })),
      liked: liked.has(row.id),
      rendered: renderArticle(row),
    });
  }

  /**
   * A published article for anyone (the /post/{id} page and getDetailData); one hidden pending
   * review for its author and staff only, marked underReview; 404 otherwise.
   */
  async function detail(id: string, caller: Caller): Promise<Article> {
    if (!isRouteId(id)) throw notFound("文章不存在");
    const found = await findPublishedWithAuthor(db, id, true);
    if (!found) throw notFound("文章不存在");
    if (found.entry.status === "hidden") {
      if (!caller.staff && caller.userId !== found.entry.userId) throw notFound("文章不存在");
      return { ...(await article(found.entry, found.user, caller)), underReview: true };
    }
    return article(found.entry, found.user, caller);
  }

  return {
    detail,

    /** Starts a draft; every field is optional (the editor creates an empty one and autosaves). */
    async createDraft(fields: PostFields, caller: Caller) {
      const userId = requireLogin(caller);
      await limits.hit("draft", caller);
      await validate(fields, false);
      const row = await db.transaction(async (tx) => {
        const draft = await insertEntry(
          tx,
          {
            userId,
            type: "post",
            status: "draft",
            title: fields.title?.trim() ?? "",
            content: fields.content ?? "",
            categoryId: fields.categoryId ?? PROVISIONAL_CATEGORY,
            original: true,
          },
          fields.tagIds ?? [],
        );
        await recordImages(tx, draft);
        return draft;
      });
      return editable(row);
    },

    /** Saves a draft (autosave): only the fields given change; drafts may be untitled or empty. */
    async updateDraft(id: string, fields: PostFields, caller: Caller) {
      const userId = requireLogin(caller);
      await validate(fields, false);
      const row = await db.transaction(async (tx) => {
        const before = await ownDraft(tx, id, userId);
        const after = await updateEntry(tx, before, changesOf(fields), fields.tagIds);
        if (fields.content !== undefined) await recordImages(tx, after);
        return after;
      });
      return editable(row);
    },

    /** The caller's drafts, last edited first; pages count from 1. */
    async listDrafts(input: { page?: number; pageSize?: number }, caller: Caller) {
      const userId = requireLogin(caller);
      const page = Math.max(1, Math.floor(input.page ?? 1));
      const pageSize = Math.min(Math.max(Math.floor(input.pageSize ?? DRAFTS_PAGE_SIZE), 1), 50);
      const [rows, total] = await Promise.all([
        draftPage(db, userId, (page - 1) * pageSize, pageSize),
        countDrafts(db, userId),
      ]);
      return {
        list: rows.map((r) => presentDraftItem(r, markdownSummary(r.content, DRAFT_ABSTRACT_LENGTH))),
        page,
        pageSize,
        total,
        canNext: page * pageSize < total,
      };
    },

    async getDraft(id: string, caller: Caller) {
      const userId = requireLogin(caller);
      return editable(await ownDraft(db, id, userId));
    },

    async deleteDraft(id: string, caller: Caller) {
      const userId = requireLogin(caller);
      await db.transaction(async (tx) => {
        const draft = await ownDraft(tx, id, userId);
        await deleteEntry(tx, draft);
        await releaseImages(tx, draft);
      });
      return { id };
    },

    /**
     * What the editor at /editor/posts/{id} opens: the caller's draft, or their own published
     * article (for 更新). A foreign draft is 404, a foreign article 403.
     */
    async editable(id: string, caller: Caller) {
      const userId = requireLogin(caller);
      if (!isRouteId(id)) throw notFound("文章不存在");
      const row = await findPost(db, id);
      if (!row || row.deletedAt) throw notFound("文章不存在");
      if (row.userId !== userId) {
        if (row.status === "draft") throw notFound("文章不存在");
        throw forbidden("只能编辑自己的文章");
      }
      return editable(row);
    },

    /**
     * Publishes a draft as a column article. The article is a new entry, created now, with its own
     * id: its createdAt is the publish time, so the newest feeds and the heat formulas see a new
     * article rather than one as old as its draft (write.ts never moves createdAt). The draft is
     * retired in the same transaction. Requires a title (≤ 100), content and a category; the
     * category must be named here even if the draft holds one.
     */
    async publish(id: string, fields: PublishFields, caller: Caller): Promise<Article> {
      const userId = requireLogin(caller);
      if (!fields.categoryId) throw badRequest(POST_MESSAGES.categoryMissing, "categoryId");
      const author = await findUserById(db, userId);
      const row = await db.transaction(async (tx) => {
        const draft = await ownDraft(tx, id, userId);
        const held = !!author && screen.holds(author, draft.content);
        // Inside the transaction on its connection: PGlite has only one.
        await validate({ title: draft.title, content: draft.content, ...fields }, true, tx);
        const tagIds = fields.tagIds ?? (await tagsOfEntries(tx, [draft.id])).map((t) => t.id);
        const createdAt = new Date();
        const postId = newId(createdAt);
        const published = await insertEntry(
          tx,
          {
            id: postId,
            userId,
            type: "post",
            status: held ? "hidden" : "published",
            title: draft.title.trim(),
            content: draft.content,
            summary: markdownSummary(draft.content),
            categoryId: fields.categoryId!,
            originalUrl: `/post/${postId}`,
            original: true,
            createdAt,
          },
          tagIds,
        );
        // A held article waits for review: its followers hear of nothing hidden.
        if (held) {
          const flagged = { targetType: "entry" as const, targetId: postId, authorId: userId };
          await screen.flag(tx, { ...flagged, excerpt: published.title, text: draft.content });
        } else {
          await notifyFollowers(deps.jobs, tx, { authorId: userId, entryId: published.id });
        }
        await recordImages(tx, published);
        await deleteEntry(tx, draft);
        await releaseImages(tx, draft);
        return published;
      });
      return detail(row.id, caller);
    },

    /** Edits the caller's published article; the result must still meet the publishing rules. */
    async updatePost(id: string, fields: PostFields, caller: Caller): Promise<Article> {
      const userId = requireLogin(caller);
      await validate(fields, true);
      const row = await db.transaction(async (tx) => {
        const before = await ownArticle(tx, id, userId);
        const changes = changesOf(fields);
        const after = await updateEntry(
          tx,
          before,
          {
            ...changes,
            ...(changes.content !== undefined ? { summary: markdownSummary(changes.content) } : {}),
          },
          fields.tagIds,
        );
        if (changes.content !== undefined) await recordImages(tx, after);
        return after;
      });
      return detail(row.id, caller);
    },

    /**
     * Deletes a published article: its author, or an admin taking it down (spec §6: admins bypass
     * identity checks; editors only recommend). A soft delete through entries/write.ts, so the
     * author's and the tags' counters let go in the same transaction, as for an author's entryDel;
     * once it commits, every cached page forgets it, for readers who are not logged in too.
     */
    async removePost(id: string, caller: Caller): Promise<{ id: string; deleted: true }> {
      const userId = requireLogin(caller);
      if (!isRouteId(id)) throw notFound("文章不存在");
      // Load and authorize before the transaction: PGlite runs one statement stream.
      const found = await findPost(db, id);
      // A published article, or one hidden pending review; drafts go their own way.
      if (!found || found.status === "draft" || found.deletedAt) throw notFound("文章不存在");
      if (found.userId !== userId && (await findUserById(db, userId))?.role !== "admin") {
        throw forbidden("只能删除自己的文章");
      }
      await db.transaction(async (tx) => {
        const row = await findPost(tx, id, true);
        // Deleted meanwhile (a second click): nothing left to do.
        if (!row || row.deletedAt) return;
        await deleteEntry(tx, row);
        await releaseImages(tx, row);
      });
      return { id, deleted: true };
    },

    /** Renders Markdown exactly as the article page will (the editor's live preview). */
    preview(content: string, caller: Caller) {
      requireLogin(caller);
      check(checkContent(content, false), "content");
      const { html, toc } = renderMarkdown(content, { siteOrigin: config.publicUrl });
      return { html, toc };
    },
  };
}
