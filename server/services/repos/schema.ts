import { Type } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";

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
