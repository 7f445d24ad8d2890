/** What other services may call of tags: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { containsPattern, existingTagIds } from "./queries.ts";
export { type PresentedTag, type TagService } from "./tags.ts";
export { tagSitemap } from "./queries.ts";
