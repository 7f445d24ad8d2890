import { Link, redirect } from "react-router";
import type { Route } from "./+types/timeline";
import { FeedPage } from "~/components/feed/feed-page";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { SuggestedUsersCard } from "~/components/feed/suggested-users";
import { findCategory, TIMELINE_CATEGORIES } from "~/lib/categories";
import { needsGettingStarted } from "~/components/tags/guide";
import { loadEntryFeedPage } from "~/lib/feed.server";
import { notFound, requireViewer } from "~/lib/guards.server";
import { passAlertOn } from "~/lib/redirect-alert";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** timelineIndex: login required; the default category is 关注 (the subscribed tags). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const category = findCategory(TIMELINE_CATEGORIES, params.category ?? "subscribe");
  if (!category) notFound();
  // §4 new-user guide: no subscribed tags yet → pick some first (only for the 关注 feed, so
  // /timeline/all stays reachable from the guide itself).
  if (category.slug === "subscribe" && needsGettingStarted(viewer)) {
    throw redirect(passAlertOn("/getting-started", request.url));
  }
  // 关注 is the feed of the viewer's subscribed tags; the other categories are the public feeds.
  const page = await loadEntryFeedPage(context, request, category, `/timeline/${category.slug}`);
  return {
    ...page,
    /** No subscribed tags yet: the 关注 feed points at getting-started instead (spec §4 new-user guide). */
    needsGuide: category.slug === "subscribe" && viewer.subscribedTagsCount === 0,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData ? `${loaderData.categoryTitle} - 首页` : "首页");
}

export default function Timeline({ loaderData }: Route.ComponentProps) {
  return (
    <FeedPage
      heading={`${loaderData.categoryTitle} · 首页`}
      categories={TIMELINE_CATEGORIES}
      categoryHref={(slug) => `/timeline/${slug}`}
      feed={loaderData}
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
