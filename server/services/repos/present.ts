import type { RepoLanguage, repos, showcases } from "../../../db/schema/index.ts";
import { presentAuthor } from "../entries/index.ts";
import type { PublicUserRow } from "../users/index.ts";

export type RepoRow = typeof repos.$inferSelect;
export type ShowcaseRow = typeof showcases.$inferSelect;

/** Spec §3: languageList entries below 0.1% are dropped. */
export const MIN_LANGUAGE_PROPORTION = 0.1;

/**
 * languageList as the spec shows it: entries below 0.1% dropped, the rest by proportion descending
 * (ties: more lines first, then title, so the order never depends on storage order).
 */
export function presentLanguageList(list: readonly RepoLanguage[]): RepoLanguage[] {
  return list
    .filter((l) => Number.isFinite(l.proportion) && l.proportion >= MIN_LANGUAGE_PROPORTION)
    .map((l) => ({ title: l.title, lineCount: l.lineCount, colour: l.colour, proportion: l.proportion }))
    .sort(
      (a, b) =>
        b.proportion - a.proportion ||
        b.lineCount - a.lineCount ||
        (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
    );
}

/** Repo (spec §3) in a list: everything but the readme. */
export function presentRepoSummary(r: RepoRow) {
  return {
    id: r.id,
    originalId: r.originalId,
    url: r.url,
    name: r.name,
    description: r.description,
    language: r.language,
    colour: r.colour,
    watchCount: r.watchCount,
    starCount: r.starCount,
    forkCount: r.forkCount,
    /** Stars gained in each trending window. */
    dailyStars: r.dailyStars,
    weeklyStars: r.weeklyStars,
    monthlyStars: r.monthlyStars,
    translatorIdList: r.translatorIdList,
    translation: r.translation ?? null,
    languageList: presentLanguageList(r.languageList),
    license: r.license ?? null,
    /** The owner on the code host (spec §3 Repo user). */
    user: { username: r.owner.username, avatar: r.owner.avatar, url: r.owner.url },
    commentsCount: r.commentsCount,
    /** Last push on the code host (spec spelling). */
    commitedAt: r.commitedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A translator as the repo page shows them. */
export type RepoTranslator = ReturnType<typeof presentAuthor>;

/**
 * Repo (spec §3) by id: the summary plus the Markdown readme and the first translators (spec §9:
 * 5 shown) in translatorIdList order; ids of users that no longer exist are skipped.
 */
export function presentRepo(r: RepoRow, usersById: Map<string, PublicUserRow>, shown: number) {
  const translators = r.translatorIdList
    .map((id) => usersById.get(id))
    .filter((u): u is PublicUserRow => !!u)
    .slice(0, shown)
    .map(presentAuthor);
  return { ...presentRepoSummary(r), readme: r.readme, translators };
}

/** A trending row: the repo and the stars it gained in the asked window. */
export function presentTrending(r: RepoRow, periodStars: number) {
  return { ...presentRepoSummary(r), periodStars };
}

/** Showcase (spec §3) with a preview of its first repos. */
export function presentShowcase(
  s: ShowcaseRow,
  preview: { id: string; name: string; language: string; colour: string }[],
) {
  return {
    id: s.id,
    url: s.url,
    title: s.title,
    description: s.description,
    langCount: s.langCount,
    repoCount: s.repoCount,
    repos: preview,
  };
}

export type RepoDetail = ReturnType<typeof presentRepo> & { readmeHtml: string };
export type TrendingRepo = ReturnType<typeof presentTrending>;
export type Showcase = ReturnType<typeof presentShowcase>;
