import { notFound } from "../../lib/errors.ts";
import { renderMarkdown } from "../../lib/markdown.ts";
import type { Caller, Deps } from "../deps.ts";
import type { CommentListInput, CommentPage, CommentService } from "../comments/index.ts";
import {
  presentRepo,
  presentShowcase,
  presentTrending,
  type RepoDetail,
  type Showcase,
  type TrendingRepo,
} from "./present.ts";
import {
  firstShowcases,
  knownLanguages,
  repoById,
  showcasePreviews,
  storedLanguage,
  trendingRepos,
} from "./queries.ts";
import { usersByIds } from "../users/index.ts";
import {
  ALL_LANGUAGES,
  SHOWCASE_PREVIEW,
  SHOWCASES_SHOWN,
  TRANSLATORS_SHOWN,
  TRENDING_MAX,
  TRENDING_SIZE,
  TRENDING_SINCE,
  type TrendingSince,
} from "./schema.ts";

export const REPO_MISSING = "开源库不存在";
/** Spec §8 "Repo trending: not found": the two messages of a 404 from get_trending. */
export const SINCE_MISSING = "没有这个时间范围的趋势榜";
export const LANGUAGE_MISSING = "没有这种语言的趋势榜";

export interface TrendingInput {
  since?: string;
  lang?: string;
  limit?: number;
}

export interface TrendingPage {
  since: TrendingSince;
  /** The language as stored ("all" for every language). */
  lang: string;
  list: TrendingRepo[];
}

export function isTrendingSince(value: string): value is TrendingSince {
  return (TRENDING_SINCE as readonly string[]).includes(value);
}

/**
 * Open-source repos (spec §7 Repos): trending by window and language, showcases, a repo by id with
 * its readme rendered and translators, and the repo comment lists (through the comment service's
 * "repo" target, server/services/comments/repo-target.ts). Everything here is public.
 */
export function createRepoService(deps: Deps, comments: CommentService) {
  const { db, config } = deps;

  async function load(id: string) {
    const row = await repoById(db, id);
    if (!row) throw notFound(REPO_MISSING);
    // Translators hydrated in one query; only the first ones are shown (spec §9).
    const people = await usersByIds(db, row.translatorIdList.slice(0, TRANSLATORS_SHOWN * 2));
    return { row, repo: presentRepo(row, new Map(people.map((u) => [u.id, u])), TRANSLATORS_SHOWN) };
  }

  return {
    /** repo by id (spec §7): the §3 Repo with its Markdown readme and translators. */
    async byId(id: string) {
      return (await load(id)).repo;
    },

    /** get_repo_detail: the repo plus its readme as safe HTML (server/lib/markdown.ts). */
    async detail(id: string): Promise<RepoDetail> {
      const { repo } = await load(id);
      const readmeHtml = repo.readme
        ? renderMarkdown(repo.readme, { siteOrigin: config.publicUrl }).html
        : "";
      return { ...repo, readmeHtml };
    },

    /**
     * get_trending: since daily (default), weekly or monthly; lang all (default) or a known main
     * language, matched case-insensitively. Anything else is 404 (spec §8).
     */
    async trending(input: TrendingInput): Promise<TrendingPage> {
      const since = input.since || "daily";
      if (!isTrendingSince(since)) throw notFound(SINCE_MISSING);
      const asked = (input.lang ?? "").trim() || ALL_LANGUAGES;
      let lang: string | null = null;
      if (asked.toLowerCase() !== ALL_LANGUAGES) {
        const stored = await storedLanguage(db, asked);
        if (!stored) throw notFound(LANGUAGE_MISSING);
        lang = stored;
      }
      const limit = Math.min(Math.max(Math.floor(input.limit ?? TRENDING_SIZE), 1), TRENDING_MAX);
      const rows = await trendingRepos(db, since, lang, limit);
      return {
        since,
        lang: lang ?? ALL_LANGUAGES,
        list: rows.map((r) => presentTrending(r.repo, r.periodStars)),
      };
    },

    /** The languages get_trending knows (main languages of repos), most repos first. */
    languages: () => knownLanguages(db),

    /** get_showcases: the first 5 by order (spec §9), each with a preview of its repos. */
    async showcases(): Promise<Showcase[]> {
      const rows = await firstShowcases(db, SHOWCASES_SHOWN);
      const previews = await showcasePreviews(
        db,
        rows.map((s) => s.id),
        SHOWCASE_PREVIEW,
      );
      return rows.map((s) =>
        presentShowcase(
          s,
          previews
            .filter((p) => p.showcaseId === s.id)
            .map((p) => ({ id: p.id, name: p.name, language: p.language, colour: p.colour })),
        ),
      );
    },

    /** Repo comments (spec §7 "repo comments"): root comments new or hot, with their first replies. */
    comments(repoId: string, input: CommentListInput, caller: Caller): Promise<CommentPage> {
      return comments.list("repo", repoId, input, caller);
    },

    /** Replies under one root comment of a repo, oldest first. */
    replies(
      repoId: string,
      rootId: string,
      input: { pageSize?: number; createdAt?: string },
      caller: Caller,
    ): Promise<CommentPage> {
      return comments.replies("repo", repoId, rootId, input, caller);
    },
  };
}
