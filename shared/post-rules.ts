/**
 * The article rules, written once: the posts service enforces them and the editor page shows the
 * same limits (a pure module, safe to import from the browser bundle).
 */

/** Title limit (characters). The spec shows none; 100 fits a feed line and Juejin's own editor. */
export const TITLE_MAX = 100;
/** Markdown source limit (characters): a long article is ~30,000; this stays under the 1 MB body limit. */
export const CONTENT_MAX = 100_000;
/** Tags an article may carry. */
export const TAGS_MAX = 3;

export const POST_MESSAGES = {
  titleEmpty: "请输入文章标题",
  titleLong: `标题不能超过 ${TITLE_MAX} 个字符`,
  contentEmpty: "请输入文章正文",
  contentLong: `正文不能超过 ${CONTENT_MAX} 个字符`,
  categoryMissing: "请选择文章分类",
  categoryUnknown: "分类不存在",
  tagsTooMany: `最多选择 ${TAGS_MAX} 个标签`,
  tagUnknown: "标签不存在",
} as const;

/** Length in characters (code points), as a reader counts them. */
export const charLength = (s: string) => Array.from(s).length;

/** null when fine, else the message. Drafts may be untitled; published articles may not. */
export function checkTitle(title: string, publishing: boolean): string | null {
  const t = title.trim();
  if (publishing && !t) return POST_MESSAGES.titleEmpty;
  if (charLength(t) > TITLE_MAX) return POST_MESSAGES.titleLong;
  return null;
}

export function checkContent(content: string, publishing: boolean): string | null {
  if (publishing && !content.trim()) return POST_MESSAGES.contentEmpty;
  if (charLength(content) > CONTENT_MAX) return POST_MESSAGES.contentLong;
  return null;
}
