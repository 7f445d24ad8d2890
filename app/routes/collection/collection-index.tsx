import { Link, useLocation } from "react-router";
import type { Route } from "./+types/collection-index";
import { CategoryNav } from "../../components/feed/category-nav";
import { AppCard, SidebarCard, SidebarFooter } from "../../components/feed/sidebar";
import { SortTabs } from "../../components/feed/sort-tabs";
import { TwoColumn } from "../../components/layout/page";
import { useShell } from "../../components/shell/shell-context";
import { EmptyState } from "../../components/ui/empty-state";
import { parseSort } from "../../lib/categories";
import { notFound } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

const TYPES = [
  { slug: "recommended", title: "推荐" },
  { slug: "all", title: "全部" },
] as const;

const SORTS = [
  { value: "newest", title: "最新" },
  { value: "popular", title: "热门" },
] as const;

interface CollectionSummary {
  id: string;
  title: string;
  description: string;
  entryCount: number;
  followerCount: number;
}

/** collectionIndex: type recommended (sort newest) or all (sort popular); 30 a page; hot tags (6). */
export function loader({ params, request }: Route.LoaderArgs) {
  const type = TYPES.find((t) => t.slug === (params.type ?? "recommended"));
  if (!type) notFound();
  const url = new URL(request.url);
  const defaultSort = type.slug === "all" ? "popular" : "newest";
  return {
    type: type.slug,
    typeTitle: type.title,
    defaultSort,
    sort: parseSort(
      url.searchParams.get("sort"),
      SORTS.map((s) => s.value),
      defaultSort,
    ),
    tag: url.searchParams.get("tag") ?? "all",
    collections: [] as CollectionSummary[],
    hotTags: [] as string[],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "收藏集");

export default function CollectionIndex({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { siteName } = useShell();
  return (
    <>
      <CategoryNav
        categories={TYPES}
        hrefFor={(slug) => `/collections/${slug}`}
        active={loaderData.type}
        label="收藏集分类"
      />
      <TwoColumn
        aside={
          <>
            <SidebarCard title="热门标签">
              {loaderData.hotTags.length === 0 ? (
                <p className="sidebar-empty">暂无标签</p>
              ) : (
                <ul className="tag-cloud">
                  {loaderData.hotTags.map((tag) => (
                    <li key={tag}>
                      <Link to={`${pathname}?tag=${encodeURIComponent(tag)}`} className="tag-chip">
                        {tag}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </SidebarCard>
            <AppCard siteName={siteName} />
            <SidebarFooter siteName={siteName} />
          </>
        }
      >
        <h1 className="visually-hidden">收藏集 · {loaderData.typeTitle}</h1>
        <section className="list-card">
          <header className="list-header">
            <SortTabs
              sorts={SORTS}
              active={loaderData.sort}
              hrefFor={(sort) => (sort === loaderData.defaultSort ? pathname : `${pathname}?sort=${sort}`)}
            />
          </header>
          {loaderData.collections.length === 0 ? (
            <EmptyState title="暂无收藏集" description="还没有人创建收藏集" />
          ) : (
            <ul className="entry-list">
              {loaderData.collections.map((c) => (
                <li key={c.id} className="entry-item">
                  <h2 className="entry-title">
                    <Link to={`/collection/${c.id}`}>{c.title}</Link>
                  </h2>
                  <p className="entry-abstract">{c.description}</p>
                  <p className="entry-stats">
                    <span>{c.entryCount} 篇文章</span>
                    <span>{c.followerCount} 人关注</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </TwoColumn>
    </>
  );
}
