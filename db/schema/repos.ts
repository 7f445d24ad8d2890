import { char, index, integer, jsonb, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import { cascadeRef, counter, createdAt, idColumn, instant, updatedAt } from "./columns.ts";

/** One language of a repo: proportion in percent; entries below 0.1% are dropped, sorted descending. */
export interface RepoLanguage {
  title: string;
  lineCount: number;
  colour: string;
  proportion: number;
}

/** Open-source repository listing (spec §3 Repo), mirrored from the code host. */
export const repos = pgTable(
  "repos",
  {
    id: idColumn(),
    /** The code host's own id. */
    originalId: varchar({ length: 64 }).notNull().unique(),
    url: text().notNull(),
    /** owner/name */
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(""),
    /** Main language ("" when unknown) and its colour. */
    language: varchar({ length: 50 }).notNull().default(""),
    colour: varchar({ length: 16 }).notNull().default(""),
    watchCount: integer().notNull().default(0),
    starCount: integer().notNull().default(0),
    forkCount: integer().notNull().default(0),
    /** Stars gained in the trending windows (since daily, weekly, monthly). */
    dailyStars: integer().notNull().default(0),
    weeklyStars: integer().notNull().default(0),
    monthlyStars: integer().notNull().default(0),
    /** Markdown. */
    readme: text().notNull().default(""),
    /** Users who translated the description (user ids, in order). */
    translatorIdList: char({ length: 24 }).array().notNull().default([]),
    translation: jsonb().$type<{ title: string; description: string }>(),
    languageList: jsonb().$type<RepoLanguage[]>().notNull().default([]),
    license: jsonb().$type<{ name: string; url: string }>(),
    /** The spec's repo `user`: the owner on the code host. */
    owner: jsonb().$type<{ username: string; avatar: string; url: string }>().notNull(),
    /** Comments and replies with targetType repo, not deleted. */
    commentsCount: counter(),
    /** Last push on the code host (the spec spells it commitedAt). */
    commitedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // get_trending: since daily/weekly/monthly, one language or all, ordered (stars, id) descending.
    // With id last the index gives the whole order, so "limit 30" reads 30 index entries, no sort.
    index("repos_daily_idx").on(t.language, t.dailyStars, t.id),
    index("repos_weekly_idx").on(t.language, t.weeklyStars, t.id),
    index("repos_monthly_idx").on(t.language, t.monthlyStars, t.id),
    index("repos_daily_all_idx").on(t.dailyStars, t.id),
    index("repos_weekly_all_idx").on(t.weeklyStars, t.id),
    index("repos_monthly_all_idx").on(t.monthlyStars, t.id),
    index("repos_stars_idx").on(t.starCount, t.id),
  ],
);

/** A curated showcase of repos (get_showcases; the first 5 are shown). */
export const showcases = pgTable(
  "showcases",
  {
    id: idColumn(),
    url: text().notNull().default(""),
    title: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(""),
    /** Distinct languages of its repos (repoCount = showcase_repos rows). */
    langCount: counter(),
    repoCount: counter(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("showcases_order_idx").on(t.order)],
);

export const showcaseRepos = pgTable(
  "showcase_repos",
  {
    showcaseId: cascadeRef(() => showcases.id),
    repoId: cascadeRef(() => repos.id),
    order: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.showcaseId, t.repoId] }), index("showcase_repos_repo_idx").on(t.repoId)],
);
