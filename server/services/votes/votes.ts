import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import type { Caller, Deps } from "../deps.ts";
import { insertEntry, isPublicEntry } from "../entries/index.ts";
import { storedCategories } from "../../../db/reference-data.ts";
import { findUserById } from "../users/index.ts";
import { presentPublicUser } from "../users/index.ts";
import {
  checkVoteContent,
  checkVoteOptions,
  checkVoteTitle,
  VOTE_LIMITS,
} from "../../../shared/vote-rules.ts";
import {
  answerOf,
  attendersOf,
  bumpOption,
  insertAnswer,
  insertOptions,
  optionOf,
  optionsOf,
  voteEntry,
} from "./queries.ts";
import { existingTagIds } from "../tags/index.ts";

/** Limits of a vote (the create form and POST /api/votes share them: shared/vote-rules.ts). */
export { VOTE_LIMITS };

export const ATTENDERS_PAGE_SIZE = 20;

const VOTE_MISSING = "投票不存在";

export interface VoteInput {
  title?: unknown;
  content?: unknown;
  category?: unknown;
  options?: unknown;
  /** Tag ids, joined by | (as entryPublish takes them) or as an array. */
  tags?: unknown;
}

export interface VoteOptionState {
  id: string;
  title: string;
  votesCount: number;
  /** Share of all answers, one decimal (0 when nobody voted yet). */
  percent: number;
}

export interface VoteState {
  entryId: string;
  options: VoteOptionState[];
  total: number;
  /** The caller's answer, or null (also for visitors). */
  answer: { id: string; optionId: string; content: string } | null;
}

