import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { entries, searchChampions, searchChampionWords } from "../../../db/schema/index.ts";
import { relevance, relevanceFromDistance, rumDistance, rumScore, type WordPositions } from "./relevance.ts";

/**
 * Champion lists: how a search for common words stops early instead of ranking every match.
 *
 * A search ranks the RANK_WINDOW (400) most relevant of all its matches (queries.ts). For a word in
 * 100,000 documents that means scoring all 100,000, on the RUM path too (its index sorts every match
 * in memory): 145 ms at a million entries. But relevance (relevance.ts) is a sum over the query's
 * words of each word's own share, which depends on that word's positions alone. So, for each
 * frequent word, we keep the entries where the word alone scores highest (its champion list, the
 * `size` best) and the bound no other entry holding the word reaches:
 *
 *   every findable entry holding w and not in list(w) has  share_w(entry) ≤ bound(w)
 *
 * (the textbook "champion list" of Manning, Raghavan and Schütze, ch. 7, made exact by the bound,
 * as in Fagin's threshold algorithm). A search whose words all have lists then needs only the
 * lists (championCandidates): an entry in no list scores at most Σ bound(w); an entry in some lists
 * at most its known shares plus the bounds of the others. When the window's last entry scores above
 * every such bound, the window is what ranking every match gives (for one word, up to which of
 * entries tied with the window's last get in, as on the RUM path). When it does not (words seldom together, or lists too short) the
 * search falls back to ranking every match, as before. search.test.ts checks the two agree.
 *
 * Which words: those PostgreSQL's statistics of entry_search.document call most common
 * (pg_stats.most_common_elems) with at least MIN_MATCHES estimated matches; the search-champions
 * job rebuilds them hourly. Between builds index-entry.ts keeps every list true on each write of a
 * document (noteDocument): an entry scoring above the bound joins the list, any other leaves it.
 */

/** The search-champions job's cron: every hour, at minute 40. */
export const SEARCH_CHAMPIONS_CRON = "40 * * * *";

/** Entries a list keeps: five windows, so that two or three common words still meet in them. */
export const CHAMPION_LIST_SIZE = 2000;
/**
 * Words with more matches than one window (queries.ts RANK_WINDOW) get a list: a one-word search
 * then reads its window from the list (about 0.8 ms of Node and 1 ms of PostgreSQL at 20,000
 * entries for React, 1,061 matches, against 2.6 and 5 ms ranking every match on RUM).
 */
export const CHAMPION_MIN_MATCHES = 400;
/**
 * Several words use their lists only when each has at least this many matches: proving their
 * window scores a thousand or so listed entries from their documents, which costs more than
 * ranking every match on RUM until the words' postings are long. At 20,000 entries 前端性能 (4,429
 * and 8,678 matches) took 26 ms with the lists and 14 ms in full; at 1,000,000 (tens of thousands
 * each) 30–55 ms with the lists against 61–560 ms in full.
 */
export const CHAMPION_MIN_MATCHES_TOGETHER = 10_000;
/** Entries a multi-word search may score one by one before it gives up and ranks every match. */
const VERIFY_MAX = 2500;
/**
 * Shares are stored as float8 of a float4 score, and a query's score is the float4 of a float8 sum:
 * bounds are compared with this relative margin, so rounding can only make the path fall back.
 */
const EPSILON = 1e-5;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const quote = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The share of one word in one document: relevance.ts for a one-word query. */
export function wordShare(found: WordPositions): number {
  return relevance([found]);
}

/**
 * Builds (or rebuilds) the champion list of one word. First the word is marked as being built
 * (bound -1, committed) so that documents written meanwhile join it (noteDocument: any share beats
 * -1); then, holding the word's row, the best `size` are read and written with their bound. A
 * document written concurrently either was committed before the read (and is in it) or waits for
 * the row (and then sees the new bound).
 *
 * RUM (where the database has the index) reads the best straight from the index in score order;
 * otherwise every match is scored here (relevance.ts), fine at PGlite's sizes.
 */
