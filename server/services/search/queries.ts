import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
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

const findable = and(eq(entries.status, "published"), isNull(entries.deletedAt));

/**
 * One page of matching entries with their authors, best first, and the number of matches.
 *
 *   with hits as (
 *     select s.entry_id, s.document @@ $phrase as phrase,
 *            ts_rank_cd('{0.1,0.2,0.4,1.0}', s.document, $all, 1) as rank, count(*) over () as total
 *     from entry_search s join entries e on e.id = s.entry_id
 *     where s.document @@ $all and e.status = 'published' and e.deleted_at is null
 *     order by phrase desc, rank desc, e.hot_index desc, e.id desc
 *     limit $limit offset $offset)
 *   select … from hits join entries … join users … (same order)
 *
 * The GIN index on entry_search.document finds the candidates; every candidate is ranked (a
 * relevance order has no index to walk), then only the page's rows meet their authors. The
 * phrase flag sorts first: entries with the query's words adjacent and in order lead.
 * entry_search only holds findable entries; the status test is the second lock on that door.
 */
export async function searchEntryPage(db: Tx, q: EntryQuery & { offset: number; limit: number }) {
  const all = sql`${q.all}::tsquery`;
  const phrase = sql`${q.phrase}::tsquery`;
  const hits = db.$with("hits").as(
    db
      .select({
        entryId: entrySearch.entryId,
        phrase: sql<boolean>`${entrySearch.document} @@ ${phrase}`.as("phrase"),
        rank: sql<number>`ts_rank_cd(${WEIGHTS}, ${entrySearch.document}, ${all}, ${sql.raw(String(NORMALIZATION))})`.as(
          "rank",
        ),
        total: sql<number>`count(*) over ()`.as("total"),
      })
      .from(entrySearch)
      .innerJoin(entries, eq(entries.id, entrySearch.entryId))
      .where(and(sql`${entrySearch.document} @@ ${all}`, findable))
      .orderBy(sql`phrase desc, rank desc`, desc(entries.hotIndex), desc(entries.id))
      .limit(q.limit)
      .offset(q.offset),
  );
  return db
    .with(hits)
    .select({ entry: entries, user: users, phrase: hits.phrase, rank: hits.rank, total: hits.total })
    .from(hits)
    .innerJoin(entries, eq(entries.id, hits.entryId))
    .innerJoin(users, eq(users.id, entries.userId))
    .orderBy(desc(hits.phrase), desc(hits.rank), desc(entries.hotIndex), desc(entries.id));
}

/** How many entries match (asked only when a page lies past the end and so carries no total). */
export async function countEntries(db: Tx, all: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entrySearch)
    .innerJoin(entries, eq(entries.id, entrySearch.entryId))
    .where(and(sql`${entrySearch.document} @@ ${all}::tsquery`, findable));
  return Number(row?.n ?? 0);
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