function requireLogin(caller: Caller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The vote answer link of spec §2. */
export const answerLink = (entryId: string, answerId: string) =>
  `/entry/${entryId}/detail/answer/${answerId}`;

/**
 * Votes (spec §7 Vote, §3 Entry type vote): a vote is an entry of type 'vote' (flag vote set),
 * written through insertEntry like every entry, with its vote_options in the same transaction.
 * Each user answers once (the unique vote_answers_entry_user_key decides, not a prior read), and
 * the option's votesCount moves with the answer row, so counts always equal the rows.
 */
export function createVoteService(deps: Deps) {
  const { db } = deps;

  // Wider than the public rule on purpose: the author sees their own vote while it is a draft or hidden.
  const isVisible = (
    e: { type: string; status: string; deletedAt: Date | null; userId: string },
    caller: Caller,
  ) => e.type === "vote" && (isPublicEntry(e) || (!e.deletedAt && e.userId === caller.userId));

  async function requireVote(entryId: string, caller: Caller) {
    const entry = HEX_ID.test(entryId) ? await voteEntry(db, entryId) : undefined;
    if (!entry || !isVisible(entry, caller)) throw notFound(VOTE_MISSING);
    return entry;
  }

  async function state(entryId: string, caller: Caller): Promise<VoteState> {
    await requireVote(entryId, caller);
    const [options, answer] = await Promise.all([
      optionsOf(db, entryId),
      caller.userId ? answerOf(db, entryId, caller.userId) : Promise.resolve(null),
    ]);
    const total = options.reduce((sum, o) => sum + o.votesCount, 0);
    return {
      entryId,
      options: options.map((o) => ({
        ...o,
        percent: total ? Math.round((o.votesCount * 1000) / total) / 10 : 0,
      })),
      total,
      answer,
    };
  }

  /** Tag ids as entryPublish takes them (joined by |), or an array: at most 5, each an existing tag. */
  async function resolveTags(raw: unknown): Promise<string[]> {
    if (raw === undefined || raw === null) return [];
    const list = typeof raw === "string" ? raw.split("|") : Array.isArray(raw) ? raw : null;
    if (!list || list.some((t) => typeof t !== "string")) throw badRequest("标签格式不正确", "tags");
    const ids = [...new Set((list as string[]).map((t) => t.trim()).filter(Boolean))];
    if (ids.length > VOTE_LIMITS.tags) throw badRequest(`最多选择 ${VOTE_LIMITS.tags} 个标签`, "tags");
    if (ids.some((id) => !HEX_ID.test(id))) throw badRequest("标签 id 格式不正确", "tags");
    const known = await existingTagIds(db, ids);
    if (ids.some((id) => !known.has(id))) throw badRequest("标签不存在", "tags");
    return ids;
  }

  const presentAttender = (entryId: string, r: Awaited<ReturnType<typeof attendersOf>>[number]) => ({
    id: r.id,
    user: presentPublicUser(r.user),
    optionId: r.optionId,
    optionTitle: r.optionTitle,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    link: answerLink(entryId, r.id),
  });

  return {
    /** POST /api/votes: a new vote entry and its options; every bad field answers 400 naming it. */
    async create(input: VoteInput, caller: Caller) {
      const userId = requireLogin(caller);
      if (!(await findUserById(db, userId))) throw unauthorized();
      const title = text(input.title);
      const titleError = checkVoteTitle(title);
      if (titleError) throw badRequest(titleError, "title");
      if (input.content !== undefined && typeof input.content !== "string")
        throw badRequest("描述格式不正确", "content");
      const content = text(input.content);
      const contentError = checkVoteContent(content);
      if (contentError) throw badRequest(contentError, "content");
      const rawCategory = text(input.category);
      if (!rawCategory) throw badRequest("请选择分类", "category");
      const category = (await storedCategories(db)).find(
        (c) => c.id === rawCategory || c.name === rawCategory.toLowerCase(),
      );
      if (!category) throw badRequest("分类不存在", "category");
      if (!Array.isArray(input.options) || input.options.some((o) => typeof o !== "string"))
        throw badRequest("选项格式不正确", "options");
      const options = (input.options as string[]).map((o) => o.trim());
      const optionsError = checkVoteOptions(options);
      if (optionsError) throw badRequest(optionsError.message, "options");
      const tagIds = await resolveTags(input.tags);

      return db.transaction(async (tx) => {
        const entry = await insertEntry(
          tx,
          {
            userId,
            categoryId: category.id,
            type: "vote",
            vote: true,
            title,
            content,
            summary: content.replace(/\s+/g, " ").slice(0, 200),
          },
          tagIds,
        );
        const rows = await insertOptions(tx, entry.id, options);
        return {
          entryId: entry.id,
          options: rows.map((o) => ({ ...o, percent: 0 })),
          total: 0,
          answer: null,
        } satisfies VoteState;
      });
    },

    /** GET /api/votes/{entryId}: options with counts and percentages, total, the caller's answer. */
    state,

    /**
     * POST /api/votes/{entryId}/answer: votes once. A second answer is 409; an option of another
     * vote is 400 naming optionId; a missing, deleted or non-vote entry is 404.
     */
    async answer(entryId: string, input: { optionId?: unknown; content?: unknown }, caller: Caller) {
      const userId = requireLogin(caller);
      const optionId = text(input.optionId);
      if (!HEX_ID.test(optionId)) throw badRequest("请选择一个选项", "optionId");
      if (input.content !== undefined && typeof input.content !== "string")
        throw badRequest("理由格式不正确", "content");
      const content = text(input.content);
      if (content.length > VOTE_LIMITS.reason)
        throw badRequest(`理由最多 ${VOTE_LIMITS.reason} 个字`, "content");
      if (!HEX_ID.test(entryId)) throw notFound(VOTE_MISSING);
      await db.transaction(async (tx) => {
        const entry = await voteEntry(tx, entryId, true);
        if (!entry || entry.type !== "vote" || !isPublicEntry(entry)) throw notFound(VOTE_MISSING);
        if (!(await optionOf(tx, entryId, optionId))) throw badRequest("该选项不属于这个投票", "optionId");
        const inserted = await insertAnswer(tx, { entryId, optionId, userId, content });
        if (!inserted) throw new AppError(409, "你已经投过票了，每人只能投一次");
        await bumpOption(tx, optionId);
      });
      return state(entryId, caller);
    },

    /** GET /api/get_attender: who voted, newest first, keyset-paged by (createdAt, id) through `before`. */
    async attenders(input: { entryId: string; before?: string; limit?: number }, caller: Caller) {
      const entryId = input.entryId;
      await requireVote(entryId, caller);
      const pointer = pointerParam(input.before, "date", "before");
      const limit = Math.min(Math.max(input.limit ?? ATTENDERS_PAGE_SIZE, 1), 100);
      const rows = await attendersOf(db, entryId, pointer, limit + 1);
      const { page, ...next } = keysetSlice(rows, limit, (r) => [r.createdAt, r.id]);
      return { list: page.map((r) => presentAttender(entryId, r)), ...next };
    },

    /** One answer of this vote (the target of an answer link), or null when it is not one. */
    async attender(entryId: string, answerId: string, caller: Caller) {
      await requireVote(entryId, caller);
      if (!HEX_ID.test(answerId)) return null;
      const [row] = await attendersOf(db, entryId, null, 1, answerId);
      return row ? presentAttender(entryId, row) : null;
    },
  };
}

export type VoteService = ReturnType<typeof createVoteService>;
export type Attender = Awaited<ReturnType<VoteService["attenders"]>>["list"][number];
