/**
 * Where repos come from. The site mirrors repositories of a code host (spec §3 Repo "originalId");
 * a RepoSource reads them, `importRepos` maps them to rows and upserts them by originalId.
 *
 * Two sources:
 * - `githubSource`: the GitHub REST API (documented below). Not reachable from this sandbox; kept
 *   complete so a deployment with network access can schedule it.
 * - `jsonSource`: repos from a JSON array (a file, or objects in tests), in the ImportedRepo shape.
 */
import { readFile } from "node:fs/promises";
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Tx } from "../../../db/client.ts";
import type { RepoLanguage } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { upsertRepos, type RepoInsert } from "./queries.ts";

/** One repo as a source reports it, before it becomes a row. */
export const ImportedRepo = Type.Object({
  originalId: Type.String({ minLength: 1, maxLength: 64 }),
  url: Type.String({ minLength: 1, maxLength: 500 }),
  /** owner/name */
  name: Type.String({ minLength: 3, maxLength: 200, pattern: "^[^/\\s]+/[^/\\s]+$" }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  language: Type.Optional(Type.String({ maxLength: 50 })),
  watchCount: Type.Integer({ minimum: 0 }),
  starCount: Type.Integer({ minimum: 0 }),
  forkCount: Type.Integer({ minimum: 0 }),
  /** Stars gained in the last day, week and month. */
  dailyStars: Type.Optional(Type.Integer({ minimum: 0 })),
  weeklyStars: Type.Optional(Type.Integer({ minimum: 0 })),
  monthlyStars: Type.Optional(Type.Integer({ minimum: 0 })),
  readme: Type.Optional(Type.String({ maxLength: 500_000 })),
  /** Size of each language's code (GitHub reports bytes); proportions are computed from these. */
  languages: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.Number({ minimum: 0 }))),
  license: Type.Optional(Type.Union([Type.Null(), Type.Object({ name: Type.String(), url: Type.String() })])),
  owner: Type.Object({ username: Type.String(), avatar: Type.String(), url: Type.String() }),
  /** Last push, ISO time. */
  commitedAt: Type.Optional(Type.Union([Type.Null(), Type.String()])),
});
export type ImportedRepo = Static<typeof ImportedRepo>;

/** A provider of repos: the full names (owner/name) to read, or its own list when none are given. */
export interface RepoSource {
  readonly name: string;
  fetchRepos(names?: readonly string[]): Promise<ImportedRepo[]>;
}

/** GitHub linguist colours of the languages the site shows most; others fall back to grey. */
export const LANGUAGE_COLOURS: Readonly<Record<string, string>> = {
  TypeScript: "#3178c6",
  JavaScript: "#f1e05a",
  Rust: "#dea584",
  Go: "#00ADD8",
  Java: "#b07219",
  Python: "#3572A5",
  Dart: "#00B4AB",
  "C++": "#f34b7d",
  C: "#555555",
  "C#": "#178600",
  Kotlin: "#A97BFF",
  Swift: "#F05138",
  "Objective-C": "#438eff",
  PHP: "#4F5D95",
  Ruby: "#701516",
  Shell: "#89e051",
  CSS: "#563d7c",
  HTML: "#e34c26",
  Vue: "#41b883",
  Makefile: "#427819",
};
export const FALLBACK_COLOUR = "#cccccc";
export const colourOf = (language: string) => LANGUAGE_COLOURS[language] ?? FALLBACK_COLOUR;

/**
 * languageList from code sizes: proportion in percent with one decimal, below 0.1% dropped, largest
 * first (spec §3). lineCount carries the size the source reported (GitHub: bytes).
 */
