import type { AppLoadContext } from "react-router";
import { ENTRY_SORTS, parseSort, type CategoryLink } from "./categories";
import { notFound } from "./guards.server";
import { fromService } from "./loader.server";
import { loadSidebar } from "./sidebar.server";
import type { EntrySummary } from "./types";

type Presented = Awaited<ReturnType<AppLoadContext["services"]["entries"]["feed"]>>["list"][number];

/**
 * An entry as a feed card shows it, and nothing more. The loader's data is serialized into the page
 * and parsed again by the browser, and the card's server-side fragment is remembered under these
 * fields (app/lib/fragment-cache.tsx), so what the card does not show (views, the link, the
 * author's job, a third tag) stays out.
 */
export function toSummary(e: Presented): EntrySummary {
  return {
    id: e.id,
    title: e.title,
    type: e.type,
    abstract: e.abstract,
    ...(e.screenshot ? { screenshot: e.screenshot } : {}),
    user: { id: e.user.id, username: e.user.username },
    tags: e.tags.slice(0, 2).map(({ id, title }) => ({ id, title })),
    collectionCount: e.collectionCount,
    commentsCount: e.commentsCount,
    liked: e.liked,
    ...(e.hot ? { hot: e.hot } : {}),
    ...(e.campaignTag ? { campaignTag: e.campaignTag } : {}),
    createdAt: e.createdAt,
  };
}

/**
 * Loads one feed page through the entries service for a page loader, and builds the next-page URL
 * in the spec's shape `{base}?sort={sort}&pointer={pointer}` (§2). A malformed pointer is a 404
 * page, not an error page: it only comes from an edited URL.
 */
export async function loadFeed(
  context: AppLoadContext,
  opts: { base: string; sort: string; category: string; pointer: string | null; type?: string },
) {
  const page = await fromService(
    context.services.entries.feed(
      { sort: opts.sort, category: opts.category, type: opts.type, pointer: opts.pointer ?? undefined },
      context.caller,
    ),
    { refused: () => notFound() },
  );
  const query = (pointer: string) =>
    `${opts.base}?sort=${encodeURIComponent(opts.sort)}&pointer=${encodeURIComponent(pointer)}`;
  return {
    entries: page.list.map(toSummary),
    nextHref: page.canNext && page.pointer ? query(page.pointer) : null,
    firstHref: opts.pointer ? `${opts.base}?sort=${encodeURIComponent(opts.sort)}` : null,
  };
}

const ENTRY_SORT_VALUES = ENTRY_SORTS.map((s) => s.value);

/**
 * The data of an entry feed page (welcome, explore, timeline): one page of the category's feed at
 * `base` (`?sort=`, popular by default; `?pointer=`) and the shared sidebar. The sidebar does not
 * depend on the feed, so both load at once.
 */
export async function loadEntryFeedPage(
  context: AppLoadContext,
  request: Request,
  category: CategoryLink,
  base: string,
) {
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), ENTRY_SORT_VALUES, "popular");
  const [feed, side] = await Promise.all([
    loadFeed(context, { base, sort, category: category.slug, pointer: url.searchParams.get("pointer") }),
    loadSidebar(context),
  ]);
  return { category: category.slug, categoryTitle: category.title, sort, ...feed, ...side, now: Date.now() };
}
