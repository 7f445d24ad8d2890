import type { CacheRule } from "../lib/page-cache.ts";

/**
 * Which URLs the anonymous page cache keeps (issue 8, ADR 011), for how long, and under which purge
 * scopes: the pages of spec §2 a visitor reads and the public JSON lists. Anything not listed here
 * is never cached. `page-cache.ts` asks `readRule` for every request it might answer.
 */
const ID = "([0-9a-zA-Z]{24})";

type Family = "list" | "detail" | "search" | "api";
/** One line a cacheable path: its TTL family and the scope its id (group 1) belongs to. */
const PAGE_RULES: [RegExp, Family, string?][] = [
  [/^\/$/, "list"],
  [/^\/welcome(\/[^/]+)?$/, "list"],
  [/^\/explore(\/[^/]+)?$/, "list"],
  [/^\/zhuanlan(\/[^/]+)?$/, "list"],
  [/^\/tag\/[^/]+$/, "list"],
  [/^\/pins$/, "list"],
  [/^\/books(\/[^/]+)?$/, "list"],
  [/^\/repos$/, "list"],
  [/^\/collections(\/[^/]+)?$/, "list"],
  [/^\/subscribe\/all$/, "list"],
  [/^\/about$/, "list"],
  [/^\/app$/, "list"],
  [/^\/search$/, "search"],
  // What feed readers and crawlers fetch (syndication): cached like the lists they follow.
  [/^\/feeds\/(tag\/|user\/)?[^/]+\.(xml|rss)$/, "list"],
  [/^\/(sitemap\.xml|sitemaps\/[^/]+\.xml|robots\.txt)$/, "list"],
  [new RegExp(`^/post/${ID}$`), "detail", "entry"],
  [new RegExp(`^/entry/${ID}(/detail(/answer)?(/[^/]+)?)?$`), "detail", "entry"],
  [new RegExp(`^/pin/${ID}$`), "detail", "pin"],
  [new RegExp(`^/repo/${ID}$`), "detail", "repo"],
  [new RegExp(`^/book/${ID}(/section(/[^/]+)?)?$`), "detail", "booklet"],
  [new RegExp(`^/collection/${ID}$`), "detail", "collection"],
  [new RegExp(`^/user/${ID}(/[^/]+)?$`), "detail", "user"],
];

/**
 * Public JSON lists whose answer to a logged-out caller depends only on the URL. Not here: anything
 * that counts (getEntryView), issues something (captcha, OAuth, tracking beacons) or reads the
 * caller's own state.
 */
const API_RULES: [RegExp, string?][] = [
  [/^\/api\/(get_entry_by_(rank|timeline|period|hot|ids)|entries|get_related_entry|categories)$/],
  [/^\/api\/(pins|getByID|get_banner|getDetailData|getEntry)$/],
  [/^\/api\/(get_trending|get_trending_languages|get_showcases|get_repo_detail)$/],
  [/^\/api\/(homeCollectionSet|getCollectionSetEntries|getCollectionSetInfo|getHotTags)$/],
  [/^\/api\/getUserCollectionSet(\/\d+)?$/],
  [/^\/api\/(getUserFollowerList|getUserFolloweeList|get_multi_user)$/],
  [/^\/api\/booklets\/(get|getList|getHot|getListSection)$/],
  [/^\/api\/(tags|tag)\/[^?]+$/],
  [/^\/api\/user\/[^/]+\/(like\/entry|subscribe)$/],
  [/^\/api\/search$/],
  [new RegExp(`^/api/entry/${ID}/user$`), "entry"],
  [new RegExp(`^/api/comments/entry/${ID}(/comment/[^/]+)?$`), "entry"],
  [new RegExp(`^/api/comments/repo/${ID}(/comment/[^/]+)?$`), "repo"],
  [new RegExp(`^/api/comments/booklet/${ID}(/comment/[^/]+)?$`), "booklet"],
  [new RegExp(`^/api/comments/${ID}$`), "pin"],
  [/^\/api\/reply\/[^/]+$/, "comments"],
  [/^\/api\/repo\/[^/]+$/],
];

/** Pages that show one comment thread by its comment id depend on every comment's deletion. */
const COMMENT_THREAD = /\/comment\/|\/reply\/|\/detail(\/answer)?\/[^/]+$/;

export interface PageCacheSettings {
  enabled: boolean;
  /** In-process budget in bytes (PAGE_CACHE_MB). */
  maxBytes: number;
  /** Seconds fresh: list pages, one entry's pages, search, JSON lists (PAGE_CACHE_TTL_*). */
  ttl: Record<Family, number>;
  /** Seconds served stale while refreshing (PAGE_CACHE_SWR). */
  swr: number;
  /** Redis key prefix; tests give each app its own. */
  prefix: string;
}

/** The rule for a URL, or null when it is never cached. `.data` (loader data) follows its page. */
export function cacheRule(url: string, settings: PageCacheSettings): CacheRule | null {
  const q = url.indexOf("?");
  let path = q < 0 ? url : url.slice(0, q);
  const scopes = ["*"];
  if (path.startsWith("/api/")) {
    for (const [pattern, scope] of API_RULES) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (scope === "comments") scopes.push("comments");
      else if (scope) scopes.push(`${scope}:${m[1]}`);
      if (COMMENT_THREAD.test(path) && scope !== "comments") scopes.push("comments");
      return { ttl: settings.ttl.api, swr: settings.swr, scopes };
    }
    return null;
  }
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -5);
  for (const [pattern, family, scope] of PAGE_RULES) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (scope) scopes.push(`${scope}:${m[1]}`);
    if (COMMENT_THREAD.test(path)) scopes.push("comments");
    return { ttl: settings.ttl[family], swr: settings.swr, scopes };
  }
  return null;
}

/** URLs read lately and their rules, per settings: a hit asks once per URL, not once per request. */
const knownRules = new WeakMap<PageCacheSettings, Map<string, CacheRule | null>>();
/** URLs remembered at most; past it the memory starts again (query strings make URLs unbounded). */
const KNOWN_RULES = 4096;

/** The rule of a read (GET or HEAD) of a cacheable URL; null for anything else. */
export function readRule(
  method: string | undefined,
  url: string,
  settings: PageCacheSettings,
): CacheRule | null {
  if (method !== "GET" && method !== "HEAD") return null;
  let known = knownRules.get(settings);
  if (!known) knownRules.set(settings, (known = new Map()));
  let rule = known.get(url);
  if (rule === undefined) {
    if (known.size >= KNOWN_RULES) known.clear();
    known.set(url, (rule = cacheRule(url, settings)));
  }
  return rule;
}
