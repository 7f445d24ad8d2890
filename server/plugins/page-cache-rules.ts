import type { RouteOptions } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { CacheRule } from "../lib/page-cache.ts";
import { scopeKey } from "../lib/page-scopes.ts";
import type { CacheLife, CachePolicy } from "../../shared/page-cache-policy.ts";
import type { ViewerOverlay } from "./page-cache-overlay.ts";

/**
 * The page cache's matcher (ADR 011), compiled from what the routes declare: an API route's
 * `route({ cache })` (server/lib/route.ts) and a page's `headers = cachedPage(…)`
 * (app/lib/page-cache.server.ts). No URL pattern for caching is written anywhere else: a route that
 * declares nothing is never cached. The front before Fastify, the page cache's hooks and
 * `rewriteUrl` all ask `read`.
 */

/** What an API route declares: its policy and, for a list a signed-in reader may read from the cache, its overlay. */
export interface RouteCache extends CachePolicy {
  /** The signed-in reader's state laid over the stored answer (page-cache-overlay.ts). */
  overlay?: ViewerOverlay;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's page-cache declaration: a policy, or false for a GET that is never cached. */
    pageCache?: RouteCache | false;
    /** The React Router renderer's catch-all route (server/ssr.ts). */
    renderedPage?: boolean;
  }
}

export interface PageCacheSettings {
  enabled: boolean;
  /** In-process budget in bytes (PAGE_CACHE_MB). */
  maxBytes: number;
  /**
   * Bytes the pages stored in Redis may hold at most (PAGE_CACHE_REDIS_MB): a flood of distinct
   * URLs stops being stored there, and never crowds out what shares the Redis.
   */
  redisMaxBytes: number;
  /** Seconds fresh: list pages, one entry's pages, search, JSON lists (PAGE_CACHE_TTL_*). */
  ttl: Record<CacheLife, number>;
  /** Seconds served stale while refreshing (PAGE_CACHE_SWR). */
  swr: number;
  /** Redis key prefix; tests give each app its own. */
  prefix: string;
}

/** The longest a stored page lives (fresh, then stale), in seconds: what the Redis budget counts over. */
export function longestLife(settings: PageCacheSettings): number {
  return Math.max(...Object.values(settings.ttl)) + settings.swr;
}

/** A cacheable read: its rule, the URL it is stored under (and rendered for, `rewriteUrl`), its overlay. */
export interface CacheTarget {
  rule: CacheRule;
  key: string;
  overlay: ViewerOverlay | null;
  /** The route that declared it: an API route's URL pattern, or "page". */
  route: string;
}

/**
 * Read on every page: the loaders React Router's client asks for (`.data?_routes=`), and the
 * shell's one-off alert (app/lib/redirect-alert.ts), which the page renders.
 */
const EVERY_PAGE = ["_routes", "alert"];

/** One GET route Fastify serves, as the matcher ranks it. */
interface ServedRoute {
  url: string;
  pattern: RegExp;
  /** Per segment: 0 fixed, 1 a parameter, 2 a wildcard — Fastify's router prefers the lower. */
  rank: number[];
  declared: RouteCache | null;
  /** As written: undefined where the route declared nothing. */
  declaredAs: RouteCache | false | undefined;
  /** The query parameters its schema names; null to keep them all. */
  keys: readonly string[] | null;
}

/** A page of the build as React Router's matcher takes it, with its module's declared policy. */
interface PageRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: PageRoute[];
  /** Undefined where the module declared nothing. */
  policy: CachePolicy | null | undefined;
}

/** URLs (and paths) remembered at most; past it the memory starts again (query strings make URLs unbounded). */
const KNOWN = 4096;

export type CacheMatcher = ReturnType<typeof createCacheMatcher>;

/**
 * The matcher: API routes are declared one by one as Fastify registers them (`declareRoute`, from an
 * onRoute hook), pages all at once from the React Router build (`declarePages`).
 */
