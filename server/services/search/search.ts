import { operationLimiter } from "../../lib/operation-limits.ts";
import { LIMITS } from "../../../shared/validation.ts";
import { badRequest } from "../../lib/errors.ts";
import { segmentQuery } from "../../lib/segment.ts";
import type { Caller, Deps } from "../deps.ts";
import type { PresentedEntry } from "../entries/index.ts";
import { entryHydrator } from "../entries/index.ts";
import type { PresentedTag, TagService } from "../tags/index.ts";
import { presentPublicUser, type PublicUser } from "../users/index.ts";
import { RANK_WINDOW, rankedPage, rankMatches, searchUsers, type RankedMatches } from "./queries.ts";

export const SEARCH_PAGE_SIZE = 20;
/** Users and tags shown beside the entries (spec §9: 10 suggested tags for a search). */
export const SEARCH_USERS = 10;
export const SEARCH_TAGS = 10;
/** Pages are numbered from 0 and end with the ranked window (queries.ts: the RANK_WINDOW = 400 most relevant matches). */
export const SEARCH_MAX_PAGE = RANK_WINDOW / SEARCH_PAGE_SIZE - 1;

export interface SearchResult {
  /** The query as searched: trimmed. */
  query: string;
  /** Its words (server/lib/segment.ts), lowercased: what matched, for highlighting. */
  words: string[];
  /** Zero-based. */
  page: number;
  pageSize: number;
  entries: {
    list: PresentedEntry[];
    /**
     * How many entries match (pages stop at the ranked window of the 400 most relevant). Exact
     * when `totalExact`; for a word with more matches than the window on the RUM path it is the
     * planner's estimate (queries.ts rumCandidates) — shown as 约 N.
     */
    total: number;
    totalExact: boolean;
    canNext: boolean;
  };
  users: PublicUser[];
  tags: PresentedTag[];
}

/** A word as a tsquery operand: quoted, so c++ or .net stay one lexeme, not parsed again. */
const lexeme = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * The tsqueries of the query words (queries.ts EntryQuery): every word (deduplicated) for
 * matching, any of them for relevance, and all of them in order, adjacent, for the phrase that
 * ranks first.
 */
export function entryQuery(words: string[]) {
  const distinct = [...new Set(words)];
  return {
    words: distinct,
    all: distinct.map(lexeme).join(" & "),
    any: distinct.map(lexeme).join(" | "),
    phrase: words.map(lexeme).join(" <-> "),
  };
}

/**
 * Search (spec §7 Search, §5): entries, users and tags for a query. The entries are the 400 most
 * relevant of all matches (queries.ts RANK_WINDOW, relevance.ts), phrase matches first, then
 * relevance weighted by heat (hotIndex); users by name and tags by title, exact first; a signed-in
 * searcher sees no entry or account of people they muted or blocked. A constant
 * number of queries whatever the page size: entries with authors, their tags, the caller's likes,
 * users, tags, the caller's tag subscriptions.
 */
export function createSearchService(deps: Deps, tagService: Pick<TagService, "findByTitle">) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);
  const hydrate = entryHydrator(db);
  const rankings = rankingCache(deps.config.searchRankingTtl * 1000);

  return {
    /** The last page (zero-based) a query has: the search page clamps a URL's ?page= to it. */
    maxPage: SEARCH_MAX_PAGE,

    async search(input: { query?: string; page?: number }, caller: Caller): Promise<SearchResult> {
      await limits.hit("search", caller);
      const query = (input.query ?? "").trim();
      if ([...query].length > LIMITS.searchMax) {
        throw badRequest(`搜索词不能超过 ${LIMITS.searchMax} 个字符`, "query");
      }
      const page = input.page ?? 0;
      if (!Number.isInteger(page) || page < 0 || page > SEARCH_MAX_PAGE) {
        throw badRequest(`页码应在 0 到 ${SEARCH_MAX_PAGE} 之间`, "page");
      }
      const result: SearchResult = {
        query,
        words: [],
        page,
        pageSize: SEARCH_PAGE_SIZE,
        entries: { list: [], total: 0, totalExact: true, canNext: false },
        users: [],
        tags: [],
      };
      // Spec §5: an empty query is ignored — an empty answer, not an error.
      if (!query) return result;
      result.words = segmentQuery(query);

      const offset = page * SEARCH_PAGE_SIZE;
      const q = result.words.length ? entryQuery(result.words) : null;
      const [found, userRows, tagPage] = await Promise.all([
        q
          ? rankings
              .get(q, () => rankMatches(db, q))
              .then((ranked) => rankedPage(db, ranked, offset, SEARCH_PAGE_SIZE, caller.userId))
          : Promise.resolve({ rows: [], total: 0, exact: true }),
        searchUsers(db, query, SEARCH_USERS, caller.userId),
        tagService.findByTitle({ type: "hot", text: query, page: 1, pageSize: SEARCH_TAGS }, caller),
      ]);
      result.entries = {
        list: await hydrate(found.rows, caller),
        total: found.total,
        totalExact: found.exact,
        canNext: offset + found.rows.length < Math.min(found.total, RANK_WINDOW),
      };
      result.users = userRows.map(presentPublicUser);
      result.tags = tagPage.list;
      return result;
    },
  };
}

/** Queries whose ranking one process keeps: about 20 KB each (400 candidates). */
const RANKINGS_KEPT = 500;

/**
 * The rankings of recent queries, kept `ttlMs` in this process: the 20 pages of a query, and the
 * same query from many people, rank once (the ranking is the costly part: up to 400 matches read
 * and scored; a page is then one statement). Logged-in searchers share it too, unlike the page
 * cache. A kept ranking misses entries published since, for at most `ttlMs`; deleted or
 * unpublished ones never show (rankedPage reads only findable entries). Concurrent searches of one
 * query wait for one ranking; a failed ranking is not kept. Oldest first out past RANKINGS_KEPT.
 */
function rankingCache(ttlMs: number) {
  const kept = new Map<string, { at: number; ranking: Promise<RankedMatches> }>();
  return {
    get(q: ReturnType<typeof entryQuery>, rank: () => Promise<RankedMatches>): Promise<RankedMatches> {
      if (ttlMs <= 0) return rank();
      const key = `${q.all}\n${q.any}\n${q.phrase}`;
      const now = Date.now();
      const held = kept.get(key);
      if (held && now - held.at < ttlMs) return held.ranking;
      kept.delete(key);
      const ranking = rank();
      kept.set(key, { at: now, ranking });
      ranking.catch(() => {
        if (kept.get(key)?.ranking === ranking) kept.delete(key);
      });
      for (const oldest of kept.keys()) {
        if (kept.size <= RANKINGS_KEPT) break;
        kept.delete(oldest);
      }
      return ranking;
    },
  };
}
