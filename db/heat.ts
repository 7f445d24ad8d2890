// The two stored ranking numbers of an entry (spec §3 hotIndex, rankIndex; feeds of spec §4).
//
// rankIndex ("popular") is Reddit-style rather than Hacker-News-style gravity on purpose: HN's
// score / (ageHours + 2)^1.5 depends on "now", so a stored value is stale the moment it is written,
// every row would need rewriting on a timer, and rows would reorder between two page requests so a
// keyset pointer would repeat or skip items. Here age enters as a constant per entry (its creation
// time), so the value changes only when the entry's own counts change, and newer entries still
// outrank older ones: 10x the engagement is worth RANK_TIME_SCALE seconds (12.5 h) of freshness.
//
// hotIndex ("hottest", weekly and monthly hottest) is raw engagement, not scaled by age: the
// weekly/monthly lists restrict createdAt to the window and sort by it.

/** Seconds since 2015-01-01T00:00:00Z, the origin of rankIndex's time term. */
export const RANK_EPOCH_SECONDS = 1420070400;
/** Seconds of freshness worth one order of magnitude of engagement. */
export const RANK_TIME_SCALE = 45000;

export interface HeatInput {
  /** Entry likes (collectionCount). */
  likes: number;
  /** Comments and replies (commentsCount). */
  comments: number;
  /** Views (viewsCount). */
  views: number;
  createdAt: Date;
}

/** hotIndex = likes + 2·comments + views/10; rankIndex = log10(1 + 2·likes + 3·comments + views/20) + (createdAt − 2015-01-01)/45000 s. */
export function heatIndexes({ likes, comments, views, createdAt }: HeatInput): {
  hotIndex: number;
  rankIndex: number;
} {
  const hotIndex = likes + 2 * comments + views / 10;
  const engagement = 2 * likes + 3 * comments + views / 20;
  const rankIndex =
    Math.log10(1 + engagement) + (createdAt.getTime() / 1000 - RANK_EPOCH_SECONDS) / RANK_TIME_SCALE;
  return { hotIndex, rankIndex };
}

/**
 * The same two formulas in SQL over the columns of `entries` (alias `e`), for bulk recomputation
 * (db/counters.ts). Keep in step with heatIndexes.
 */
export const HEAT_SQL = {
  hotIndex: `(e.collection_count + 2 * e.comments_count + e.views_count::float8 / 10)`,
  rankIndex:
    `(log(1 + 2 * e.collection_count + 3 * e.comments_count + e.views_count::float8 / 20)` +
    ` + (extract(epoch from e.created_at)::float8 - ${RANK_EPOCH_SECONDS}) / ${RANK_TIME_SCALE})`,
} as const;
