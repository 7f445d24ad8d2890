import type { Route } from "./+types/books-index";
import { CategoryNav } from "../../components/feed/category-nav";
import { TwoColumn } from "../../components/layout/page";
import { AppCard, SidebarCard, SidebarFooter } from "../../components/feed/sidebar";
import { useShell } from "../../components/shell/shell-context";
import { EmptyState } from "../../components/ui/empty-state";
import { BROWSE_CATEGORIES, findCategory } from "../../lib/categories";
import { notFound } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Booklet categories: the fixed ones, with 全部 in place of 推荐. */
const BOOK_CATEGORIES = BROWSE_CATEGORIES.map((c) => (c.slug === "all" ? { ...c, title: "全部" } : c));

interface BookletSummary {
  id: string;
  title: string;
  summary: string;
  price: number;
  author: { id: string; username: string };
}

/** booksIndex (小册). */
export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(BOOK_CATEGORIES, params.category ?? "all");
  if (!category) notFound();
  return { category: category.slug, categoryTitle: category.title, booklets: [] as BookletSummary[] };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(
    matches,
    loaderData && loaderData.category !== "all" ? `${loaderData.categoryTitle} - 小册` : "小册",
  );
}

export default function BooksIndex({ loaderData }: Route.ComponentProps) {
  const { siteName } = useShell();
  return (
    <>
      <CategoryNav
        categories={BOOK_CATEGORIES}
        hrefFor={(slug) => `/books/${slug}`}
        active={loaderData.category}
        label="小册分类"
      />
      <TwoColumn
        aside={
          <>
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
            <h1 className="list-title">小册 · {loaderData.categoryTitle}</h1>
          </header>
          {loaderData.booklets.length === 0 ? (
            <EmptyState title="暂无小册" description="这个分类下还没有上架的小册" />
          ) : (
            <ul className="entry-list">
              {loaderData.booklets.map((book) => (
                <li key={book.id} className="entry-item">
                  <h2 className="entry-title">
                    <a href={`/book/${book.id}`}>{book.title}</a>
                  </h2>
                  <p className="entry-abstract">{book.summary}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </TwoColumn>
    </>
  );
}
