import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { idIsAnyOf, preparedPerDb, preparedPerShape } from "../../../db/prepared.ts";
import { entries, entrySearch, users } from "../../../db/schema/index.ts";
import { containsPattern } from "../tags/index.ts";
import { authorColumns, entryListColumns, publicEntry } from "../entries/index.ts";
import { notHiddenFromViewerParam } from "../blocks/index.ts";
import { publicUserColumns } from "../users/index.ts";
import {
  championCandidates,
  relevanceFromDistance,
  rumDistance,
  rumScore,
  type Verified,
} from "../search-index/index.ts";

/** The tsqueries of a search (search.ts entryQuery), built from its distinct words. */
export interface EntryQuery {
  /** The distinct words, in query order: `any` lists them in this order (relevance.ts needs it). */
  words: string[];
  /** Every word (`a & b`): what matches. */
  all: string;
  /** Any word (`a | b`): what relevance is measured against (relevance.ts says why not `all`). */
  any: string;
  /** The words in order, adjacent (`a <-> b`): phrase matches rank first. */
  phrase: string;
}

/**
 * How many matches are ranked: the most relevant this many (20 pages), over all matches, old or
 * new. On the RUM path they come out of the index in relevance order, so no row beyond them is
 * read; heat then reorders them (rankCandidates). Beyond them there are no pages.
 */
export const RANK_WINDOW = 400;

/** The RUM index on entry_search.document, made at startup when PostgreSQL has RUM (db/client.ts). */
export const RUM_INDEX = "entry_search_document_rum_idx";
/** A missing index is looked for again after this long (a concurrent build may finish meanwhile). */
const RUM_RECHECK_MS = 60_000;
const rumState = new WeakMap<Db, { usable: boolean; at: number; pending: Promise<boolean> | null }>();

/**
 * Whether this database has a valid RUM index to search with: looked up once per process and
 * database, and again a minute later while it is missing (PGlite never has one: to_regclass is null).
 */
export async function hasRumIndex(db: Db): Promise<boolean> {
  let state = rumState.get(db);
  if (!state) rumState.set(db, (state = { usable: false, at: 0, pending: null }));
  if (state.usable || (state.at && Date.now() - state.at < RUM_RECHECK_MS)) return state.usable;
  const slot = state;
  slot.pending ??= db
    .execute<{ usable: boolean }>(
      sql`select exists (select 1 from pg_index where indexrelid = to_regclass(${RUM_INDEX}) and indisvalid and indisready) as usable`,
    )
    .then((result) => {
      const [row] = (result as unknown as { rows: { usable: boolean }[] }).rows;
      slot.usable = Boolean(row?.usable);
      slot.at = Date.now();
      return slot.usable;
    })
    .finally(() => {
      slot.pending = null;
    });
  return slot.pending;
}

/** A ranked match: what ordering needs, no more. */
export interface Candidate {
  entryId: string;
  /** relevance.ts; the same number on both paths. */
  relevance: number;
  /** The words adjacent and in order somewhere in the document. */
  phrase: boolean;
  hotIndex: number;
}

/**
 * Relevance weighted by heat: relevance × (1 + log10(1 + hotIndex) / 2). The factor is 1 for an
 * entry nobody read and grows slowly (2 at a heat of 100, 3 at 10,000), so heat reorders entries
 * of like relevance (the same fields hit as often) but a word in the content alone does not
 * overtake a title for being popular unless it is very popular.
 */
export function heatedScore(c: Candidate): number {
  return c.relevance * (1 + Math.log10(1 + Math.max(c.hotIndex, 0)) / 2);
}

/**
 * The final order of the candidates, the same function on both paths: phrase matches first, then
 * heated relevance, then the newer entry (ids are time-ordered).
 */
export function rankCandidates(candidates: Candidate[]): Candidate[] {
  // Each score computed once, beside its candidate (a search sorts 400: a lookup per comparison
  // was a tenth of a one-word search's CPU).
  const scored = candidates.map((c) => ({ c, phrase: Number(c.phrase), score: heatedScore(c) }));
  scored.sort(
    (a, b) =>
      b.phrase - a.phrase ||
      b.score - a.score ||
      (a.c.entryId < b.c.entryId ? 1 : a.c.entryId > b.c.entryId ? -1 : 0),
  );
  return scored.map((s) => s.c);
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * RUM path: the `window` most relevant matches straight from the index, which computes relevance
 * from the word positions it stores and sorts in memory; the heap is visited for those rows only.
 *
 *   select c.entry_id, c.doc <=> $any as distance, c.doc @@ $phrase as phrase, e.hot_index
 *   from (select entry_id, document || ''::tsvector as doc from entry_search
 *         where document @@ $all order by document <=> $any limit 400) c
 *   join entries e on e.id = c.entry_id where <publicEntry("e")>
 *
 * `document || ''` detoasts each candidate's document once for the two tests above (each would
 * fetch it from TOAST again). The distance recomputed on the row (rum_ts_distance, a float4) comes
 * from the same score the index ordered by: with an OR query RUM's two computations agree
 * (relevance.ts). Where ties straddle
 * the window's edge, which of the tied matches get in is the index's choice (RUM sorts without a
 * tie-break); the GIN path takes the newest. The total is exact when fewer than `window` match,
 * else the planner's estimate (counting every match would read every matching row).
 */
