import { useLocation } from "react-router";
import type { Route } from "./+types/tag";
import { EntryList } from "../../components/feed/entry-list";
import { SortTabs } from "../../components/feed/sort-tabs";
import { sortHref } from "../../components/feed/feed-page";
import { TwoColumn } from "../../components/layout/page";
import { ENTRY_SORTS, parseSort } from "../../lib/categories";
import { notFound } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";
import type { EntrySummary, TagSummary } from "../../lib/types";

const SORTS = ENTRY_SORTS.map((s) => s.value);

/** tag: /tag/{title}; entries with the tag, sort popular by default, keyset `pointer`. */
export function loader({ params, request }: Route.LoaderArgs) {
  const title = params.title.trim();
  if (!title || title.length > 64) notFound();
  const url = new URL(request.url);
  return {
    title,
    sort: parseSort(url.searchParams.get("sort"), SORTS, "popular"),
    tag: null as TagSummary | null,
    entries: [] as EntrySummary[],
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData ? `${loaderData.title} 标签` : "标签");
}

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <TwoColumn>
      <section className="panel tag-head">
        <div className="tag-icon" aria-hidden="true">
          #
        </div>
        <div>
          <h1 className="panel-title">{loaderData.title}</h1>
          <p className="tag-stats">
            {loaderData.tag
              ? `${loaderData.tag.subscribersCount} 关注 · ${loaderData.tag.entriesCount} 文章`
              : "暂无关注 · 暂无文章"}
          </p>
        </div>
      </section>
      <section className="list-card">
        <header className="list-header">
          <SortTabs sorts={ENTRY_SORTS} active={loaderData.sort} hrefFor={sortHref(pathname, "popular")} />
        </header>
        <EntryList
          entries={loaderData.entries}
          now={loaderData.now}
          emptyDescription="这个标签下还没有文章"
        />
      </section>
    </TwoColumn>
  );
}
