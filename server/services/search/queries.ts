import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { entries, entrySearch, users } from "../../../db/schema/index.ts";
import { containsPattern } from "../tags/queries.ts";
import { authorColumns, entryListColumns } from "../entries/queries.ts";

/**
 * ts_rank_cd's weights, in its order {D, C, B, A}: content 0.1, abstract 0.2, tags 0.4, title 1.0.
 * Normalization 1 divides by 1 + log(document length), so a long article does not win by length.
 */
const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);
const NORMALIZATION = 1;

/** The two tsqueries of a search: every word (`a & b`) and the words in order (`a <-> b`). */
export interface EntryQuery {
  all: string;
  phrase: string;
}

/**
 * How many matches are ranked: the newest this many (20 pages). Relevance has no index to walk, so
 * ranking every match of a common word (a third of a million entries for 性能 at a million) would
 * read and score every document; scoring reads each candidate's whole document from TOAST, which
 * made ranking the larger half of a search: at a million entries 400 instead of 1,000 took the
 * five probe queries from 40–133 ms to 22–59 ms each (docs/benchmarks.md). Queries with fewer
 * matches are ranked whole. Beyond it there are no pages.
 */
export const RANK_WINDOW = 400;

const findable = and(eq(entries.status, "published"), isNull(entries.deletedAt));

/**
 * Newest-first slices of the index, searched in turn: the newest SLICES[0] documents, then the
 * newest SLICES[1], then all. Finding the candidates costs a visit to every match's row (the GIN
 * index returns row addresses in storage order, not newest first), so a common word's newest 400
 * matches are looked for among recent documents first: a bitmap AND of the GIN index and the
 * primary key's id range reads only the rows of the slice. A rare word finds too few there and
 * widens; its matches are few, so the wider passes are cheap. The results are the same either way:
 * the newest RANK_WINDOW matches.
 */
export const SLICES = [25_000, 250_000];
/** The slice bounds move slowly: they are looked up again at most this often. */
const SLICE_BOUNDS_TTL_MS = 5 * 60_000;

interface SliceBounds {
  /** The id of the SLICES[i]-th newest document, or null when the index is not that large. */
  bounds: (string | null)[];
  /** Documents in the index (the planner's estimate): scales a slice's count to a total. */
  documents: number;
  at: number;
}

/** Cached bounds per database and slice sizes. */
const sliceBounds = new WeakMap<
  Db,
  Map<string, { value: SliceBounds | null; pending: Promise<void> | null }>
>();

async function readSliceBounds(db: Db, slices: readonly number[]): Promise<SliceBounds> {
  if (!slices.length) return { bounds: [], documents: 0, at: Date.now() };
  const offsets = slices.map(
    (n) =>
      sql`(select ${entrySearch.entryId} from ${entrySearch} order by ${entrySearch.entryId} desc offset ${n - 1} limit 1)`,
  );
  const result = await db.execute<Record<string, string | number | null>>(
    sql`select ${sql.join(
      offsets.map((o, i) => sql`${o} as ${sql.raw(`b${i}`)}`),
      sql`, `,
    )}, (select greatest(reltuples, 0)::bigint from pg_class where oid = 'entry_search'::regclass) as documents`,
  );
  const row = (result as unknown as { rows: Record<string, string | number | null>[] }).rows[0] ?? {};
  return {
    bounds: slices.map((_, i) => (row[`b${i}`] as string | null) ?? null),
    documents: Number(row.documents ?? 0),
    at: Date.now(),
  };
}

/**
 * The current slice bounds. The first search of a process waits for them (one index walk); later
 * ones use what is cached and refresh it in the background once it is older than the TTL.
 */
async function currentSliceBounds(db: Db, slices: readonly number[]): Promise<SliceBounds> {
  let perDb = sliceBounds.get(db);
  if (!perDb) sliceBounds.set(db, (perDb = new Map()));
  const key = slices.join(",");
  let slot = perDb.get(key);
  if (!slot) perDb.set(key, (slot = { value: null, pending: null }));
  const refresh = () => {
    slot.pending ??= readSliceBounds(db, slices)
      .then((value) => {
        slot.value = value;
      })
      .finally(() => {
        slot.pending = null;
      });
    return slot.pending;
  };
  if (!slot.value) await refresh();
  else if (Date.now() - slot.value.at > SLICE_BOUNDS_TTL_MS) void refresh().catch(() => undefined);
  return slot.value!;
}

/** Forget cached slice bounds (tests that reshape the index). */
export function resetSliceBounds(db: Db) {
  sliceBounds.delete(db);
}

