import { useLocation } from "react-router";
import type { Route } from "./+types/explore";
import { FeedPage, sortHref } from "~/components/feed/feed-page";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { SuggestedUsersCard } from "~/components/feed/suggested-users";
import { useShell } from "~/components/shell/shell-context";
import { BROWSE_CATEGORIES, ENTRY_SORTS, findCategory, parseSort } from "~/lib/categories";
import { loadFeed } from "~/lib/feed.server";
import { loadSidebar } from "~/lib/sidebar.server";
import { notFound } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

const SORTS = ENTRY_SORTS.map((s) => s.value);

/** exploreIndex: public; default sort popular; keyset `pointer` paging once entries exist. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const category = findCategory(BROWSE_CATEGORIES, params.category ?? "all");
  if (!category) notFound();
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "popular");
  const pointer = url.searchParams.get("pointer");
  // The sidebar does not depend on the feed: load both at once.
  const [feed, side] = await Promise.all([
    loadFeed(context, {
      base: `/explore/${category.slug}`,
      sort,
      category: category.slug,
      pointer,
    }),
    loadSidebar(context),
  ]);
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    pointer,
    ...feed,
    ...side,
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const category = loaderData && loaderData.category !== "all" ? loaderData.categoryTitle : null;
  return titleMeta(matches, category ? `${category} - 发现` : "发现", {
    description: category
      ? `发现${category}方向的热门与最新技术文章、分享和讨论。`
      : "发现社区里热门与最新的技术文章、分享和讨论：前端、后端、Android、iOS、人工智能等。",
  });
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { viewer } = useShell();
  return (
    <FeedPage
      heading={`发现 · ${loaderData.categoryTitle}`}
      categories={BROWSE_CATEGORIES}
      category={loaderData.category}
      categoryHref={(slug) => `/explore/${slug}`}
      sorts={ENTRY_SORTS}
      sort={loaderData.sort}
      sortHref={sortHref(pathname, "popular")}
      entries={loaderData.entries}
      nextHref={loaderData.nextHref}
      firstHref={loaderData.firstHref}
      now={loaderData.now}
      emptyDescription="这个分类下还没有文章"
      aside={<FeedSidebar shared={loaderData} suggestedUsers={viewer ? <SuggestedUsersCard /> : null} />}
    />
  );
}
