import { Link } from "react-router";
import type { Route } from "./+types/column-index";
import { FeedPage } from "~/components/feed/feed-page";
import { SidebarCard } from "~/components/feed/sidebar";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { BROWSE_CATEGORIES, findCategory, parseSort } from "~/lib/categories";
import { loadFeed } from "~/lib/feed.server";
import { notFound } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { SidebarList } from "~/components/ui/sidebar-list";
import { cachedPage } from "~/lib/page-cache.server";
import { FEED_QUERY } from "../../../shared/page-cache-policy";

export const headers = cachedPage({ life: "list", query: FEED_QUERY });

const COLUMN_SORTS = [
  { value: "newest", title: "最新" },
  { value: "popular", title: "热门" },
  { value: "hottest", title: "热榜" },
] as const;
const SORTS = COLUMN_SORTS.map((s) => s.value);

/** columnIndex (专栏): default sort newest; the sidebar holds the week's 6 hottest posts. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const category = findCategory(BROWSE_CATEGORIES, params.category ?? "all");
  if (!category) notFound();
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "newest");
  const [feed, weeklyHot] = await Promise.all([
    loadFeed(context, {
      base: `/zhuanlan/${category.slug}`,
      sort,
      category: category.slug,
      type: "post",
      pointer: url.searchParams.get("pointer"),
    }),
    // §9: the column hot list is 6 posts sorted weeklyHottest.
    context.services.entries.feed(
      { sort: "weeklyHottest", type: "post", category: category.slug, limit: 6 },
      context.caller,
    ),
  ]);
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    ...feed,
    weeklyHot: weeklyHot.list,
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(
    matches,
    loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 专栏` : "专栏",
    { feeds: [{ title: "专栏", path: "/feeds/column" }] },
  );
}

export default function ColumnIndex({ loaderData }: Route.ComponentProps) {
  return (
    <FeedPage
      heading={`专栏 · ${loaderData.categoryTitle}`}
      categories={BROWSE_CATEGORIES}
      categoryHref={(slug) => `/zhuanlan/${slug}`}
      feed={loaderData}
      sorts={COLUMN_SORTS}
      defaultSort="newest"
      emptyDescription="还没有专栏文章"
      aside={
        <FeedSidebar
          lead={
            <SidebarCard title="本周最热">
              <SidebarList items={loaderData.weeklyHot} empty="暂无内容" className="hot-list" ordered>
                {(entry) => <Link to={`/post/${entry.id}`}>{entry.title}</Link>}
              </SidebarList>
            </SidebarCard>
          }
        />
      }
    />
  );
}