/**
 * The newest RANK_WINDOW matches of `all`, newest first, and how many match in all: exact when the
 * whole index was searched, else scaled up from the slice that held enough (an estimate).
 *
 *   select entry_id, count(*) over () as total from entry_search
 *   where document @@ $all [and entry_id >= $bound]
 *   order by entry_id desc limit 400
 *
 * The planner sees entry_search's heap as small (documents live in TOAST) and so prefers a
 * sequential or primary-key scan that tests `@@` row by row, reading and decompressing every
 * document: at 100,000 entries 240 ms against 60 ms for the GIN bitmap. Hence the two settings
 * (and jit off, see searchEntryPage), local to the transaction; the slice's id range still joins the GIN bitmap as a bitmap of the
 * primary key.
 */
async function findCandidates(
  tx: Tx,
  all: SQL,
  bounds: SliceBounds,
  slices: readonly number[],
  window: number,
) {
  const passes = [...bounds.bounds.filter((b): b is string => b !== null), null];
  for (const [i, bound] of passes.entries()) {
    const rows = await tx
      .select({ entryId: entrySearch.entryId, total: sql<number>`count(*) over ()` })
      .from(entrySearch)
      .where(
        bound === null
          ? sql`${entrySearch.document} @@ ${all}`
          : sql`${entrySearch.document} @@ ${all} and ${entrySearch.entryId} >= ${bound}`,
      )
      .orderBy(desc(entrySearch.entryId))
      .limit(window);
    const inSlice = rows.length ? Number(rows[0].total) : 0;
    if (bound === null) return { ids: rows.map((r) => r.entryId), total: inSlice, exact: true };
    if (inSlice >= window) {
      const sliceSize = slices[i];
      const estimate = Math.round((inSlice * Math.max(bounds.documents, sliceSize)) / sliceSize);
      return { ids: rows.map((r) => r.entryId), total: Math.max(estimate, inSlice), exact: false };
    }
  }
  throw new Error("unreachable: the last pass searches everything");
}

/**
 * One page of matching entries with their authors, best first, and the number of matches.
 *
 *   candidates: the newest RANK_WINDOW matches (findCandidates), then
 *   select …, s.document @@ $phrase as phrase,
 *          ts_rank_cd('{0.1,0.2,0.4,1.0}', s.document, $all, 1) as rank
 *   from entry_search s join entries e on e.id = s.entry_id join users u on u.id = e.user_id
 *   where s.entry_id = any($candidates) and e.status = 'published' and e.deleted_at is null
 *   order by phrase desc, rank desc, e.hot_index desc, e.id desc limit 20 offset $offset
 *
 * The phrase flag sorts first: entries with the query's words adjacent and in order lead. Ids are
 * time-ordered, so the candidates are the newest matches. entry_search only holds findable
 * entries; the status test is a second lock on that door. Two statements for nearly every query
 * (one more per slice a rare word widens through), whatever the page size.
 */
export async function searchEntryPage(
  db: Db,
  q: EntryQuery & { offset: number; limit: number },
  /** Tests shrink these to see the slices at work on a small index. */
  tuning: { slices?: readonly number[]; window?: number } = {},
) {
  const slices = tuning.slices ?? SLICES;
  const window = tuning.window ?? RANK_WINDOW;
  const all = sql`${q.all}::tsquery`;
  const phrase = sql`${q.phrase}::tsquery`;
  const bounds = await currentSliceBounds(db, slices);
  return db.transaction(async (tx) => {
    // jit off: the two switches work by adding a huge cost to the plans they forbid, which lifts
    // every plan here past jit_above_cost; compiling the expressions then took 155 of 208 ms of a
    // ranking query at a million entries (EXPLAIN ANALYZE), for a query that runs 50 ms without it.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`,
    );
    const found = await findCandidates(tx, all, bounds, slices, window);
    if (!found.ids.length) return { rows: [], total: found.total, exact: found.exact };
    const phraseFlag = sql<boolean>`${entrySearch.document} @@ ${phrase}`;
    const rank = sql<number>`ts_rank_cd(${WEIGHTS}, ${entrySearch.document}, ${all}, ${sql.raw(String(NORMALIZATION))})`;
    const rows = await tx
      .select({ entry: entryListColumns, user: authorColumns, phrase: phraseFlag, rank })
      .from(entrySearch)
      .innerJoin(entries, eq(entries.id, entrySearch.entryId))
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(inArray(entrySearch.entryId, found.ids), findable))
      .orderBy(desc(phraseFlag), desc(rank), desc(entries.hotIndex), desc(entries.id))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total: found.total, exact: found.exact };
  });
}

/**
 * Users whose name contains the word, case-insensitively (ILIKE, served by the trigram index
 * users_username_trgm_idx once the word has three characters): the exact name first, then names
 * starting with it, then by trigram similarity and followers.
 */
export async function searchUsers(db: Tx, word: string, limit: number) {
  return db
    .select()
    .from(users)
    .where(sql`${users.username} ilike ${containsPattern(word)}`)
    .orderBy(
      desc(sql`lower(${users.username}) = lower(${word})`),
      desc(sql`starts_with(lower(${users.username}), lower(${word}))`),
      desc(sql`similarity(${users.username}, ${word})`),
      desc(users.followersCount),
      desc(users.id),
    )
    .limit(limit);
}