export function languageListFrom(sizes: Readonly<Record<string, number>>): RepoLanguage[] {
  const entries = Object.entries(sizes).filter(([, n]) => Number.isFinite(n) && n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total <= 0) return [];
  return (
    entries
      // Dropped on the exact share: 0.06% would round up to 0.1 and look kept.
      .filter(([, n]) => (n / total) * 100 >= 0.1)
      .map(([title, n]) => ({
        title,
        lineCount: Math.round(n),
        colour: colourOf(title),
        proportion: Math.round((n / total) * 1000) / 10,
      }))
      .sort(
        (a, b) => b.proportion - a.proportion || b.lineCount - a.lineCount || (a.title < b.title ? -1 : 1),
      )
  );
}

/** The row an imported repo becomes (a new id; an existing originalId keeps its row and id). */
export function rowFrom(repo: ImportedRepo, now = new Date()): RepoInsert {
  const language = repo.language ?? "";
  return {
    id: newId(now),
    originalId: repo.originalId,
    url: repo.url,
    name: repo.name,
    description: repo.description ?? "",
    language,
    colour: language ? colourOf(language) : "",
    watchCount: repo.watchCount,
    starCount: repo.starCount,
    forkCount: repo.forkCount,
    dailyStars: repo.dailyStars ?? 0,
    weeklyStars: repo.weeklyStars ?? 0,
    monthlyStars: repo.monthlyStars ?? 0,
    readme: repo.readme ?? "",
    languageList: languageListFrom(repo.languages ?? (language ? { [language]: 1 } : {})),
    license: repo.license ?? null,
    owner: repo.owner,
    commitedAt: repo.commitedAt ? new Date(repo.commitedAt) : null,
  };
}

/** Checks a source's answer against ImportedRepo; the message names the first bad path. */
export function parseImportedRepos(json: unknown): ImportedRepo[] {
  const list = Type.Array(ImportedRepo);
  if (Value.Check(list, json)) return json;
  const first = Value.Errors(list, json).First();
  throw new Error(`repo import: ${first?.path || "/"} ${first?.message ?? "invalid"}`);
}

/** Repos from JSON: an array given directly (tests) or a file path holding one. */
export function jsonSource(input: string | unknown[]): RepoSource {
  return {
    name: "json",
    async fetchRepos(names) {
      const json = typeof input === "string" ? JSON.parse(await readFile(input, "utf8")) : input;
      const all = parseImportedRepos(json);
      return names ? all.filter((r) => names.includes(r.name)) : all;
    },
  };
}

/** Reads repos from a source and upserts them by originalId; answers the rows' ids. */
export async function importRepos(db: Tx, source: RepoSource, names?: readonly string[]) {
  const fetched = await source.fetchRepos(names);
  return upsertRepos(
    db,
    fetched.map((r) => rowFrom(r)),
  );
}

// ---- GitHub REST (https://docs.github.com/en/rest) --------------------------------------------

/** The fields of GET /repos/{owner}/{repo} we read. */
export interface GitHubRepoJson {
  id: number;
  html_url: string;
  full_name: string;
  description: string | null;
  language: string | null;
  stargazers_count: number;
  forks_count: number;
  /** The real watcher count ("watchers_count" is an old alias of stargazers_count). */
  subscribers_count?: number;
  pushed_at: string | null;
  license: { spdx_id: string | null; name: string; url?: string | null } | null;
  owner: { login: string; avatar_url: string; html_url: string };
}

/** Maps GitHub's repo JSON (plus languages, readme and window stars read separately) to ImportedRepo. */
export function fromGitHub(
  json: GitHubRepoJson,
  extra: {
    languages?: Record<string, number>;
    readme?: string;
    stars?: { daily: number; weekly: number; monthly: number };
  } = {},
): ImportedRepo {
  const spdx = json.license?.spdx_id && json.license.spdx_id !== "NOASSERTION" ? json.license.spdx_id : null;
  return {
    originalId: String(json.id),
    url: json.html_url,
    name: json.full_name,
    description: json.description ?? "",
    language: json.language ?? "",
    watchCount: json.subscribers_count ?? 0,
    starCount: json.stargazers_count,
    forkCount: json.forks_count,
    dailyStars: extra.stars?.daily ?? 0,
    weeklyStars: extra.stars?.weekly ?? 0,
    monthlyStars: extra.stars?.monthly ?? 0,
    readme: extra.readme ?? "",
    languages: extra.languages ?? {},
    license: json.license
      ? {
          name: spdx ?? json.license.name,
          url: spdx
            ? `https://choosealicense.com/licenses/${spdx.toLowerCase()}/`
            : `${json.html_url}#license`,
        }
      : null,
    owner: { username: json.owner.login, avatar: json.owner.avatar_url, url: json.owner.html_url },
    commitedAt: json.pushed_at,
  };
}

