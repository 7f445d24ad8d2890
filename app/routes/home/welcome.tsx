import { useLocation } from "react-router";
import type { Route } from "./+types/welcome";
import { FeedPage, sortHref } from "~/components/feed/feed-page";
import { SidebarCard } from "~/components/feed/sidebar";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { useShell } from "~/components/shell/shell-context";
import { BROWSE_CATEGORIES, ENTRY_SORTS, findCategory, parseSort } from "~/lib/categories";
import { loadFeed } from "~/lib/feed.server";
import { loadSidebar } from "~/lib/sidebar.server";
import { notFound, redirectViewerToTimeline } from "~/lib/guards.server";
import { rootMeta, titleMeta } from "~/lib/title";

const SORTS = ENTRY_SORTS.map((s) => s.value);

/** welcome ("/" and /welcome/{category?}): unauthenticated only; a logged-in viewer goes to the timeline. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  redirectViewerToTimeline(context);
  const slug = params.category ?? "all";
  const category = findCategory(BROWSE_CATEGORIES, slug);
  if (!category) notFound();
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "popular");
  // The sidebar does not depend on the feed: load both at once.
  const [feed, side] = await Promise.all([
    loadFeed(context, {
      base: params.category ? `/welcome/${category.slug}` : "/",
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
    ...feed,
    ...side,
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.category === "all") {
    const { siteName } = rootMeta(matches);
    return titleMeta(matches, `${siteName} - 一个帮助开发者成长的社区`, {
      noTemplate: true,
      description: "一个帮助开发者成长的社区，分享技术文章、开源项目与学习资源。",
    });
  }
  return titleMeta(matches, `${loaderData.categoryTitle} - 推荐`);
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { openAuth, siteName } = useShell();
  return (
    <FeedPage
      heading={`${loaderData.categoryTitle} · 文章推荐`}
      categories={BROWSE_CATEGORIES}
      category={loaderData.category}
      categoryHref={(slug) => `/welcome/${slug}`}
      sorts={ENTRY_SORTS}
      sort={loaderData.sort}
      sortHref={sortHref(pathname, "popular")}
      entries={loaderData.entries}
      nextHref={loaderData.nextHref}
      firstHref={loaderData.firstHref}
      now={loaderData.now}
      emptyDescription="这里还没有文章，稍后再来看看吧"
      aside={
        <FeedSidebar
          shared={loaderData}
          lead={
            <SidebarCard title={`欢迎来到 ${siteName}`}>
              <p className="sidebar-text">
                一个帮助开发者成长的社区。登录后可以关注标签、点赞、评论和收藏文章。
              </p>
              <div className="sidebar-actions">
                <button type="button" className="btn btn-primary" onClick={() => openAuth("register")}>
                  立即注册
                </button>
                <button type="button" className="btn" onClick={() => openAuth("login")}>
                  登录
                </button>
              </div>
            </SidebarCard>
          }
        />
      }
    />
  );
}