async function rumCandidates(tx: Tx, q: EntryQuery, window: number) {
  // The ordered scan is an index scan; a bitmap scan would score every match on the heap. jit off:
  // see ginCandidates. work_mem: RUM sorts every match in memory (about 56 bytes each) and spilled
  // to temporary files past 4 MB (80,000 matches), doubling the scan's time in a test at 200,000
  // documents.
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`,
  );
  const rows = rowsOf<{ entryId: string; distance: number; phrase: boolean; hotIndex: number }>(
    await tx.execute(sql`
      select c.entry_id as "entryId", (c.doc <=> ${q.any}::tsquery)::float8 as distance,
             c.doc @@ ${q.phrase}::tsquery as phrase, e.hot_index as "hotIndex"
      from (select s.entry_id, s.document || ''::tsvector as doc from ${entrySearch} s
            where s.document @@ ${q.all}::tsquery
            order by s.document <=> ${q.any}::tsquery limit ${window}) c
      join ${entries} e on e.id = c.entry_id
      where ${publicEntry("e")}`),
  );
  const candidates: Candidate[] = rows.map((r) => ({
    entryId: r.entryId,
    relevance: relevanceFromDistance(Number(r.distance)),
    phrase: r.phrase,
    hotIndex: Number(r.hotIndex),
  }));
  if (rows.length < window) return { candidates, total: candidates.length, exact: true };
  return { candidates, total: Math.max(await estimateMatches(tx, q.all), rows.length), exact: false };
}

/** The planner's estimate of the matches of a tsquery, from the column statistics (no rows read). */
async function estimateMatches(tx: Db | Tx, all: string): Promise<number> {
  const [row] = rowsOf<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] | string }>(
    await tx.execute(
      sql`explain (format json) select 1 from ${entrySearch} where ${entrySearch.document} @@ ${all}::tsquery`,
    ),
  );
  const plan = row?.["QUERY PLAN"];
  const parsed = typeof plan === "string" ? JSON.parse(plan) : plan;
  return Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
}

/**
 * GIN path (PGlite, and PostgreSQL without RUM): every match with the positions of the query words
 * in it, scored here (relevance.ts), the `window` best kept (ties: the newer entry). Reads and scores
 * every matching document, which is fine at PGlite's sizes and slow for a common word at a million
 * entries: that is what the RUM index is for. The total is exact.
 *
 * The planner sees entry_search's heap as small (documents live in TOAST) and so prefers a
 * sequential or primary-key scan that tests `@@` row by row, reading and decompressing every
 * document: at 100,000 entries 240 ms against 60 ms for the GIN bitmap; hence the two settings. jit
 * off: the switches work by adding a huge cost to the plans they forbid, which lifts every plan past
 * jit_above_cost; compiling then took 155 of 208 ms of a query that runs in 50 without it.
 */
async function ginCandidates(tx: Tx, q: EntryQuery, window: number) {
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`,
  );
  const scored = await scoreByPositions(tx, q, sql`s.document @@ ${q.all}::tsquery`);
  // The index's order: its score, then (where the index has no rule) the newer entry.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.candidate.entryId < b.candidate.entryId ? 1 : a.candidate.entryId > b.candidate.entryId ? -1 : 0),
  );
  return { candidates: scored.slice(0, window).map((s) => s.candidate), total: scored.length, exact: true };
}

/**
 * The findable entries `where` picks that match every word, scored here from the positions of the
 * query words in their documents (relevance.ts): the GIN path's scoring, for all matches or for a
 * champion search's few.
 */
