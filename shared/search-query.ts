/**
 * The search query rule on its own, so the header (on every page) does not pull in every form rule
 * of validation.ts; validation.ts re-exports both.
 */
export const SEARCH_MAX = 32;

/** Search query rule: trimmed, at most 32 characters; empty means "do nothing". */
export function normalizeSearchQuery(value: string): string {
  return [...value.trim()].slice(0, SEARCH_MAX).join("");
}
