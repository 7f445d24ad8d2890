import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { rowById } from "../../lib/row-by-id.ts";
import { repos, showcaseRepos, showcases } from "../../../db/schema/index.ts";
import type { TrendingSince } from "./schema.ts";

/** The stars-in-window column of each trending window. */
const WINDOW = {
  daily: repos.dailyStars,
  weekly: repos.weeklyStars,
  monthly: repos.monthlyStars,
} as const;

export async function repoById(db: Tx, id: string) {
  return rowById(db, repos, id);
}

/**
 * One trending list: stars gained in the window, most first, ties by newest id. Walks
 * repos_{window}_idx (language, stars, id) for one language or repos_{window}_all_idx (stars, id)
 * for all, backward, so the limit stops the scan without a sort.
 */
export async function trendingRepos(db: Tx, since: TrendingSince, language: string | null, limit: number) {
  const stars = WINDOW[since];
  return db
    .select({ repo: repos, periodStars: stars })
    .from(repos)
    .where(language === null ? undefined : eq(repos.language, language))
    .orderBy(desc(stars), desc(repos.id))
    .limit(limit);
}

/**
 * The stored spelling of a language, matched exactly first (an index probe on the language prefix
 * of repos_daily_idx) and case-insensitively after (a scan, only for odd spellings like "rust").
 */
export async function storedLanguage(db: Tx, lang: string): Promise<string | undefined> {
  const [exact] = await db
    .select({ language: repos.language })
    .from(repos)
    .where(eq(repos.language, lang))
    .limit(1);
  if (exact) return exact.language;
  const [loose] = await db
    .select({ language: repos.language })
    .from(repos)
    .where(and(ne(repos.language, ""), sql`lower(${repos.language}) = lower(${lang})`))
    .orderBy(asc(repos.language))
    .limit(1);
  return loose?.language;
}

/** Main languages with their repo counts, most repos first: the filter of the trending page. */
export async function knownLanguages(db: Tx) {
  const rows = await db
    .select({
      title: repos.language,
      colour: sql<string>`max(${repos.colour})`,
      repoCount: sql<number>`count(*)::int`,
    })
    .from(repos)
    .where(ne(repos.language, ""))
    .groupBy(repos.language)
    .orderBy(desc(sql`count(*)`), asc(repos.language));
  return rows.map((r) => ({ ...r, repoCount: Number(r.repoCount) }));
}

/** The first showcases by their order (showcases_order_idx). */
export async function firstShowcases(db: Tx, limit: number) {
  return db.select().from(showcases).orderBy(asc(showcases.order), asc(showcases.id)).limit(limit);
}

/** The first `perShowcase` repos of each showcase, in showcase order, in one query. */
export async function showcasePreviews(db: Tx, showcaseIds: string[], perShowcase: number) {
  if (!showcaseIds.length) return [];
  const ranked = db
    .select({
      showcaseId: showcaseRepos.showcaseId,
      repoId: showcaseRepos.repoId,
      position:
        sql<number>`row_number() over (partition by ${showcaseRepos.showcaseId} order by ${showcaseRepos.order}, ${showcaseRepos.repoId})`.as(
          "position",
        ),
    })
    .from(showcaseRepos)
    .where(inArray(showcaseRepos.showcaseId, showcaseIds))
    .as("ranked");
  return db
    .select({
      showcaseId: ranked.showcaseId,
      id: repos.id,
      name: repos.name,
      language: repos.language,
      colour: repos.colour,
    })
    .from(ranked)
    .innerJoin(repos, eq(repos.id, ranked.repoId))
    .where(sql`${ranked.position} <= ${perShowcase}`)
    .orderBy(asc(ranked.showcaseId), asc(ranked.position));
}

export type RepoInsert = typeof repos.$inferInsert;

/**
 * Inserts or refreshes repos by the code host's id (repos.originalId is unique). Counters kept
 * here (commentsCount) are never overwritten by an import; the ids of new rows are the given ones.
 */
export async function upsertRepos(db: Tx, rows: RepoInsert[]): Promise<{ id: string; originalId: string }[]> {
  if (!rows.length) return [];
  const fresh = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(repos)
    .values(rows)
    .onConflictDoUpdate({
      target: repos.originalId,
      set: {
        url: fresh("url"),
        name: fresh("name"),
        description: fresh("description"),
        language: fresh("language"),
        colour: fresh("colour"),
        watchCount: fresh("watch_count"),
        starCount: fresh("star_count"),
        forkCount: fresh("fork_count"),
        dailyStars: fresh("daily_stars"),
        weeklyStars: fresh("weekly_stars"),
        monthlyStars: fresh("monthly_stars"),
        readme: fresh("readme"),
        languageList: fresh("language_list"),
        license: fresh("license"),
        owner: fresh("owner"),
        commitedAt: fresh("commited_at"),
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: repos.id, originalId: repos.originalId });
}
