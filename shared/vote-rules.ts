/**
 * The rules of a vote (POST /api/votes), written once: the vote service enforces them and the
 * 发起投票 form (app/components/votes/vote-form.tsx) checks them before sending. Lengths count
 * characters (code points), as the share rules do. Only a browser-safe import, so the client
 * bundle can take it.
 */
import { chars, SHARE_LIMITS } from "./publish-rules.ts";

export const VOTE_LIMITS = {
  title: 100,
  content: 1000,
  minOptions: 2,
  maxOptions: 10,
  option: 50,
  reason: 200,
  /** A vote takes tags like a shared link. */
  tags: SHARE_LIMITS.tagsMax,
} as const;

/** The title rule; null when fine. */
export function checkVoteTitle(raw: string): string | null {
  const title = raw.trim();
  if (!title) return "请填写投票标题";
  if (chars(title) > VOTE_LIMITS.title) return `标题最多 ${VOTE_LIMITS.title} 个字`;
  return null;
}

export function checkVoteContent(raw: string): string | null {
  return chars(raw.trim()) > VOTE_LIMITS.content ? `描述最多 ${VOTE_LIMITS.content} 个字` : null;
}

/** One option's rule; null when fine. */
export function checkVoteOption(raw: string): string | null {
  const option = raw.trim();
  if (!option) return "选项不能为空";
  if (chars(option) > VOTE_LIMITS.option) return `每个选项最多 ${VOTE_LIMITS.option} 个字`;
  return null;
}

/**
 * The rule of the option list as a whole: count, each option, no two alike (after trimming).
 * Null when fine; else the message and the index of the first bad option, if one is to blame.
 */
export function checkVoteOptions(raw: readonly string[]): { message: string; index: number | null } | null {
  const options = raw.map((o) => o.trim());
  if (options.length < VOTE_LIMITS.minOptions || options.length > VOTE_LIMITS.maxOptions)
    return { message: `选项需要 ${VOTE_LIMITS.minOptions}–${VOTE_LIMITS.maxOptions} 个`, index: null };
  for (const [index, option] of options.entries()) {
    const message = checkVoteOption(option);
    if (message) return { message, index };
  }
  const duplicate = options.findIndex((o, i) => options.indexOf(o) !== i);
  if (duplicate >= 0) return { message: "选项不能重复", index: duplicate };
  return null;
}
