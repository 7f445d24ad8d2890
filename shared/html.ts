/**
 * Text → HTML, written once for every hand-built page and fragment (dev pages, the input guard's
 * 400 page, Markdown code languages, the copy notice). Pure, so the browser bundle can import it.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes the five characters that matter in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
