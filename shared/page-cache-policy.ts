/**
 * How a URL may be kept by the anonymous page cache (ADR 011), declared where the URL is declared:
 * an API route in its `route({ cache })`, a page in its route module (`export const headers =
 * cachedPage(…)`, app/lib/page-cache.server.ts). The page cache compiles its matcher from these
 * declarations at start-up; a URL whose route declares nothing is never cached.
 *
 * What is stored is only ever a render made for nobody (no cookie, no reader), so a declaration
 * says "this URL's answer to a visitor may be every visitor's copy" — never that a signed-in
 * reader's answer may be shared.
 */

/** How long a stored copy stays fresh (PAGE_CACHE_TTL_*): lists, one record's pages, search, JSON lists. */
export type CacheLife = "list" | "detail" | "search" | "api";

/**
 * What a stored copy depends on besides "anything at all" (every copy is purged by a purge of all
 * pages): the record named by the route's `:id` parameter, or, for `comments`, any comment's
 * deletion (a page that shows one thread).
 */
export type PurgeKind = "entry" | "pin" | "repo" | "booklet" | "collection" | "user" | "comments";

export interface CachePolicy {
  life: CacheLife;
  /**
   * The query parameters the answer depends on: a copy is stored (and rendered) under the path and
   * these alone, so `?utm_source=…` cannot split or grow the store. An API route may leave it out:
   * its querystring schema names them.
   */
  query?: readonly string[];
  /** The records whose change purges the copy; a kind other than `comments` takes the id parameter. */
  purgedBy?: readonly PurgeKind[];
  /** The route parameter holding that record's id, when it is not `id` (`/comments/entry/:entryId`). */
  idParam?: string;
}

/** The query of the paged feeds: the sort and the keyset pointer. */
export const FEED_QUERY = ["sort", "pointer"] as const;
