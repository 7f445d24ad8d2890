import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/timeline";
import { FeedPage, sortHref } from "~/components/feed/feed-page";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { SuggestedUsersCard } from "~/components/feed/suggested-users";
import { ENTRY_SORTS, findCategory, parseSort, TIMELINE_CATEGORIES } from "~/lib/categories";
import { needsGettingStarted } from "~/components/tags/guide";
import { loadFeed } from "~/lib/feed.server";
import { loadSidebar } from "~/lib/sidebar.server";
import { notFound, requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

const SORTS = ENTRY_SORTS.map((s) => s.value);

/** timelineIndex: login required; the default category is 关注 (the subscribed tags). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const category = findCategory(TIMELINE_CATEGORIES, params.category ?? "subscribe");
  if (!category) notFound();
  // §4 new-user guide: no subscribed tags yet → pick some first (only for the 关注 feed, so
  // /timeline/all stays reachable from the guide itself).
  if (category.slug === "subscribe" && needsGettingStarted(viewer)) throw redirect("/getting-started");
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "popular");
  // 关注 is the feed of the viewer's subscribed tags; the other categories are the public feeds.
  // The sidebar does not depend on the feed: load both at once.
  const [feed, side] = await Promise.all([
    loadFeed(context, {
      base: `/timeline/${category.slug}`,
      sort,
      category: category.slug,
      pointer: url.searchParams.get("pointer"),
    }),
    loadSidebar(context),
  ]);
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    /** No subscribed tags yet: the 关注 feed points at getting-started instead (spec §4 new-user guide). */
    needsGuide: category.slug === "subscribe" && viewer.subscribedTagsCount === 0,
    ...feed,
    ...side,
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData ? `${loaderData.categoryTitle} - 首页` : "首页");
}

export default function Timeline({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <FeedPage
      heading={`${loaderData.categoryTitle} · 首页`}
      categories={TIMELINE_CATEGORIES}
      category={loaderData.category}
      categoryHref={(slug) => `/timeline/${slug}`}
      sorts={ENTRY_SORTS}
      sort={loaderData.sort}
      sortHref={sortHref(pathname, "popular")}
      entries={loaderData.entries}
      nextHref={loaderData.nextHref}
      firstHref={loaderData.firstHref}
      now={loaderData.now}
      emptyTitle={loaderData.needsGuide ? "你还没有关注任何标签" : "暂无内容"}
      emptyDescription={
        loaderData.needsGuide ? "关注感兴趣的标签，这里就会出现相关的文章" : "这里还没有文章，稍后再来看看吧"
      }
      intro={
        loaderData.needsGuide ? (
          <p className="list-notice">
            <Link to="/getting-started">选择感兴趣的标签</Link>，或者先看看
            <Link to="/timeline/all">推荐</Link>。
          </p>
        ) : null
      }
      aside={
        <FeedSidebar
          shared={loaderData}
          suggestedUsers={<SuggestedUsersCard />}
          titles={{ tags: "推荐标签", authors: "推荐作者" }}
        />
      }
    />
  );
}
