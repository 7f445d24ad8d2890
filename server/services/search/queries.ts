import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { entries, entrySearch, users } from "../../../db/schema/index.ts";
import { containsPattern } from "../tags/queries.ts";

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
 * How many matches are ranked: the newest this many. Relevance has no index to walk, so ranking
 * every match of a common word (a third of a million entries for 性能 at a million) would read and
 * score every document; each candidate costs only a glance at the index row here, and only these
 * are scored. Queries with fewer matches (nearly all) are ranked whole. Beyond it there are no pages.
 */
export const RANK_WINDOW = 1000;

const findable = and(eq(entries.status, "published"), isNull(entries.deletedAt));

/**
 * One page of matching entries with their authors, best first, and the number of matches.
 *
 *   with candidates as (                       -- GIN bitmap scan: no document is read
 *     select entry_id, count(*) over () as total from entry_search
 *     where document @@ $all order by entry_id collate "C" desc limit 1000),
 *   hits as (
 *     select c.entry_id, c.total, s.document @@ $phrase as phrase,
 *            ts_rank_cd('{0.1,0.2,0.4,1.0}', s.document, $all, 1) as rank
 *     from candidates c join entry_search s using (entry_id) join entries e on e.id = c.entry_id
 *     where e.status = 'published' and e.deleted_at is null
 *     order by phrase desc, rank desc, e.hot_index desc, e.id desc limit 20 offset $offset)
 *   select … from hits join entries … join users … (same order)
 *
 * The phrase flag sorts first: entries with the query's words adjacent and in order lead. Ids are
 * time-ordered, so the candidates are the newest matches. entry_search only holds findable
 * entries; the status test is a second lock on that door.
 *
 * The planner sees entry_search's heap as small (documents live in TOAST) and so prefers a
 * sequential or primary-key scan that tests `@@` row by row, reading and decompressing every
 * document: at 100,000 entries 240 ms against 60 ms for the GIN bitmap. Hence the two settings,
 * local to this transaction.
 */
export async function searchEntryPage(db: Db, q: EntryQuery & { offset: number; limit: number }) {
  const all = sql`${q.all}::tsquery`;
  const phrase = sql`${q.phrase}::tsquery`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    const candidates = tx.$with("candidates").as(
      tx
        .select({ entryId: entrySearch.entryId, total: sql<number>`count(*) over ()`.as("total") })
        .from(entrySearch)
        .where(sql`${entrySearch.document} @@ ${all}`)
        .orderBy(sql`${entrySearch.entryId} collate "C" desc`)
        .limit(RANK_WINDOW),
    );
    const hits = tx.$with("hits").as(
      tx
        .with(candidates)
        .select({
          entryId: candidates.entryId,
          total: sql<number>`${candidates.total}`.as("hit_total"),
          phrase: sql<boolean>`${entrySearch.document} @@ ${phrase}`.as("phrase"),
          rank: sql<number>`ts_rank_cd(${WEIGHTS}, ${entrySearch.document}, ${all}, ${sql.raw(String(NORMALIZATION))})`.as(
            "rank",
          ),
        })
        .from(candidates)
        .innerJoin(entrySearch, eq(entrySearch.entryId, candidates.entryId))
        .innerJoin(entries, eq(entries.id, candidates.entryId))
        .where(findable)
        .orderBy(sql`phrase desc, rank desc`, desc(entries.hotIndex), desc(entries.id))
        .limit(q.limit)
        .offset(q.offset),
    );
    const rows = await tx
      .with(candidates, hits)
      .select({ entry: entries, user: users, phrase: hits.phrase, rank: hits.rank, total: hits.total })
      .from(hits)
      .innerJoin(entries, eq(entries.id, hits.entryId))
      .innerJoin(users, eq(users.id, entries.userId))
      .orderBy(desc(hits.phrase), desc(hits.rank), desc(entries.hotIndex), desc(entries.id));
    // count(*) over () rides on the page's rows; a page past the end has none, so count apart.
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.offset > 0) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(entrySearch)
        .where(sql`${entrySearch.document} @@ ${all}`);
      total = Number(row?.n ?? 0);
    }
    return { rows, total };
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
