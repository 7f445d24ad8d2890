/**
 * The rules of a shared entry (spec §7 entryPublish/entryUpdate), written once: the API service
 * enforces them and the share form (app/components/share) checks them before sending. No imports,
 * so the browser bundle can take it.
 */

export const SHARE_LIMITS = {
  /** Counted in characters (code points): a Chinese title of 100 characters is fine. */
  titleMax: 100,
  /** The sharer's description of a link. */
  contentMax: 1000,
  tagsMax: 5,
  urlMax: 2048,
} as const;

/** Types a share may have: a link (article) or anything else (others). Posts and votes have editors. */
export const SHARE_TYPES = ["article", "others"] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

export const SHARE_TYPE_LABELS: Record<ShareType, string> = { article: "文章链接", others: "其他" };

/** The four flags of `extra`, in wire order: "vote|original|gfw|english", each 0 or 1. */
export const EXTRA_FLAGS = ["vote", "original", "gfw", "english"] as const;
export type ExtraFlags = Record<(typeof EXTRA_FLAGS)[number], boolean>;

export const chars = (s: string) => [...s].length;

/**
 * The admins' campaign tag on a share (spec §6 "marks shares with an admin campaign tag"): a short
 * label such as 2026 征文 that groups a campaign's shares. Chinese characters, letters, digits,
 * spaces, _ and -, at most 20 characters; "" takes it off.
 */
export const CAMPAIGN_TAG_MAX = 20;
const CAMPAIGN_TAG = /^[\p{Script=Han}A-Za-z0-9_\- ]*$/u;

/** The campaign tag rule on the trimmed value; null when fine ("" is fine: no tag). */
export function checkCampaignTag(raw: string): string | null {
  const tag = raw.trim();
  if (chars(tag) > CAMPAIGN_TAG_MAX) return `活动标签不能超过 ${CAMPAIGN_TAG_MAX} 个字符`;
  if (!CAMPAIGN_TAG.test(tag)) return "活动标签只能包含中文、字母、数字、空格、下划线和连字符";
  return null;
}

/** The title rule; null when fine. */
export function checkShareTitle(raw: string): string | null {
  const title = raw.trim();
  if (!title) return "标题不能为空";
  if (chars(title) > SHARE_LIMITS.titleMax) return `标题不能超过 ${SHARE_LIMITS.titleMax} 个字符`;
  return null;
}

export function checkShareContent(raw: string): string | null {
  return chars(raw.trim()) > SHARE_LIMITS.contentMax
    ? `描述不能超过 ${SHARE_LIMITS.contentMax} 个字符`
    : null;
}

/** An http(s) URL of acceptable length, normalized (`new URL().href`); null when it is not one. */
export function normalizeShareUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > SHARE_LIMITS.urlMax) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname) return null;
    return url.href.length > SHARE_LIMITS.urlMax ? null : url.href;
  } catch {
    return null;
  }
}

/** Parses "0|1|0|0"; null when it is not four 0/1 flags. */
export function parseExtra(raw: string): ExtraFlags | null {
  const parts = raw.trim().split("|");
  if (parts.length !== EXTRA_FLAGS.length || parts.some((p) => p !== "0" && p !== "1")) return null;
  return Object.fromEntries(EXTRA_FLAGS.map((f, i) => [f, parts[i] === "1"])) as ExtraFlags;
}

export function formatExtra(flags: Partial<ExtraFlags>): string {
  return EXTRA_FLAGS.map((f) => (flags[f] ? "1" : "0")).join("|");
}
