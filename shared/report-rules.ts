/**
 * Reporting and moderation: what may be reported and why, the limits the report
 * dialog counts down to and the service checks, and the constants of the automatic first line
 * (spec §9 names none of these; they sit with the other form rules).
 */
import { beijingTime } from "./format.ts";

/** What can be reported: an entry (a share, a vote or a column article), a comment, a pin, a collection set, a user. */
export const REPORT_TARGETS = ["entry", "comment", "pin", "collection", "user"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["spam", "abuse", "plagiarism", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "垃圾广告",
  abuse: "辱骂攻击",
  plagiarism: "抄袭",
  illegal: "违法违规",
  other: "其他",
};

export const TARGET_LABELS: Record<ReportTarget, string> = {
  entry: "文章/分享",
  comment: "评论",
  pin: "沸点",
  collection: "收藏集",
  user: "用户",
};

/** A report's own words: required for 其他, optional otherwise. */
export const REPORT_TEXT_MAX = 200;
/** A moderator's reason for a decision or a suspension (shown to the author). */
export const DECISION_REASON_MAX = 200;
/** A suspension lasts at least this long and at most this long (days). */
export const SUSPENSION_MAX_DAYS = 3650;

/** Distinct reporters of one target that hide it pending review. */
export const AUTO_HIDE_REPORTERS = 3;
/** An account this young (hours since registration) is "new" for the link check … */
export const NEW_ACCOUNT_HOURS = 24;
/** … as is one with fewer published entries and pins than this. */
export const NEW_ACCOUNT_ITEMS = 3;
/** A new account's post with at least this many links is published hidden, pending review. */
export const LINK_HEAVY_LINKS = 5;

/** The moderators' decisions on a reported target. */
export const DECISIONS = ["hide", "delete", "dismiss", "warn", "suspend"] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_LABELS: Record<Decision, string> = {
  hide: "隐藏",
  delete: "删除",
  dismiss: "驳回",
  warn: "警告作者",
  suspend: "暂停作者",
};

/** What the report dialog and the service both check; null when fine. */
export function checkReport(
  reason: string,
  text: string,
): { field: "reason" | "text"; message: string } | null {
  if (!(REPORT_REASONS as readonly string[]).includes(reason))
    return { field: "reason", message: "请选择举报原因" };
  const t = text.trim();
  if (reason === "other" && !t) return { field: "text", message: "选择「其他」时请写明原因" };
  if (t.length > REPORT_TEXT_MAX) return { field: "text", message: `说明最多 ${REPORT_TEXT_MAX} 字` };
  return null;
}

/** Links in a post's text: Markdown or bare http(s) addresses, each counted once per occurrence. */
export function countLinks(text: string): number {
  return (text.match(/https?:\/\/[^\s)\]>"']+/gi) ?? []).length;
}

/** The sentence a suspended account's writes and login answer with. */
export function suspensionMessage(until: Date, reason: string): string {
  return `账号已被暂停使用至 ${beijingTime(until)}${reason ? `：${reason}` : ""}`;
}

/** The suspension in force for an account, or null when there is none (or it has ended by itself). */
export function activeSuspension(
  user: { suspendedUntil: Date | null; suspensionReason: string },
  now = new Date(),
): { until: Date; reason: string; message: string } | null {
  if (!user.suspendedUntil || user.suspendedUntil <= now) return null;
  return {
    until: user.suspendedUntil,
    reason: user.suspensionReason,
    message: suspensionMessage(user.suspendedUntil, user.suspensionReason),
  };
}
