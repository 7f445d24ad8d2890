import { ListFooter } from "./list-footer";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useListState } from "~/lib/use-list-state";
import { ENTRY_SORTS, type CategoryLink } from "~/lib/categories";
import type { EntrySummary } from "~/lib/types";
import { TwoColumn } from "~/components/layout/page";
import { CategoryNav } from "./category-nav";
import { EntryList } from "./entry-list";
import { SortTabs } from "./sort-tabs";

/** A feed page's list as its loader returns it: the category and sort shown, one page of entries. */
interface FeedData {
  category: string;
  sort: string;
  entries: EntrySummary[];
  now: number;
  /** The next page in the spec's URL shape (`?sort=&pointer=`), absent on the last page. */
  nextHref?: string | null;
  /** Back to the first page, shown when this is not the first page. */
  firstHref?: string | null;
}

interface FeedPageProps {
  feed: FeedData;
  categories: readonly CategoryLink[];
  categoryHref: (slug: string) => string;
  /** The sort tabs, and the one a bare URL means: the entry sorts and 热门 unless the page says. */
  sorts?: readonly { value: string; title: string }[];
  defaultSort?: string;
  emptyTitle?: string;
  emptyDescription?: string;
  /** Something above the list inside the card (a notice, a call to action). */
  intro?: ReactNode;
  /** Above the list card: the hero banners of the home and explore feeds. */
  hero?: ReactNode;
  aside: ReactNode;
  /** Visually hidden page heading (the category nav is the visible one). */
  heading: string;
}

/** Juejin's feed screen: category nav, a list card with sort tabs, and a sidebar. */
export function FeedPage({
  feed: data,
  sorts = ENTRY_SORTS,
  defaultSort = "popular",
  ...props
}: FeedPageProps) {
  const { search, pathname } = useLocation();
  // The list grows with "加载更多"; another category, sort or page starts it over.
  const feed = useListState({ entries: data.entries, nextHref: data.nextHref ?? null }, pathname + search);
  return (
    <>
      <CategoryNav categories={props.categories} hrefFor={props.categoryHref} active={data.category} />
      <TwoColumn aside={props.aside}>
        <h1 className="visually-hidden">{props.heading}</h1>
        {props.hero}
        <section className="list-card">
          <header className="list-header">
            <SortTabs sorts={sorts} active={data.sort} hrefFor={sortHref(pathname, defaultSort)} />
          </header>
          {props.intro}
          <EntryList
            entries={feed.list}
            now={data.now}
            emptyTitle={props.emptyTitle}
            emptyDescription={props.emptyDescription}
          />
          <ListFooter state={feed} pages={data} />
        </section>
      </TwoColumn>
    </>
  );
}

/** `?sort=` on the current path, dropping the default so canonical URLs stay short. */
export function sortHref(pathname: string, defaultSort: string) {
  return (sort: string) => (sort === defaultSort ? pathname : `${pathname}?sort=${encodeURIComponent(sort)}`);
}
