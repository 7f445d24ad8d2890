import { useLocation } from "react-router";
import type { Route } from "./+types/welcome";
import { FeedPage, sortHref } from "../../components/feed/feed-page";
import {
  AppCard,
  AuthorListCard,
  SidebarCard,
  SidebarFooter,
  TagCloudCard,
} from "../../components/feed/sidebar";
import { useShell } from "../../components/shell/shell-context";
import { BROWSE_CATEGORIES, ENTRY_SORTS, findCategory, parseSort } from "../../lib/categories";
import { notFound, redirectViewerToTimeline } from "../../lib/guards.server";
import { rootMeta, titleMeta } from "../../lib/title";
import type { EntrySummary, TagSummary, UserSummary } from "../../lib/types";

const SORTS = ENTRY_SORTS.map((s) => s.value);

/** welcome ("/" and /welcome/{category?}): unauthenticated only; a logged-in viewer goes to the timeline. */
export function loader({ context, params, request }: Route.LoaderArgs) {
  redirectViewerToTimeline(context);
  const slug = params.category ?? "all";
  const category = findCategory(BROWSE_CATEGORIES, slug);
  if (!category) notFound();
  const sort = parseSort(new URL(request.url).searchParams.get("sort"), SORTS, "popular");
  return {
    category: category.slug,
    categoryTitle: category.title,
    sort,
    // Feed, sidebar tags and authors come from context.services once they exist (spec §9:
    // entries 20 a page, hot tags, 5 authors).
    entries: [] as EntrySummary[],
    tags: [] as TagSummary[],
    authors: [] as UserSummary[],
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
      now={loaderData.now}
      emptyDescription="这里还没有文章，稍后再来看看吧"
      aside={
        <>
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
          <TagCloudCard tags={loaderData.tags} />
          <AuthorListCard authors={loaderData.authors} />
          <AppCard siteName={siteName} />
          <SidebarFooter siteName={siteName} />
        </>
      }
    />
  );
}
