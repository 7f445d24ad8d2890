import { ListFooter } from "./list-footer";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useListState } from "~/lib/use-list-state";
import type { CategoryLink } from "~/lib/categories";
import type { EntrySummary } from "~/lib/types";
import { TwoColumn } from "~/components/layout/page";
import { CategoryNav } from "./category-nav";
import { EntryList } from "./entry-list";
import { SortTabs } from "./sort-tabs";

interface FeedPageProps {
  categories: readonly CategoryLink[];
  category: string;
  categoryHref: (slug: string) => string;
  sorts: readonly { value: string; title: string }[];
  sort: string;
  sortHref: (sort: string) => string;
  entries: EntrySummary[];
  now: number;
  emptyTitle?: string;
  emptyDescription?: string;
  /** Something above the list inside the card (a notice, a call to action). */
  intro?: ReactNode;
  aside: ReactNode;
  /** Visually hidden page heading (the category nav is the visible one). */
  heading: string;
  /** The next page in the spec's URL shape (`?sort=&pointer=`), absent on the last page. */
  nextHref?: string | null;
  /** Back to the first page, shown when this is not the first page. */
  firstHref?: string | null;
}

/** Juejin's feed screen: category nav, a list card with sort tabs, and a sidebar. */
export function FeedPage(props: FeedPageProps) {
  const { search, pathname } = useLocation();
  // The list grows with "加载更多"; another category, sort or page starts it over.
  const feed = useListState({ entries: props.entries, nextHref: props.nextHref ?? null }, pathname + search);
  return (
    <>
      <CategoryNav categories={props.categories} hrefFor={props.categoryHref} active={props.category} />
      <TwoColumn aside={props.aside}>
        <h1 className="visually-hidden">{props.heading}</h1>
        <section className="list-card">
          <header className="list-header">
            <SortTabs sorts={props.sorts} active={props.sort} hrefFor={props.sortHref} />
          </header>
          {props.intro}
          <EntryList
            entries={feed.list}
            now={props.now}
            emptyTitle={props.emptyTitle}
            emptyDescription={props.emptyDescription}
          />
          <ListFooter
            state={feed}
            pager={!!(props.nextHref || props.firstHref)}
            back={props.firstHref ? { href: props.firstHref, label: "回到第一页" } : null}
          />
        </section>
      </TwoColumn>
    </>
  );
}

/** `?sort=` on the current path, dropping the default so canonical URLs stay short. */
export function sortHref(pathname: string, defaultSort: string) {
  return (sort: string) => (sort === defaultSort ? pathname : `${pathname}?sort=${encodeURIComponent(sort)}`);
}