async function scoreByPositions(tx: Db | Tx, q: EntryQuery, where: SQL) {
  type Found = { lexeme: string; positions: number[] | null; weights: string[] | null };
  const rows = rowsOf<{ entryId: string; phrase: boolean; hotIndex: number; words: Found[] | string | null }>(
    await tx.execute(sql`
      select s.entry_id as "entryId", s.document @@ ${q.phrase}::tsquery as phrase, e.hot_index as "hotIndex",
             (select json_agg(json_build_object('lexeme', u.lexeme, 'positions', u.positions, 'weights', u.weights))
              from unnest(s.document) u where u.lexeme = any(${sql.param(q.words)}::text[])) as words
      from ${entrySearch} s join ${entries} e on e.id = s.entry_id
      where ${where} and s.document @@ ${q.all}::tsquery and ${publicEntry("e")}`),
  );
  return rows.map((r) => {
    const found: Found[] = typeof r.words === "string" ? JSON.parse(r.words) : (r.words ?? []);
    const byWord = new Map(found.map((f) => [f.lexeme, f]));
    const score = rumScore(q.words.map((w) => byWord.get(w)));
    const candidate: Candidate = {
      entryId: r.entryId,
      relevance: relevanceFromDistance(rumDistance(score)),
      phrase: r.phrase,
      hotIndex: Number(r.hotIndex),
    };
    return { score, candidate };
  });
}

/**
 * Some entries scored from their documents for a champion search (champions.ts): those that are
 * findable and match every word. RUM computes the distance on the row (its operator works without
 * the index); otherwise scoreByPositions. `offset 0` keeps the subquery whole, so each document is
 * detoasted once for the three tests.
 */
async function scoreEntries(db: Db, q: EntryQuery, ids: string[], rum: boolean): Promise<Verified[]> {
  if (!ids.length) return [];
  // char(24)[], not text[]: compared as text, entry_id would not use its primary key.
  const picked = sql`s.entry_id = any(${sql.param(ids)}::char(24)[])`;
  if (!rum) return (await scoreByPositions(db, q, picked)).map((s) => s.candidate);
  const rows = rowsOf<{ entryId: string; distance: number; phrase: boolean; hotIndex: number }>(
    await db.execute(sql`
      select c.entry_id as "entryId", (c.doc <=> ${q.any}::tsquery)::float8 as distance,
             c.doc @@ ${q.phrase}::tsquery as phrase, e.hot_index as "hotIndex"
      from (select s.entry_id, s.document || ''::tsvector as doc from ${entrySearch} s where ${picked} offset 0) c
      join ${entries} e on e.id = c.entry_id
      where c.doc @@ ${q.all}::tsquery and ${publicEntry("e")}`),
  );
  return rows.map((r) => ({
    entryId: r.entryId,
    relevance: relevanceFromDistance(Number(r.distance)),
    phrase: r.phrase,
    hotIndex: Number(r.hotIndex),
  }));
}

/**
 * The window from the champion lists (champions.ts) when they prove it, else null. A query whose
 * phrase is not its single word (the word typed twice) is left to the full ranking.
 */
async function championRanking(db: Db, q: EntryQuery, window: number, rum: boolean, minTogether?: number) {
  if (q.words.length === 1 && q.phrase !== q.all) return null;
  const found = await championCandidates(
    db,
    q.words,
    window,
    (ids) => scoreEntries(db, q, ids, rum),
    minTogether,
  );
  if (!found) return null;
  // A one-word list carries its word's estimate; several words' matches are the planner's guess.
  const total =
    found.exact || found.total
      ? found.total
      : Math.max(await estimateMatches(db, q.all), found.candidates.length);
  return { candidates: found.candidates, total, exact: found.exact };
}

/** What tests may fix about a search: the full ranking's path, the window, the champion lists. */
export interface SearchTuning {
  path?: "rum" | "gin";
  window?: number;
  champions?: boolean;
  /** The matches each word needs for several words to use their lists (CHAMPION_MIN_MATCHES_TOGETHER). */
  minTogether?: number;
}

/** The ranked window of a query's matches: every page of the query is a slice of it. */
export interface RankedMatches {
  /** In their final order (rankCandidates). */
  candidates: Candidate[];
  total: number;
  exact: boolean;
  /** How the window was found: champion lists, or ranking every match with RUM or GIN. */
  path: "champions" | "rum" | "gin";
}

/**
 * The `window` (RANK_WINDOW) most relevant of all matches (relevance.ts), ordered by
 * rankCandidates (phrase first, then relevance × heat). Relevance is RUM's own measure, so the
 * RUM path takes the candidates straight from the index in that order (rumCandidates) and the GIN
 * path computes the same numbers in JavaScript (ginCandidates): both give the same pages, which
 * search.test.ts checks on PostgreSQL. The path is the RUM index's when the database has a valid
 * one (hasRumIndex), else GIN; tests force one with `tuning.path`.
 *
 * First the champion lists (champions.ts): when every word has one and its bounds prove the
 * window, two or three statements that read no more than a few thousand list rows and the
 * documents of the few entries that could reach the window. Otherwise two statements in a
 * transaction (settings, candidates; a third for the estimated total of a common word on RUM),
 * whatever the page.
 */
