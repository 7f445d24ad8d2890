/**
 * The booklet rules, written once: the booklets service enforces them and the booklet editor shows
 * the same limits and messages before sending (a pure module, safe for the browser bundle).
 */
import { formatYuan, parseYuan } from "./wallet-rules.ts";

/** Longest booklet or section title, in characters. */
export const TITLE_MAX = 100;
/** Longest booklet summary, in characters. */
export const SUMMARY_MAX = 1000;
/** Longest section, in characters of Markdown. */
export const SECTION_MAX = 100_000;
/** Highest price a booklet may ask, in cents (¥9,999.99). */
export const PRICE_MAX = 999_999;
/** Most sections one booklet holds: the reorder call sends them all at once. */
export const SECTIONS_MAX = 500;

export const BOOKLET_MESSAGES = {
  titleEmpty: "标题不能为空",
  titleLong: `标题不能超过 ${TITLE_MAX} 字`,
  summaryLong: `简介不能超过 ${SUMMARY_MAX} 字`,
  sectionLong: `章节不能超过 ${SECTION_MAX} 字`,
  price: `价格应为 0 到 ${formatYuan(PRICE_MAX)} 元，最多两位小数`,
  categoryUnknown: "分类不存在",
  coverBad: "封面地址不正确",
  sectionsTooMany: `一本小册最多 ${SECTIONS_MAX} 个章节`,
} as const;

const chars = (s: string) => [...s].length;

/** null when the title is fine, else the message. */
export function checkBookletTitle(raw: string): string | null {
  const title = raw.trim();
  if (!title) return BOOKLET_MESSAGES.titleEmpty;
  if (chars(title) > TITLE_MAX) return BOOKLET_MESSAGES.titleLong;
  return null;
}

export function checkSummary(raw: string): string | null {
  return chars(raw.trim()) > SUMMARY_MAX ? BOOKLET_MESSAGES.summaryLong : null;
}

export function checkSectionContent(content: string): string | null {
  return chars(content) > SECTION_MAX ? BOOKLET_MESSAGES.sectionLong : null;
}

/** "19.9" typed in the form (yuan) → 1990 cents; null when it is not a price the server takes. */
export function parsePrice(text: string): number | null {
  const cents = parseYuan(text);
  return cents !== null && cents <= PRICE_MAX ? cents : null;
}
