import { Link } from "react-router";
import type { Route } from "./+types/getting-started";
import { PageSection } from "~/components/layout/page";
import { NumberedPager, pageParam } from "~/components/tags/paging";
import { TagCardGrid } from "~/components/tags/tag-card";
import { EmptyState } from "~/components/ui/empty-state";
import { CATEGORIES, findCategory } from "~/lib/categories";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Spec §9: getting-started lists 20 a page, from page 1. */
const PAGE_SIZE = 20;
const ALL = { slug: "all", title: "全部" };
const FILTERS = [ALL, ...CATEGORIES];

function guideHref(type: string, page: number): string {
  const params = new URLSearchParams();
  if (type !== ALL.slug) params.set("type", type);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `/getting-started?${text}` : "/getting-started";
}

/**
 * gettingStarted (login required): the new-user guide of spec §4. Suggested tags (most followed
 * first, optionally one category's) with subscribe toggles, then 进入首页.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const url = new URL(request.url);
  const type = findCategory(FILTERS, url.searchParams.get("type") ?? ALL.slug)?.slug ?? ALL.slug;
  const page = pageParam(url.searchParams.get("page"));
  const result = await context.services.tags.suggest({ type, page, pageSize: PAGE_SIZE }, context.caller);
  return {
    username: viewer.username,
    type,
    page,
    tags: result.list,
    prevHref: page > 1 ? guideHref(type, page - 1) : null,
    nextHref: result.canNext ? guideHref(type, page + 1) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "新手引导");

export default function GettingStarted({ loaderData }: Route.ComponentProps) {
  const { type, page, tags } = loaderData;
  return (
    <PageSection
      title={`欢迎你，${loaderData.username}`}
      actions={
        // To 推荐, not 关注: with no tag followed yet, 关注 would send the reader straight back here.
        <Link to="/timeline/all" className="btn btn-primary">
          进入首页
        </Link>
      }
    >
      <p className="panel-lead">关注几个感兴趣的标签，首页「关注」里就会出现相关的文章。</p>
      <nav className="tag-filter" aria-label="按分类筛选标签">
        {FILTERS.map((c) => (
          <Link key={c.slug} to={guideHref(c.slug, 1)} aria-current={c.slug === type ? "true" : undefined}>
            {c.title}
          </Link>
        ))}
      </nav>
      {tags.length === 0 ? (
        <EmptyState
          title={page > 1 ? "没有更多标签了" : "这个分类暂无推荐标签"}
          description="换个分类看看，或者先去首页逛逛"
        />
      ) : (
        <TagCardGrid tags={tags} label="推荐关注的标签" />
      )}
      <NumberedPager page={page} prevHref={loaderData.prevHref} nextHref={loaderData.nextHref} />
    </PageSection>
  );
}