export async function rankMatches(
  db: Db,
  q: EntryQuery,
  /** Tests pick the path, shrink the window, and turn the champion lists off. */
  tuning: SearchTuning = {},
): Promise<RankedMatches> {
  const window = tuning.window ?? RANK_WINDOW;
  const rum = await hasRumIndex(db);
  const path = tuning.path ?? (rum ? "rum" : "gin");
  if (tuning.champions !== false) {
    const early = await championRanking(db, q, window, rum, tuning.minTogether);
    if (early) return { ...early, candidates: rankCandidates(early.candidates), path: "champions" };
  }
  const found = await db.transaction((tx) =>
    path === "rum" ? rumCandidates(tx, q, window) : ginCandidates(tx, q, window),
  );
  return { candidates: rankCandidates(found.candidates), total: found.total, exact: found.exact, path };
}

/**
 * A page's entries with their authors, findable and not hidden from the viewer (anonymous: null,
 * which hides nothing): prepared, one text for every page and searcher.
 */
const pageEntriesQuery = preparedPerDb((db: Tx) =>
  db
    .select({ entry: entryListColumns, user: authorColumns })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(idIsAnyOf(entries.id, "ids"), publicEntry(), notHiddenFromViewerParam(entries.userId)))
    .prepare("nugget_search_page"),
);

/**
 * One page of a ranking: the entries with their authors, in the ranking's order, one statement.
 * Entries deleted or unpublished since the ranking was made are left out here, so a ranking kept
 * for a while (search.ts) never shows them; so are those of authors the viewer muted or blocked
 *. Either leaves a gap: the page is shorter, the ranking (shared by every searcher) the same.
 */
export async function rankedPage(
  db: Tx,
  ranked: RankedMatches,
  offset: number,
  limit: number,
  viewerId: string | null = null,
) {
  const page = ranked.candidates.slice(offset, offset + limit);
  const result = { total: ranked.total, exact: ranked.exact, path: ranked.path };
  if (!page.length) return { rows: [], ...result };
  const loaded = await pageEntriesQuery(db).execute({ ids: page.map((c) => c.entryId), viewerId });
  const byId = new Map(loaded.map((r) => [r.entry.id, r]));
  const rows = page.flatMap((c) => {
    const row = byId.get(c.entryId);
    return row ? [{ ...row, phrase: c.phrase, relevance: c.relevance }] : [];
  });
  return { rows, ...result };
}

/** One page of matching entries with their authors, best first, and the number of matches. */
export async function searchEntryPage(
  db: Db,
  q: EntryQuery & { offset: number; limit: number },
  tuning: SearchTuning = {},
) {
  return rankedPage(db, await rankMatches(db, q, tuning), q.offset, q.limit);
}

/**
 * Users whose name contains the word, case-insensitively (ILIKE, served by the trigram index
 * users_username_trgm_idx once the word has three characters, by users_username_grams_idx below
 * that): the exact name first, then names
 * starting with it, then by trigram similarity and followers.
 */
export async function searchUsers(db: Tx, word: string, limit: number, viewerId: string | null = null) {
  // One or two characters have no trigram: the name_grams index finds the names holding them
  // (migration 0003); ILIKE still decides. A scan of 20,000 names cost 25 ms, the lookup under 1.
  const short = [...word].length <= 2;
  return searchUsersQuery(db, short).execute({ word, pattern: containsPattern(word), viewerId, limit });
}

/** Prepared, for short words and for longer ones; the viewer is a parameter (null hides nothing). */
const searchUsersQuery = preparedPerShape(
  (short: boolean) => `nugget_search_users_${short ? "short" : "long"}`,
  (db: Tx, short, name) => {
    const word = sql`${sql.placeholder("word")}::text`;
    return (
      db
        // The columns a public profile shows (presentPublicUser): no password hash, e-mail or phone.
        .select(publicUserColumns)
        .from(users)
        .where(
          and(
            short ? sql`name_grams(${users.username}) @> array[lower(${word})]` : undefined,
            sql`${users.username} ilike ${sql.placeholder("pattern")}`,
            notHiddenFromViewerParam(users.id),
          ),
        )
        .orderBy(
          desc(sql`lower(${users.username}) = lower(${word})`),
          desc(sql`starts_with(lower(${users.username}), lower(${word}))`),
          desc(sql`similarity(${users.username}, ${word})`),
          desc(users.followersCount),
          desc(users.id),
        )
        .limit(sql.placeholder("limit"))
        .prepare(name)
    );
  },
);
