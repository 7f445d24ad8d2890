import { ListFooter } from "~/components/feed/list-footer";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/collection-index";
import { NewCollectionDialog } from "~/components/collections/collection-form";
import { CollectionList, type CollectionSummary } from "~/components/collections/collection-list";
import { CategoryNav } from "~/components/feed/category-nav";
import { AppCard, SidebarCard, SidebarFooter } from "~/components/feed/sidebar";
import { SortTabs } from "~/components/feed/sort-tabs";
import { TwoColumn } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { parseSort } from "~/lib/categories";
import { notFound } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { useListState } from "~/lib/use-list-state";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list", query: ["sort", "page", "tag"] });

const TYPES = [
  { slug: "recommended", title: "推荐" },
  { slug: "all", title: "全部" },
] as const;

const SORTS = [
  { value: "newest", title: "最新" },
  { value: "popular", title: "热门" },
] as const;

/** Spec §9: collections 30 a page; hot collection tags 6. */
const PAGE_SIZE = 30;
const HOT_TAGS = 6;
/** The last one-based page a URL may name (the service's bound, plus one). */
const LAST_PAGE = 1001;

/** The spec's list URL shape: /collections/{type}?sort={sort}&page={n}[&tag={tag}] (tag omitted when all). */
function listHref(type: string, sort: string, page: number, tag: string) {
  return `/collections/${type}?sort=${encodeURIComponent(sort)}&page=${page}${tag ? `&tag=${encodeURIComponent(tag)}` : ""}`;
}

/**
 * collectionIndex: /collections/{type?} — type recommended (editor-picked sets, default sort newest)
 * or all (every set, default sort popular); 30 a page with one-based `page` in the URL (the server's
 * pages are zero-based, §9); the hot topic tags (6) filter the list.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const type = TYPES.find((t) => t.slug === (params.type ?? "recommended"));
  if (!type) notFound();
  const url = new URL(request.url);
  const defaultSort = type.slug === "all" ? "popular" : "newest";
  const sort = parseSort(
    url.searchParams.get("sort"),
    SORTS.map((s) => s.value),
    defaultSort,
  );
  const rawPage = url.searchParams.get("page");
  // An edited URL with a page that cannot exist is a missing page, not an error.
  if (rawPage !== null && (!/^\d{1,4}$/.test(rawPage) || Number(rawPage) < 1 || Number(rawPage) > LAST_PAGE))
    notFound();
  const page = rawPage ? Number(rawPage) : 1;
  const rawTag = (url.searchParams.get("tag") ?? "").trim().slice(0, 50);
  const tag = rawTag.toLowerCase() === "all" ? "" : rawTag;
  const { services, caller } = context;
  const [list, hotTags] = await fromService(
    Promise.all([
      services.collections.home(
        {
          page: page - 1,
          pageSize: PAGE_SIZE,
          recommend: type.slug === "recommended" ? "1" : undefined,
          rankType: sort === "popular" ? "hot" : "new",
          tag,
        },
        caller,
      ),
      services.collections.hotTags(HOT_TAGS),
    ]),
    { refused: () => notFound() },
  );
  return {
    type: type.slug,
    typeTitle: type.title,
    sort,
    tag,
    page,
    // `entries` and `nextHref` are what useListState's fetch-more reads from this loader.
    entries: list.list,
    nextHref: list.canNext ? listHref(type.slug, sort, page + 1, tag) : null,
    prevHref: page > 1 ? listHref(type.slug, sort, page - 1, tag) : null,
    hotTags: hotTags.map((t) => t.title),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.tag ? `${loaderData.tag} - 收藏集` : "收藏集");
}

export default function CollectionIndex({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { siteName, viewer, requireLogin } = useShell();
  const [creating, setCreating] = useState(false);
  const { type, sort, tag } = loaderData;
  // The list grows with 加载更多; another type, sort, tag or page starts it over.
  const list = useListState<CollectionSummary>(
    { entries: loaderData.entries, nextHref: loaderData.nextHref },
    pathname + search,
  );
  const tags = tag && !loaderData.hotTags.includes(tag) ? [...loaderData.hotTags, tag] : loaderData.hotTags;
  return (
    <>
      <CategoryNav
        categories={TYPES}
        hrefFor={(slug) => `/collections/${slug}`}
        active={type}
        label="收藏集分类"
      />
      <TwoColumn
        aside={
          <>
            <SidebarCard title="收藏集">
              <p className="sidebar-text">把好文章收进收藏集，分享给关注它的人。</p>
              <div className="sidebar-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    if (requireLogin()) setCreating(true);
                  }}
                >
                  新建收藏集
                </button>
                {viewer ? (
                  <Link to={`/user/${viewer.id}/collection`} className="btn">
                    我的收藏集
                  </Link>
                ) : null}
              </div>
            </SidebarCard>
            <AppCard siteName={siteName} />
            <SidebarFooter siteName={siteName} />
          </>
        }
      >
        <h1 className="visually-hidden">收藏集 · {loaderData.typeTitle}</h1>
        <section className="list-card">
          <header className="list-header collection-index-header">
            <SortTabs sorts={SORTS} active={sort} hrefFor={(s) => listHref(type, s, 1, tag)} />
            <button
              type="button"
              className="btn btn-text collection-new"
              onClick={() => {
                if (requireLogin()) setCreating(true);
              }}
            >
              + 新建收藏集
            </button>
          </header>
          {tags.length > 0 ? (
            <nav className="profile-subtabs" aria-label="热门标签">
              <Link to={listHref(type, sort, 1, "")} aria-current={tag ? undefined : "page"}>
                全部
              </Link>
              {tags.map((t) => (
                <Link key={t} to={listHref(type, sort, 1, t)} aria-current={t === tag ? "page" : undefined}>
                  {t}
                </Link>
              ))}
            </nav>
          ) : null}
          <CollectionList
            collections={list.list}
            emptyDescription={
              type === "recommended" ? "编辑还没有推荐收藏集，去「全部」看看" : "还没有人创建收藏集"
            }
          />
          <ListFooter state={list} pages={loaderData} />
        </section>
      </TwoColumn>
      <NewCollectionDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