export async function buildChampionList(
  db: Db,
  word: string,
  opts: { rum: boolean; size?: number; matches?: number },
): Promise<{ word: string; size: number; bound: number }> {
  const size = opts.size ?? CHAMPION_LIST_SIZE;
  await db
    .insert(searchChampionWords)
    .values({ word, bound: -1 })
    .onConflictDoUpdate({ target: searchChampionWords.word, set: { bound: -1 } });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${searchChampionWords} where word = ${word} for update`);
    const tsquery = quote(word);
    let best: { entryId: string; impact: number }[];
    let bound = 0;
    if (opts.rum) {
      // One more than the list: that last row's share is the bound. The index orders by score
      // exactly, so no entry after it scores more (ties with it may be on either side).
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`,
      );
      const rows = rowsOf<{ entryId: string; distance: number }>(
        await tx.execute(sql`
          select entry_id as "entryId", (document <=> ${tsquery}::tsquery)::float8 as distance
          from entry_search where document @@ ${tsquery}::tsquery
          order by document <=> ${tsquery}::tsquery limit ${size + 1}`),
      );
      best = rows.map((r) => ({ entryId: r.entryId, impact: relevanceFromDistance(Number(r.distance)) }));
      if (best.length > size) bound = best.pop()!.impact;
    } else {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`,
      );
      const rows = rowsOf<{ entryId: string; positions: number[] | null; weights: string[] | null }>(
        await tx.execute(sql`
          select s.entry_id as "entryId", u.positions, u.weights
          from entry_search s cross join lateral unnest(s.document) u
          where s.document @@ ${tsquery}::tsquery and u.lexeme = ${word}`),
      );
      const scored = rows.map((r) => ({
        entryId: r.entryId,
        impact: relevanceFromDistance(rumDistance(rumScore([r]))),
      }));
      scored.sort(
        (a, b) => b.impact - a.impact || (a.entryId < b.entryId ? 1 : a.entryId > b.entryId ? -1 : 0),
      );
      if (scored.length > size) bound = scored[size].impact;
      best = scored.slice(0, size);
    }
    await tx.delete(searchChampions).where(sql`${searchChampions.word} = ${word}`);
    if (best.length) {
      await tx.execute(sql`
        insert into ${searchChampions} (word, entry_id, impact, hot_index)
        select ${word}, f.id, f.impact, e.hot_index
        from unnest(${sql.param(best.map((b) => b.entryId))}::text[], ${sql.param(best.map((b) => b.impact))}::float8[])
             as f(id, impact)
        join ${entries} e on e.id = f.id`);
    }
    await tx
      .update(searchChampionWords)
      .set({ bound, builtAt: new Date(), matches: bound > 0 ? (opts.matches ?? 0) : best.length })
      .where(sql`${searchChampionWords.word} = ${word}`);
    return { word, size: best.length, bound };
  });
}

/**
 * The words that deserve a list: PostgreSQL's most common lexemes of entry_search.document (after
 * an ANALYZE, so they are current) with at least `minMatches` estimated matches, commonest first.
 */
export async function frequentWords(
  db: Db,
  minMatches = CHAMPION_MIN_MATCHES,
): Promise<{ word: string; matches: number }[]> {
  await db.execute(sql`analyze entry_search`);
  const rows = rowsOf<{ word: string; matches: number }>(
    await db.execute(sql`
      select e.word, e.freq * greatest(c.reltuples, 0) as matches
      from pg_stats s
      cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(word, freq)
      join pg_class c on c.oid = 'entry_search'::regclass
      where s.schemaname = current_schema() and s.tablename = 'entry_search' and s.attname = 'document'
        and e.word is not null
      order by e.freq desc`),
  );
  return rows
    .map((r) => ({ word: r.word, matches: Math.round(Number(r.matches)) }))
    .filter((r) => r.matches >= minMatches);
}

/**
 * The search-champions job: a list for every frequent word (frequentWords), each rebuilt with a
 * fresh bound, one word per transaction. Lists of words no longer frequent stay, kept in step.
 */
export async function refreshChampionLists(
  db: Db,
  opts: { rum: boolean; minMatches?: number; size?: number; onWord?: (word: string) => void },
): Promise<{ words: number }> {
  const words = await frequentWords(db, opts.minMatches);
  for (const { word, matches } of words) {
    await buildChampionList(db, word, { ...opts, matches });
    opts.onWord?.(word);
  }
  return { words: words.length };
}

/**
 * Keeps the lists true after an entry's document was written or removed (index-entry.ts, in the
 * same transaction): the entry leaves every list, then joins those of its words it scores above the
 * bound for. The words' rows are read FOR SHARE, so a rebuild of one of them (buildChampionList,
 * FOR UPDATE) either sees this document or makes it wait for the new bound.
 */
export async function noteDocument(tx: Tx, entryId: string, written: boolean): Promise<void> {
  await tx.delete(searchChampions).where(sql`${searchChampions.entryId} = ${entryId}`);
  if (!written) return;
  const rows = rowsOf<{ word: string; bound: number; positions: number[] | null; weights: string[] | null }>(
    await tx.execute(sql`
      select w.word, w.bound, u.positions, u.weights
      from entry_search s cross join lateral unnest(s.document) u
      join ${searchChampionWords} w on w.word = u.lexeme
      where s.entry_id = ${entryId}
      order by w.word
      for share of w`),
  );
  const joining = rows
    .map((r) => ({ word: r.word, impact: wordShare(r) }))
    .filter((r, i) => r.impact > Number(rows[i].bound));
  if (!joining.length) return;
  await tx.execute(sql`
    insert into ${searchChampions} (word, entry_id, impact, hot_index)
    select f.word, e.id, f.impact, e.hot_index
    from unnest(${sql.param(joining.map((j) => j.word))}::text[], ${sql.param(joining.map((j) => j.impact))}::float8[])
         as f(word, impact)
    join ${entries} e on e.id = ${entryId}`);
}

/** Every list gone (reindexAllEntries rewrites documents without noteDocument): searches rank in full until rebuilt. */
export async function dropChampionLists(db: Db | Tx): Promise<void> {
  await db.delete(searchChampionWords);
}

/** An entry a champion search must score from its document. */
export interface Verified {
  entryId: string;
  relevance: number;
  phrase: boolean;
  hotIndex: number;
}

/** The length of a complete list (bound 0: it holds every match), else null; `w` is the word's row. */
const completeSize = (word: SQL) =>
  sql`case when w.bound = 0 then (select count(*)::int from ${searchChampions} c where c.word = ${word}) end`;

/** Newer first: ids are time-ordered. */
const byNewest = (a: { entryId: string }, b: { entryId: string }) =>
  a.entryId < b.entryId ? 1 : a.entryId > b.entryId ? -1 : 0;

/**
 * One word's window: the best `window` of its list (search_champions_rank_idx, in the order it
 * ranks them), each with its heat, in one statement. Null when the list cannot prove the window.
 * An entry outside the list may tie the window's last one; which of tied entries get in at the
 * window's edge is then the list's choice, as it is the RUM index's on the full path.
 */
async function oneWordCandidates(db: Db | Tx, word: string, window: number) {
  // The list holds findable entries only (unpublished and deleted ones leave it: noteDocument) and
  // their heat (the column's trigger), so no entry is read. As one string: 400 rows parse faster so.
  const [row] = rowsOf<{ bound: number; matches: number; list: string | null; size: number | null }>(
    await db.execute(sql`
      select w.bound, w.matches,
             (select string_agg(c.entry_id || ' ' || c.impact::text || ' ' || c.hot_index::text, ','
                                order by c.impact desc, c.entry_id desc)
              from (select entry_id, impact, hot_index from ${searchChampions} c where c.word = ${word}
                    order by c.impact desc, c.entry_id desc limit ${window}) c) as list,
             ${completeSize(sql`${word}`)} as size
      from ${searchChampionWords} w where w.word = ${word}`),
  );
  if (!row || Number(row.bound) < 0) return null;
  const bound = Number(row.bound);
  const complete = bound === 0;
  const candidates: Verified[] = [];
  let last = Infinity;
  // "id impact heat,id impact heat,…": one split, three fields an entry.
  const fields = row.list ? row.list.split(/[ ,]/) : [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    last = Number(fields[i + 1]);
    // A one-word query is its own phrase.
    candidates.push({ entryId: fields[i], relevance: last, phrase: true, hotIndex: Number(fields[i + 2]) });
  }
  if (!complete && (candidates.length < window || last < bound)) return null;
  return {
    candidates,
    exact: complete,
    total: complete ? Number(row.size ?? 0) : Math.max(Number(row.matches), candidates.length),
  };
}

/**
 * The window from the champion lists, or null when they cannot prove it (a word without a usable
 * list, or the bound check failing): the caller then ranks every match.
 *
 * One statement reads the lists. For one word, the list's best `window` are the answer when the
 * last of them beats the bound (shares are relevances); the same statement reads their heat, so a
 * one-word search is that statement and its page. For more, each entry in some list gets an
 * upper bound (its known shares plus the others' bounds); those that could reach the window are
 * scored from their documents (`score`, one statement per window's worth, highest bound first,
 * stopping when the rest cannot reach the window), and the answer stands when the window's
 * last entry beats both Σ bounds and every entry left unscored. `total` is exact when every list
 * is complete; for one word with an incomplete list it is the estimate its list was built with;
 * otherwise 0 (the caller estimates it).
 */
export async function championCandidates(
  db: Db | Tx,
  words: string[],
  window: number,
  score: (ids: string[]) => Promise<Verified[]>,
  /** Tests lower it (CHAMPION_MIN_MATCHES_TOGETHER). */
  minTogether = CHAMPION_MIN_MATCHES_TOGETHER,
): Promise<{ candidates: Verified[]; exact: boolean; total: number } | null> {
  if (words.length === 1) return oneWordCandidates(db, words[0], window);
  // More words need whole lists, in no order (sorting them cost more than reading). As one string
  // a word: 2,000 rows parse faster so. Not read at all when a word is below minTogether (the
  // check below returns first): reading two lists to step aside cost 2–3 ms a search.
  const rows = rowsOf<{
    word: string;
    bound: number;
    matches: number;
    list: string | null;
    size: number | null;
  }>(
    await db.execute(sql`
      select w.word, w.bound, w.matches,
             (select string_agg(c.entry_id || ' ' || c.impact::text, ',')
              from ${searchChampions} c
              where c.word = w.word
                and (select min(matches) from ${searchChampionWords} where word = any(${sql.param(words)}::text[])) >= ${minTogether}) as list,
             ${completeSize(sql`w.word`)} as size
      from ${searchChampionWords} w where w.word = any(${sql.param(words)}::text[])`),
  );
  if (rows.length < words.length || rows.some((r) => Number(r.bound) < 0)) return null;
  if (rows.some((r) => Number(r.matches) < minTogether)) return null;
  // One slot per listed entry, in flat arrays: the lists hold 2,000 entries each, and a Map per
  // list plus an object per entry cost about 2 ms of a search. A slot's `present` has bit i set
  // when the list of rows[i] holds the entry, so a query of more than 30 words ranks in full.
  if (rows.length > 30) return null;
  const bounds = rows.map((r) => Number(r.bound));
  const boundSum = bounds.reduce((sum, b) => sum + b, 0);
  // Every list complete (bound 0, fewer matches than a list holds): every match is in them all.
  const complete = bounds.every((b) => b === 0);
  const slotOf = new Map<string, number>();
  const ids: string[] = [];
  const known: number[] = [];
  const present: number[] = [];
  rows.forEach((row, i) => {
    // "id impact,id impact,…": one split, two fields an entry.
    const fields = row.list ? row.list.split(/[ ,]/) : [];
    for (let f = 0; f + 1 < fields.length; f += 2) {
      let slot = slotOf.get(fields[f]);
      if (slot === undefined) {
        slot = ids.length;
        slotOf.set(fields[f], slot);
        ids.push(fields[f]);
        known.push(0);
        present.push(0);
      }
      known[slot] += Number(fields[f + 1]);
      present[slot] |= 1 << i;
    }
  });
  const inEvery = (1 << rows.length) - 1;
  // Upper bounds: known shares, plus the bound of each list the entry is not in.
  const upper = known.map((k, slot) => {
    let u = k;
    for (let i = 0; i < rows.length; i++) if (!(present[slot] & (1 << i))) u += bounds[i];
    return u;
  });
  // Entries in every list are matches with a known score: the window's last of them is a floor.
  const fullScores = upper.filter((_, slot) => present[slot] === inEvery).sort((a, b) => b - a);
  // No listed entry holds every word: the words seldom meet (分布式 事务 at 1,000,000 entries, none
  // at all). Every listed entry's bound then reaches the threshold, and scoring them found nothing
  // in 53 ms where ranking in full took 4.4: step aside at once.
  if (!complete && fullScores.length === 0) return null;
  const floor = fullScores.length >= window ? fullScores[window - 1] : 0;
  const threshold = complete ? 0 : Math.max(floor, boundSum) * (1 - EPSILON);
  // Highest upper bound first, a window's worth at a time: once the window's last scored entry
  // beats the bound of the next unscored one, none of the rest can get in, so they stay unread.
  const order = upper
    .map((_, slot) => slot)
    .filter((slot) => upper[slot] >= threshold)
    .sort((a, b) => upper[b] - upper[a]);
  const toVerify = order.map((slot) => ids[slot]);
  if (complete) {
    const all = (await score(toVerify)).sort((a, b) => b.relevance - a.relevance || byNewest(a, b));
    return { candidates: all.slice(0, window), exact: true, total: all.length };
  }
  const verified: Verified[] = [];
  let scored = 0;
  while (scored < toVerify.length) {
    if (scored >= VERIFY_MAX) return null;
    const batch = toVerify.slice(scored, scored + Math.max(window, 1));
    scored += batch.length;
    verified.push(...(await score(batch)));
    verified.sort((a, b) => b.relevance - a.relevance || byNewest(a, b));
    const next = toVerify[scored];
    if (next === undefined || verified.length < window) continue;
    if (upper[order[scored]] < verified[window - 1].relevance * (1 - EPSILON)) break;
  }
  const top = verified.slice(0, window);
  if (top.length < window) return null;
  const last = top[top.length - 1].relevance;
  if (last <= boundSum * (1 + EPSILON)) return null;
  // Every listed entry left unscored must fall short of the window (a last check of the above,
  // which also covers those below the first threshold).
  const wasScored = new Uint8Array(ids.length);
  for (let k = 0; k < scored; k++) wasScored[order[k]] = 1;
  for (let slot = 0; slot < ids.length; slot++) {
    if (!wasScored[slot] && upper[slot] >= last * (1 - EPSILON)) return null;
  }
  return { candidates: top, exact: false, total: 0 };
}
