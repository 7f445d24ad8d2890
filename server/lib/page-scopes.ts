import type { PurgeKind } from "../../shared/page-cache-policy.ts";

/**
 * The purge scopes of the anonymous page cache (ADR 011), typed. Every stored page is in `all`; a
 * target's own pages (its detail page, its comment lists) are also in that target's scope; pages
 * that show one comment thread by a comment's id are also in `comments`. A purge of a scope makes
 * every page stored under it stale at once (server/lib/page-cache.ts counts generations per key).
 */
export type PageScope =
  { kind: "all" } | { kind: Exclude<PurgeKind, "comments">; id: string } | { kind: "comments" };

/** Every stored page: what a write that may show in any list (a deletion, a hide) changes. */
export const ALL_PAGES: PageScope = { kind: "all" };

/**
 * The store's key of a scope — "*", "entry:<id>", "comments" — the strings the cache rules file
 * pages under (server/plugins/page-cache-rules.ts, from what routes declare `purgedBy`) and the
 * writers purge: the two sides meet only here.
 */
export function scopeKey(scope: PageScope): string {
  if (scope.kind === "all") return "*";
  if (scope.kind === "comments") return "comments";
  return `${scope.kind}:${scope.id}`;
}
