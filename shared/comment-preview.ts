/** Spec §5 comment preview: at most 10 lines, a line being a hard break or ~40 characters. */
export const PREVIEW_LINES = 10;
export const PREVIEW_LINE_CHARS = 40;

/**
 * The preview of a comment: the whole text when it fits, else the text cut after the tenth line
 * (counting long paragraphs as several lines of ~40 characters) and ending with an ellipsis.
 */
export function previewCut(content: string): { text: string; cut: boolean } {
  let budget = PREVIEW_LINES;
  const kept: string[] = [];
  for (const line of content.split("\n")) {
    const chars = [...line];
    const lines = Math.max(1, Math.ceil(chars.length / PREVIEW_LINE_CHARS));
    if (lines <= budget) {
      kept.push(line);
      budget -= lines;
      continue;
    }
    if (budget > 0) kept.push(chars.slice(0, budget * PREVIEW_LINE_CHARS).join(""));
    return { text: `${kept.join("\n").trimEnd()}…`, cut: true };
  }
  return { text: content, cut: false };
}
