import type { HeadersArgs } from "react-router";
import type { CachePolicy } from "../../shared/page-cache-policy";

/**
 * A page route module's `headers` export that also declares its page-cache policy
 * (shared/page-cache-policy.ts): `export const headers = cachedPage({ life: "detail", purgedBy:
 * ["entry"] })`, or `uncachedPage` for a page that reads its reader. The server reads the policy
 * off the built route module at start-up (server/plugins/page-cache-rules.ts).
 *
 * Why `headers` and not `handle`: `headers` is a server-only export (the client bundle drops it),
 * so a declaration costs the page's JavaScript nothing; `handle` ships to every browser. It passes
 * the parent's headers on unchanged, as a route without a `headers` export does.
 */
export type PageHeaders = ((args: HeadersArgs) => Headers) & { pageCache: CachePolicy | null };

function pageHeaders(policy: CachePolicy | null): PageHeaders {
  return Object.assign(({ parentHeaders }: HeadersArgs) => new Headers(parentHeaders), { pageCache: policy });
}

/** A page whose answer to a visitor may be every visitor's copy. */
export const cachedPage = (policy: CachePolicy): PageHeaders => pageHeaders(policy);

/** A page that is never cached: it reads the reader (their settings, their notifications) or changes something. */
export const uncachedPage: PageHeaders = pageHeaders(null);
