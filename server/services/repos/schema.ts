import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { Author, Nullable, Timestamp } from "../../lib/response.ts";

/** Trending windows (spec §7 get_trending, §9: default daily). */
export const TRENDING_SINCE = ["daily", "weekly", "monthly"] as const;
export type TrendingSince = (typeof TRENDING_SINCE)[number];
/** "All languages" in get_trending's lang (spec §9 default). */
export const ALL_LANGUAGES = "all";

/** Trending list length unless asked otherwise; the page shows one screenful of repos. */
export const TRENDING_SIZE = 30;
export const TRENDING_MAX = 100;
/** Spec §9: showcase 5; translators shown 5. */
export const SHOWCASES_SHOWN = 5;
export const TRANSLATORS_SHOWN = 5;
/** Repos previewed on a showcase card. */
export const SHOWCASE_PREVIEW = 4;

export const RepoIdQuery = Type.Object({ id: hexId("开源库 id") });
export const RepoIdParams = idParams("开源库 id");

// since and lang are plain strings on purpose: spec §8 wants "not found" (404) for an unknown
// language or a since other than daily/weekly/monthly, not the 400 a schema enum would give.
export const TrendingQuery = Type.Object({
  since: Type.Optional(
    Type.String({ maxLength: 20, default: "daily", description: "daily（默认）、weekly 或 monthly" }),
  ),
  lang: Type.Optional(
    Type.String({
      maxLength: 50,
      default: ALL_LANGUAGES,
      description: "语言（不区分大小写），all 或不传为全部语言",
    }),
  ),
  // Spec §7 calls the parameter `language` ("since, language unless all"); `lang` is what the
  // repo index URL carries. Both are read; `language` wins when both are sent.
  language: Type.Optional(
    Type.String({ maxLength: 50, description: "lang 的别名（规格 §7 的参数名）；同时传时以 language 为准" }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: TRENDING_MAX, default: TRENDING_SIZE, description: "条数，默认 30" }),
  ),
});

// ---------------------------------------------------------------- answers (present.ts)

/** Repo (spec §3) in a list: everything but the readme (presentRepoSummary). */
const RepoSummary = Type.Object({
  id: Type.String(),
  originalId: Type.String(),
  url: Type.String(),
  name: Type.String({ description: "owner/name" }),
  description: Type.String(),
  language: Type.String(),
  colour: Type.String(),
  watchCount: Type.Number(),
  starCount: Type.Number(),
  forkCount: Type.Number(),
  dailyStars: Type.Number(),
  weeklyStars: Type.Number(),
  monthlyStars: Type.Number(),
  translatorIdList: Type.Array(Type.String()),
  translation: Nullable(Type.Object({ title: Type.String(), description: Type.String() })),
  languageList: Type.Array(
    Type.Object({
      title: Type.String(),
      lineCount: Type.Number(),
      colour: Type.String(),
      proportion: Type.Number({ description: "百分数" }),
    }),
  ),
  license: Nullable(Type.Object({ name: Type.String(), url: Type.String() })),
  user: Type.Object(
    { username: Type.String(), avatar: Type.String(), url: Type.String() },
    { description: "代码托管平台上的所有者" },
  ),
  commentsCount: Type.Number(),
  commitedAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** repo by id (presentRepo): the summary, the Markdown readme and the first translators. */
export const Repo = Type.Object({
  ...RepoSummary.properties,
  readme: Type.String({ description: "Markdown" }),
  translators: Type.Array(Author),
});

/** get_repo_detail: the repo with its readme rendered and sanitized. */
export const RepoDetail = Type.Object({ ...Repo.properties, readmeHtml: Type.String() });

export const TrendingPage = Type.Object({
  since: Type.Unsafe<TrendingSince>(Type.String({ enum: [...TRENDING_SINCE] })),
  lang: Type.String({ description: "库中存储的写法；全部语言为 all" }),
  list: Type.Array(
    Type.Object({
      ...RepoSummary.properties,
      periodStars: Type.Number({ description: "该时间范围内新增的 star" }),
    }),
  ),
});

export const TrendingLanguage = Type.Object({
  title: Type.String(),
  colour: Type.String(),
  repoCount: Type.Number(),
});

/** Showcase (spec §3) with a preview of its first repos (presentShowcase). */
export const Showcase = Type.Object({
  id: Type.String(),
  url: Type.String(),
  title: Type.String(),
  description: Type.String(),
  langCount: Type.Number(),
  repoCount: Type.Number(),
  repos: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), language: Type.String(), colour: Type.String() }),
  ),
});
