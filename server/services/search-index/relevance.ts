/**
 * The relevance of a document to a search, computed in JavaScript exactly as the RUM index computes
 * it in PostgreSQL, so that the two search paths of queries.ts rank alike:
 *
 *   relevance = 1 / (document <=> ('w1' | 'w2' | …))      (RUM's rum_ts_distance, operator <=>)
 *
 * The index orders by RUM's score (float4; its distance there is the float8 1.0 / score); the
 * operator on a row returns 1 / score rounded to float4. Both are reproduced here: rumScore for
 * picking the candidates in the index's order, relevance (from the rounded distance) for ranking
 * them, since that is the one number the RUM path can read back from PostgreSQL.
 *
 * On PostgreSQL with RUM the index orders the matches by this value itself; on PGlite (no RUM) and
 * where the extension is missing, the GIN path reads the positions of the query words in every
 * matching document and calls `relevance` below. search.test.ts checks both against each other.
 *
 * Why the OR of the words, not their AND (the matches are still those of the AND): RUM scores a
 * query by "covers", stretches of the document holding enough of the query words, and merges covers
 * of the same word sequence under a hash of C pointers. For an AND of three or more words those
 * hashes collide (the index and rum_ts_distance on a row even collide differently), so neither
 * this module nor PostgreSQL's own function could reproduce the index's order. With OR every cover
 * is one occurrence of one word and the key is that word: no collisions, and the value is plain:
 *
 *   Σ over the query words, Σ over the word's occurrences in position order (n = 1, 2, …):
 *       weight(field) / n² / ζ(2)
 *
 * with RUM's fixed weights title (A) 1.0, tags (B) 0.4, abstract (C) 0.2, content (D) 0.1: a word
 * in the title counts most, repeats count less and less (the sum per word is bounded), and each
 * query word adds its own share. Word order and proximity are not in it; the phrase flag of
 * queries.ts ranks entries with the words adjacent and in order first.
 *
 * Faithful to RUM's C (rum_ts_utils.c, calc_score_docr; rum 1.3): the same double arithmetic in the
 * same order, rounded to float4 at the end (checked bit for bit against PostgreSQL by
 * search.test.ts). One known gap: when two query words share a position
 * (a word and its part, 开发者 and 开发, both typed), RUM's unstable quicksort may visit them in
 * another order once a document holds seven or more of their positions, which changes the order of
 * the floating-point sum and can move the result by one unit in the last place.
 */

/** RUM's weights[] as the reciprocal per weight class (WEP_GETWEIGHT: D = 0, C = 1, B = 2, A = 3). */
const INVERSE_WEIGHT = [10, 5, 2.5, 1];
const CLASS: Record<string, number> = { D: 0, C: 1, B: 2, A: 3 };
/** π²/6, as RUM writes it. */
const ZETA2 = 1.64493406685;

/** Positions and weight letters of one query word in a document (unnest(tsvector) columns). */
export interface WordPositions {
  positions: number[] | null;
  weights: string[] | null;
}

/**
 * RUM's score of a document (a float4), given the positions of each query word in it, in the order
 * of the words in the tsquery (`'w1' | 'w2' | …`; null or no positions when the word is absent):
 * what the index orders by (its distance is the float8 1.0 / score, so no two scores tie there).
 */
export function rumScore(words: (WordPositions | null | undefined)[]): number {
  // PostgreSQL stores `'w1' | 'w2' | 'w3'` in Polish notation with each operator's right operand
  // first: |, w3, |, w2, w1. RUM lists positions word by word in that item order before sorting them
  // by position, so among equal positions the later word of the query comes first.
  const items: { position: number; inverseWeight: number; word: number }[] = [];
  for (let w = words.length - 1; w >= 0; w--) {
    const found = words[w];
    // A lexeme without positions has no additional information in the index: RUM skips it.
    if (!found?.positions) continue;
    for (let i = 0; i < found.positions.length; i++) {
      items.push({
        position: found.positions[i],
        inverseWeight: INVERSE_WEIGHT[CLASS[found.weights?.[i] ?? "D"] ?? 0],
        word: w,
      });
    }
  }
  // Stable: equal positions keep the item order above (RUM's insertion sort for short lists).
  items.sort((a, b) => a.position - b.position);

  // Each occurrence is a cover of its own; covers are summed per word in order of first appearance.
  const order: number[] = [];
  const count = new Map<number, number>();
  const rank = new Map<number, number>();
  for (const item of items) {
    const seen = count.get(item.word) ?? 0;
    if (!seen) order.push(item.word);
    const n = seen + 1;
    count.set(item.word, n);
    // Cpos = (end - begin + 1) / InvSum * nitems, with one item and one word: 1 / inverse weight;
    // nNoise = 0. The divisions in RUM's order.
    const cpos = 1 / item.inverseWeight;
    rank.set(item.word, (rank.get(item.word) ?? 0) + cpos / 1 / n / n / ZETA2);
  }
  let total = 0;
  for (const word of order) total += rank.get(word)!;
  return Math.fround(total);
}

/**
 * RUM's distance as the operator `document <=> query` returns it on a row: a float4, 1 / score
 * rounded (Infinity for no match). Rounding can give two close scores one distance.
 */
export function rumDistance(score: number): number {
  return score === 0 ? Infinity : Math.fround(1 / score);
}

/**
 * Relevance as search ranks by it: 1 / the row's distance. The RUM path reads the distance from
 * PostgreSQL (it cannot see the index's score), the GIN path computes it (rumDistance): the same
 * number either way.
 */
export function relevanceFromDistance(distance: number): number {
  return 1 / distance;
}

/** The relevance of a document from its word positions (see rumScore). */
export function relevance(words: (WordPositions | null | undefined)[]): number {
  return relevanceFromDistance(rumDistance(rumScore(words)));
}