export function createCacheMatcher(settings: PageCacheSettings) {
  const served: ServedRoute[] = [];
  let pageTree: PageRoute[] = [];
  const known = new Map<string, CacheTarget | null>();

  function ruleFor(policy: CachePolicy, params: Record<string, string | undefined>): CacheRule {
    const scopes = [scopeKey({ kind: "all" })];
    const id = params[policy.idParam ?? "id"];
    for (const kind of policy.purgedBy ?? []) {
      if (kind === "comments") scopes.push(scopeKey({ kind }));
      else if (id) scopes.push(scopeKey({ kind, id }));
    }
    return { ttl: settings.ttl[policy.life], swr: settings.swr, scopes };
  }

  function apiTarget(url: string, path: string, route: ServedRoute): CacheTarget | null {
    if (!route.declared) return null;
    const params = route.pattern.exec(path)?.groups ?? {};
    const keep = route.declared.query ?? route.keys;
    return {
      rule: ruleFor(route.declared, params),
      key: keep ? keepParams(url, keep) : url,
      overlay: route.declared.overlay ?? null,
      route: route.url,
    };
  }

  function pageTarget(url: string, path: string): CacheTarget | null {
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -5);
    const matches = matchRoutes(pageTree as RouteObject[], path);
    const leaf = matches?.[matches.length - 1];
    const policy = (leaf?.route as PageRoute | undefined)?.policy;
    if (!leaf || !policy) return null;
    return {
      rule: ruleFor(policy, leaf.params),
      key: keepParams(url, [...(policy.query ?? []), ...EVERY_PAGE]),
      overlay: null,
      route: "page",
    };
  }

  function target(url: string): CacheTarget | null {
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    // A path Fastify serves itself (the API, feeds, sitemaps) is never a page; of the routes that
    // match, Fastify's choice: fixed segments before parameters, left to right (`served` is sorted).
    const route = served.find((r) => r.pattern.test(path));
    return route ? apiTarget(url, path, route) : pageTarget(url, path);
  }

  return {
    /** An API (or feed) route Fastify registers: every GET is ranked, whether it declares or not. */
    declareRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes("GET") || route.url === "*" || route.url.startsWith("/*")) return;
      const segments = route.url.split("/");
      const declared = route.config?.pageCache;
      served.push({
        url: route.url,
        pattern: new RegExp(
          `^${segments
            .map((part) =>
              part.startsWith(":")
                ? `(?<${part.slice(1).replace(/\W/g, "")}>[^/]+)`
                : part === "*"
                  ? ".*"
                  : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
            )
            .join("/")}$`,
        ),
        rank: segments.map((part) => (part.startsWith(":") ? 1 : part === "*" ? 2 : 0)),
        declared: declared || null,
        declaredAs: declared,
        keys: queryKeysOf(route.schema?.querystring),
      });
      served.sort((a, b) => compareRanks(a.rank, b.rank));
      known.clear();
    },
    /** The pages of the React Router build, each with the policy its module's `headers` declares. */
    declarePages(routes: ServerBuild["routes"]) {
      const byParent = new Map<string | undefined, PageRoute[]>();
      for (const r of Object.values(routes)) {
        if (!r) continue;
        const headers = r.module.headers as { pageCache?: CachePolicy | null } | undefined;
        const node: PageRoute = {
          id: r.id,
          path: r.path,
          index: r.index,
          caseSensitive: r.caseSensitive,
          policy: headers?.pageCache,
        };
        const siblings = byParent.get(r.parentId) ?? [];
        siblings.push(node);
        byParent.set(r.parentId, siblings);
      }
      const attach = (node: PageRoute): PageRoute => {
        const children = byParent.get(node.id);
        return children ? ({ ...node, children: children.map(attach) } as PageRoute) : node;
      };
      pageTree = (byParent.get(undefined) ?? []).map(attach);
      known.clear();
    },
    /** The target of a read (GET or HEAD) of a cacheable URL; null for anything else. */
    read(method: string | undefined, url: string): CacheTarget | null {
      if (method !== "GET" && method !== "HEAD") return null;
      let found = known.get(url);
      if (found === undefined) {
        if (known.size >= KNOWN) known.clear();
        known.set(url, (found = target(url)));
      }
      return found;
    },
    /**
     * What every route declared (a test holds each to declaring): Fastify's GET routes — undefined
     * where it declared nothing — and the build's pages without children — undefined where the
     * module's `headers` is not `cachedPage`/`uncachedPage`.
     */
    declarations(): { url: string; declared: CachePolicy | false | null | undefined }[] {
      const pages: { url: string; declared: CachePolicy | null | undefined }[] = [];
      const walk = (nodes: PageRoute[], prefix: string) => {
        for (const node of nodes) {
          const url = node.path ? `${prefix}/${node.path}`.replace(/\/+/g, "/") : prefix || "/";
          if (node.children) walk(node.children, url);
          else pages.push({ url, declared: node.policy });
        }
      };
      walk(pageTree, "");
      return [...served.map(({ url, declaredAs }) => ({ url, declared: declaredAs })), ...pages];
    },
  };
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

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

type QuerySchema = {
  properties?: Record<string, unknown>;
  allOf?: QuerySchema[];
  anyOf?: QuerySchema[];
  oneOf?: QuerySchema[];
  patternProperties?: unknown;
  additionalProperties?: unknown;
};

/**
 * The parameters a querystring schema names (its members' too, for a union or an intersection);
 * null — keep every parameter — where it takes names it does not list. No schema: none is read.
 */
function queryKeysOf(schema: unknown): readonly string[] | null {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as QuerySchema;
  if (s.patternProperties || (s.additionalProperties && typeof s.additionalProperties === "object"))
    return null;
  const keys = new Set(Object.keys(s.properties ?? {}));
  for (const member of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const more = queryKeysOf(member);
    if (more === null) return null;
    for (const k of more) keys.add(k);
  }
  if (keys.size === 0 && !s.properties) return null;
  return [...keys];
}