const DAY_MS = 86_400_000;
/** Stargazer pages read backward per repo: at most this many × 100 recent stars are counted. */
const STARGAZER_PAGES = 10;

/**
 * GitHub REST source, per repo:
 * - GET /repos/{owner}/{repo} → fields, counts, licence, owner (`fromGitHub`);
 * - GET /repos/{owner}/{repo}/languages → bytes per language (→ languageList);
 * - GET /repos/{owner}/{repo}/readme with Accept application/vnd.github.raw → the Markdown;
 * - GET /repos/{owner}/{repo}/stargazers?per_page=100&page=N with Accept
 *   application/vnd.github.star+json → starred_at times, read from the last page backward until a
 *   star is older than 30 days: the daily, weekly and monthly windows (GitHub has no trending API).
 * `fetchImpl` is injectable so the mapping can be exercised without the network. Without a token
 * GitHub allows 60 requests an hour, so a deployment passes one (GITHUB_TOKEN).
 */
export function githubSource(opts: {
  names: readonly string[];
  token?: string;
  fetchImpl?: typeof fetch;
  apiBase?: string;
  now?: () => Date;
}): RepoSource {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const base = opts.apiBase ?? "https://api.github.com";
  const headers = (accept: string): Record<string, string> => ({
    accept,
    "x-github-api-version": "2022-11-28",
    "user-agent": "nugget-repo-import",
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
  });
  async function get(path: string, accept = "application/vnd.github+json"): Promise<Response> {
    const res = await fetchImpl(`${base}${path}`, { headers: headers(accept) });
    if (!res.ok && res.status !== 404) throw new Error(`GitHub ${path}: HTTP ${res.status}`);
    return res;
  }
  async function windowStars(name: string, starCount: number) {
    const now = (opts.now?.() ?? new Date()).getTime();
    const counts = { daily: 0, weekly: 0, monthly: 0 };
    const lastPage = Math.max(1, Math.ceil(starCount / 100));
    for (let page = lastPage, read = 0; page >= 1 && read < STARGAZER_PAGES; page--, read++) {
      const res = await get(
        `/repos/${name}/stargazers?per_page=100&page=${page}`,
        "application/vnd.github.star+json",
      );
      if (!res.ok) break;
      const stars = (await res.json()) as { starred_at: string }[];
      let older = false;
      for (const s of stars) {
        const age = now - Date.parse(s.starred_at);
        if (age <= DAY_MS) counts.daily++;
        if (age <= 7 * DAY_MS) counts.weekly++;
        if (age <= 30 * DAY_MS) counts.monthly++;
        else older = true;
      }
      if (older) break;
    }
    return counts;
  }
  return {
    name: "github",
    async fetchRepos(names = opts.names) {
      const out: ImportedRepo[] = [];
      for (const name of names) {
        const res = await get(`/repos/${name}`);
        if (!res.ok) continue; // renamed or deleted on GitHub: skip, keep our row as it was
        const json = (await res.json()) as GitHubRepoJson;
        const [languages, readme, stars] = await Promise.all([
          get(`/repos/${name}/languages`).then((r) =>
            r.ok ? (r.json() as Promise<Record<string, number>>) : {},
          ),
          get(`/repos/${name}/readme`, "application/vnd.github.raw").then((r) => (r.ok ? r.text() : "")),
          windowStars(name, json.stargazers_count),
        ]);
        out.push(fromGitHub(json, { languages, readme, stars }));
      }
      return out;
    },
  };
}
