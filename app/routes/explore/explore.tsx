import type { Route } from "./+types/explore";
import { FeedPage } from "~/components/feed/feed-page";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { SuggestedUsersCard } from "~/components/feed/suggested-users";
import { useShell } from "~/components/shell/shell-context";
import { BROWSE_CATEGORIES, findCategory } from "~/lib/categories";
import { loadEntryFeedPage } from "~/lib/feed.server";
import { loadHeroBanners } from "~/lib/sidebar.server";
import { Banners } from "~/components/banners/banners";
import { notFound } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { SITE_FEEDS } from "~/lib/feeds";
import { cachedPage } from "~/lib/page-cache.server";
import { FEED_QUERY } from "../../../shared/page-cache-policy";

export const headers = cachedPage({ life: "list", query: FEED_QUERY });

/** exploreIndex: public; default sort popular; keyset `pointer` paging once entries exist. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const category = findCategory(BROWSE_CATEGORIES, params.category ?? "all");
  if (!category) notFound();
  const [feed, hero] = await Promise.all([
    loadEntryFeedPage(context, request, category, `/explore/${category.slug}`),
    loadHeroBanners(context),
  ]);
  return { ...feed, hero };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const category = loaderData && loaderData.category !== "all" ? loaderData.categoryTitle : null;
  return titleMeta(matches, category ? `${category} - 发现` : "发现", {
    description: category
      ? `发现${category}方向的热门与最新技术文章、分享和讨论。`
      : "发现社区里热门与最新的技术文章、分享和讨论：前端、后端、Android、iOS、人工智能等。",
    feeds: SITE_FEEDS,
  });
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { viewer } = useShell();
  return (
    <FeedPage
      heading={`发现 · ${loaderData.categoryTitle}`}
      categories={BROWSE_CATEGORIES}
      categoryHref={(slug) => `/explore/${slug}`}
      feed={loaderData}
      hero={<Banners banners={loaderData.hero} position="hero" />}
      emptyDescription="这个分类下还没有文章"
      aside={<FeedSidebar shared={loaderData} suggestedUsers={viewer ? <SuggestedUsersCard /> : null} />}
    />
  );
}
