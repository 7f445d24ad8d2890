import type { CacheRule } from "../lib/page-cache.ts";

/**
 * Which URLs the anonymous page cache keeps (issue 8, ADR 011), for how long, and under which purge
 * scopes: the pages of spec §2 a visitor reads and the public JSON lists. Anything not listed here
 * is never cached. `page-cache.ts` asks `readRule` for every request it might answer.
 */
const ID = "([0-9a-zA-Z]{24})";

type Family = "list" | "detail" | "search" | "api";
/**
 * The query parameters a page's loaders and components read (issue 29, M1): a stored copy is kept
 * under the path and these alone, and the page is rendered for that same URL (`rewriteUrl`), so
 * `?k=1`, `?k=2`… are one page, rendered once, and cannot grow the store. "route": a page Fastify
 * serves itself (feeds, sitemaps), whose querystring schema names them.
 */
type Params = readonly string[] | "route";
const FEED = ["sort", "pointer"];
const NONE: readonly string[] = [];
/** One line a cacheable path: its TTL family, the query it reads and the scope its id (group 1) belongs to. */
const PAGE_RULES: [RegExp, Family, Params, string?][] = [
  [/^\/$/, "list", FEED],
  [/^\/welcome(\/[^/]+)?$/, "list", FEED],
  [/^\/explore(\/[^/]+)?$/, "list", FEED],
  [/^\/zhuanlan(\/[^/]+)?$/, "list", FEED],
  [/^\/tag\/[^/]+$/, "list", FEED],
  [/^\/pins$/, "list", ["before"]],
  [/^\/books(\/[^/]+)?$/, "list", FEED],
  [/^\/repos$/, "list", ["since", "lang"]],
  [/^\/collections(\/[^/]+)?$/, "list", ["sort", "page", "tag"]],
  [/^\/subscribe\/all$/, "list", ["sort", "query", "page"]],
  [/^\/about$/, "list", NONE],
  [/^\/app$/, "list", NONE],
  [/^\/search$/, "search", ["query", "page"]],
  // What feed readers and crawlers fetch (syndication): cached like the lists they follow.
  [/^\/feeds\/(tag\/|user\/)?[^/]+\.(xml|rss)$/, "list", "route"],
  [/^\/(sitemap\.xml|sitemaps\/[^/]+\.xml|robots\.txt)$/, "list", "route"],
  [new RegExp(`^/post/${ID}$`), "detail", NONE, "entry"],
  [new RegExp(`^/entry/${ID}(/detail(/answer)?(/[^/]+)?)?$`), "detail", NONE, "entry"],
  [new RegExp(`^/pin/${ID}$`), "detail", NONE, "pin"],
  [new RegExp(`^/repo/${ID}$`), "detail", NONE, "repo"],
  [new RegExp(`^/book/${ID}(/section(/[^/]+)?)?$`), "detail", NONE, "booklet"],
  [new RegExp(`^/collection/${ID}$`), "detail", ["sort", "page"], "collection"],
  [new RegExp(`^/user/${ID}(/[^/]+)?$`), "detail", ["pointer", "page", "before", "show", "cursor"], "user"],
];
/**
 * Read on every page: the loaders React Router's client asks for (`.data?_routes=`), and the
 * shell's one-off alert (app/lib/redirect-alert.ts), which the page renders.
 */
const EVERY_PAGE = ["_routes", "alert"];

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
  /**
   * Bytes the pages stored in Redis may hold at most (PAGE_CACHE_REDIS_MB): a flood of distinct
   * URLs stops being stored there, and never crowds out what shares the Redis (issue 29, M1).
   */
  redisMaxBytes: number;
  /** Seconds fresh: list pages, one entry's pages, search, JSON lists (PAGE_CACHE_TTL_*). */
  ttl: Record<Family, number>;
  /** Seconds served stale while refreshing (PAGE_CACHE_SWR). */
  swr: number;
  /** Redis key prefix; tests give each app its own. */
  prefix: string;
}

/** The longest a stored page lives (fresh, then stale), in seconds: what the Redis budget counts over. */
export function longestLife(settings: PageCacheSettings): number {
  return Math.max(...Object.values(settings.ttl)) + settings.swr;
}

/** The rule for a URL, or null when it is never cached. `.data` (loader data) follows its page. */
export function cacheRule(url: string, settings: PageCacheSettings): CacheRule | null {
  return ruleAndParams(url, settings)?.rule ?? null;
}

function ruleAndParams(url: string, settings: PageCacheSettings): { rule: CacheRule; params: Params } | null {
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
      return { rule: { ttl: settings.ttl.api, swr: settings.swr, scopes }, params: "route" };
    }
    return null;
  }
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -5);
  for (const [pattern, family, params, scope] of PAGE_RULES) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (scope) scopes.push(`${scope}:${m[1]}`);
    if (COMMENT_THREAD.test(path)) scopes.push("comments");
    return { rule: { ttl: settings.ttl[family], swr: settings.swr, scopes }, params };
  }
  return null;
}

/** A cacheable read: its rule and the URL it is stored under (and rendered for, `rewriteUrl`). */
export interface CacheTarget {
  rule: CacheRule;
  key: string;
}

/**
 * The query parameters a route Fastify serves reads, from its querystring schema: the API's lists
 * (every call validates its input by schema) and the syndication feeds; null to keep them all.
 */
export type RouteParams = (path: string) => readonly string[] | null;

/**
 * `path?query` with only the parameters in `keep`, in the order they came (a page may read a key
 * given twice as both; Fastify's parser keeps both too).
 */
function keepParams(url: string, keep: readonly string[]): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (keep.length === 0) return path;
  const kept: string[] = [];
  for (const pair of url.slice(q + 1).split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    let name: string;
    try {
      name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
    } catch {
      continue;
    }
    if (keep.includes(name)) kept.push(pair);
  }
  return kept.length ? `${path}?${kept.join("&")}` : path;
}

/** URLs remembered at most; past it the memory starts again (query strings make URLs unbounded). */
const KNOWN_RULES = 4096;

/**
 * Reads which cacheable target a request is: its rule and its key. Asked by the front for every
 * request, by the page cache's hook and by `rewriteUrl`: a hit asks once per URL, not once per
 * request.
 */
export function ruleReader(settings: PageCacheSettings, routeParams: RouteParams) {
  const known = new Map<string, CacheTarget | null>();
  function target(url: string): CacheTarget | null {
    const found = ruleAndParams(url, settings);
    if (!found) return null;
    let keep: readonly string[] | null;
    if (found.params === "route") {
      const q = url.indexOf("?");
      keep = routeParams(q < 0 ? url : url.slice(0, q));
    } else keep = [...found.params, ...EVERY_PAGE];
    return { rule: found.rule, key: keep ? keepParams(url, keep) : url };
  }
  return {
    /** The target of a read (GET or HEAD) of a cacheable URL; null for anything else. */
    read(method: string | undefined, url: string): CacheTarget | null {
      if (method !== "GET" && method !== "HEAD") return null;
      let found = known.get(url);
      if (found === undefined) {
        if (known.size >= KNOWN_RULES) known.clear();
        known.set(url, (found = target(url)));
      }
      return found;
    },
  };
}
