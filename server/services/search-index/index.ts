/**
 * The search index of entries: each entry's weighted document (index-entry.ts, written in the
 * entry's own transaction), the champion lists of frequent words (champions.ts) and the relevance
 * both search paths rank by (relevance.ts). It sits below entries, which keep it true on every
 * write, and below search, which reads it: what other services may call is here.
 */
export { indexEntry, reindexAllEntries, touchesSearch } from "./index-entry.ts";
export {
  championCandidates,
  refreshChampionLists,
  SEARCH_CHAMPIONS_CRON,
  type Verified,
} from "./champions.ts";
export { relevanceFromDistance, rumDistance, rumScore } from "./relevance.ts";
