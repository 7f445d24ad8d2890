import type { Route } from "./+types/welcome";
import { FeedPage } from "~/components/feed/feed-page";
import { SidebarCard } from "~/components/feed/sidebar";
import { FeedSidebar } from "~/components/feed/feed-sidebar";
import { useShell } from "~/components/shell/shell-context";
import { BROWSE_CATEGORIES, findCategory } from "~/lib/categories";
import { loadEntryFeedPage } from "~/lib/feed.server";
import { loadHeroBanners } from "~/lib/sidebar.server";
import { Banners } from "~/components/banners/banners";
import { notFound, redirectViewerToTimeline } from "~/lib/guards.server";
import { rootMeta, titleMeta } from "~/lib/title";
import { SITE_FEEDS } from "~/lib/feeds";
import { cachedPage } from "~/lib/page-cache.server";
import { FEED_QUERY } from "../../../shared/page-cache-policy";

export const headers = cachedPage({ life: "list", query: FEED_QUERY });

/** welcome ("/" and /welcome/{category?}): unauthenticated only; a logged-in viewer goes to the timeline. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  redirectViewerToTimeline(context, request);
  const slug = params.category ?? "all";
  const category = findCategory(BROWSE_CATEGORIES, slug);
  if (!category) notFound();
  const [feed, hero] = await Promise.all([
    loadEntryFeedPage(context, request, category, params.category ? `/welcome/${category.slug}` : "/"),
    loadHeroBanners(context),
  ]);
  return { ...feed, hero };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.category === "all") {
    const { siteName } = rootMeta(matches);
    return titleMeta(matches, `${siteName} - 一个帮助开发者成长的社区`, {
      noTemplate: true,
      description: "一个帮助开发者成长的社区，分享技术文章、开源项目与学习资源。",
      feeds: SITE_FEEDS,
    });
  }
  return titleMeta(matches, `${loaderData.categoryTitle} - 推荐`);
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { openAuth, siteName } = useShell();
  return (
    <FeedPage
      heading={`${loaderData.categoryTitle} · 文章推荐`}
      categories={BROWSE_CATEGORIES}
      categoryHref={(slug) => `/welcome/${slug}`}
      feed={loaderData}
      hero={<Banners banners={loaderData.hero} position="hero" />}
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
