import { Link } from "react-router";
import type { Route } from "./+types/books-index";
import { SortTabs } from "~/components/feed/sort-tabs";
import { CategoryNav } from "~/components/feed/category-nav";
import { TwoColumn } from "~/components/layout/page";
import { AppCard, SidebarCard, SidebarFooter } from "~/components/feed/sidebar";
import { BookletList } from "~/components/booklets/booklet-card";
import { formatPrice } from "~/components/booklets/format";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { BROWSE_CATEGORIES, findCategory } from "~/lib/categories";
import { notFound } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";
import { FEED_QUERY } from "../../../shared/page-cache-policy";

export const headers = cachedPage({ life: "list", query: FEED_QUERY });

/** Booklet categories: the fixed ones, with 全部 in place of 推荐. */
const BOOK_CATEGORIES = BROWSE_CATEGORIES.map((c) => (c.slug === "all" ? { ...c, title: "全部" } : c));

const SORTS = [
  { value: "newest", title: "最新" },
  { value: "hottest", title: "最热" },
] as const;
type Sort = (typeof SORTS)[number]["value"];

/**
 * booksIndex (/books/{category?}?sort=&pointer=): published booklets of a category, newest or most
 * bought first, by keyset pointer; the hot list in the sidebar.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = findCategory(BOOK_CATEGORIES, params.category ?? "all");
  if (!category) notFound();
  const search = new URL(request.url).searchParams;
  const sort: Sort = search.get("sort") === "hottest" ? "hottest" : "newest";
  const pointer = search.get("pointer") ?? undefined;
  const booklets = context.services.booklets;
  return fromService(
    async () => {
      const [page, hot] = await Promise.all([
        booklets.list({ category: category.slug, sort, pointer }, context.caller),
        booklets.hot({ limit: 5 }, context.caller),
      ]);
      return { category: category.slug, categoryTitle: category.title, sort, page, hot, first: !pointer };
    },
    {
      // A stale or hand-edited pointer: the list from the start rather than an error page.
      badRequest: async () => {
        const page = await booklets.list({ category: category.slug, sort }, context.caller);
        return { category: category.slug, categoryTitle: category.title, sort, page, hot: [], first: true };
      },
    },
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(
    matches,
    loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 小册` : "小册",
  );
}

export default function BooksIndex({ loaderData }: Route.ComponentProps) {
  const { siteName } = useShell();
  const { category, categoryTitle, sort, page, hot, first } = loaderData;
  const base = `/books/${category}`;
  return (
    <>
      <CategoryNav
        categories={BOOK_CATEGORIES}
        hrefFor={(slug) => `/books/${slug}${sort === "hottest" ? "?sort=hottest" : ""}`}
        active={category}
        label="小册分类"
      />
      <TwoColumn
        aside={
          <>
            {hot.length > 0 ? (
              <SidebarCard title="热门小册">
                <ol className="hot-booklets">
                  {hot.map((b) => (
                    <li key={b.id}>
                      <Link to={`/book/${b.id}`}>{b.title}</Link>
                      <span className="hot-booklet-price">{formatPrice(b.price)}</span>
                    </li>
                  ))}
                </ol>
              </SidebarCard>
            ) : null}
            <SidebarCard title="关于小册">
              <p className="sidebar-text">小册是由作者精心编写的系列教程，购买后可永久阅读。</p>
            </SidebarCard>
            <AppCard siteName={siteName} />
            <SidebarFooter siteName={siteName} />
          </>
        }
      >
        <section className="list-card">
          <header className="list-header">
            <h1 className="list-title">小册 · {categoryTitle}</h1>
            <SortTabs
              sorts={SORTS}
              active={sort}
              hrefFor={(s) => (s === "newest" ? base : `${base}?sort=${s}`)}
              current="page"
              keepScroll={false}
            />
          </header>
          {page.list.length === 0 ? (
            <EmptyState title="暂无小册" description="这个分类下还没有上架的小册" />
          ) : (
            <BookletList booklets={page.list} />
          )}
          {!first || page.cursor ? (
            <nav className="booklet-pager" aria-label="翻页">
              {!first ? (
                <Link to={sort === "hottest" ? `${base}?sort=hottest` : base} className="btn">
                  回到第一页
                </Link>
              ) : null}
              {page.cursor ? (
                <Link
                  to={`${base}?${new URLSearchParams({ sort, pointer: page.cursor }).toString()}`}
                  className="btn"
                >
                  下一页
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </TwoColumn>
    </>
  );
}
