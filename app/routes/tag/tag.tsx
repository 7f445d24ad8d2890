import { useLocation } from "react-router";
import type { Route } from "./+types/tag";
import { EntryList } from "~/components/feed/entry-list";
import { PagerLinks } from "~/components/feed/list-footer";
import { SortTabs } from "~/components/feed/sort-tabs";
import { sortHref } from "~/components/feed/feed-page";
import { TwoColumn } from "~/components/layout/page";
import { SubscribeButton, useTagSubscription } from "~/components/tags/subscribe-button";
import { tagHref } from "~/components/tags/tag-card";
import { TagIcon } from "~/components/tags/tag-icon";
import { ENTRY_SORTS, parseSort } from "~/lib/categories";
import { notFound } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { breadcrumbs } from "~/lib/structured-data";
import { formatCount } from "../../../shared/format";
import { cachedPage } from "~/lib/page-cache.server";
import { FEED_QUERY } from "../../../shared/page-cache-policy";

export const headers = cachedPage({ life: "list", query: FEED_QUERY });

const SORTS = ENTRY_SORTS.map((s) => s.value);

/**
 * tag: /tag/{title} (public). The tag (title matched case-insensitively; none → 404 page) and its
 * entries, sort popular by default, next pages by keyset pointer in the spec's URL shape
 * /tag/{title}?sort={sort}&pointer={pointer}.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const title = params.title.trim();
  if (!title || title.length > 50) notFound("标签不存在");
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort"), SORTS, "popular");
  const pointer = url.searchParams.get("pointer");
  // No such tag, or a pointer only an edited URL could carry: the not-found page either way.
  const feed = await fromService(context.services.tags.feed({ title, sort, pointer }, context.caller), {
    notFound: () => notFound("标签不存在"),
    refused: () => notFound(),
  });
  const base = tagHref(feed.tag.title);
  return {
    tag: feed.tag,
    sort,
    entries: feed.list,
    nextHref:
      feed.canNext && feed.pointer
        ? `${base}?sort=${encodeURIComponent(sort)}&pointer=${encodeURIComponent(feed.pointer)}`
        : null,
    firstHref: pointer ? `${base}?sort=${encodeURIComponent(sort)}` : null,
    now: Date.now(),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tag = loaderData?.tag;
  if (!tag) return titleMeta(matches, "标签");
  const path = `/tag/${encodeURIComponent(tag.title)}`;
  return titleMeta(matches, `${tag.title} 标签`, {
    description: `${tag.title} 标签下的技术文章`,
    feeds: [{ title: `标签「${tag.title}」`, path: `/feeds/tag/${encodeURIComponent(tag.title)}` }],
    // Built for the server's HTML only (titleMeta): the browser bundle leaves it out.
    jsonLd: import.meta.env.SSR
      ? [
          breadcrumbs(matches, [
            ["首页", "/"],
            ["标签", "/subscribe/all"],
            [tag.title, path],
          ]),
        ]
      : undefined,
  });
}

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { tag } = loaderData;
  const subscription = useTagSubscription(tag);
  return (
    <TwoColumn>
      <section className="panel tag-head" aria-labelledby="tag-title">
        <TagIcon tag={tag} size={56} />
        <div className="tag-head-info">
          <h1 className="panel-title" id="tag-title">
            {tag.title}
          </h1>
          <p className="tag-stats">
            {formatCount(subscription.count)} 关注 · {formatCount(tag.entriesCount)} 文章
          </p>
        </div>
        <SubscribeButton subscription={subscription} title={tag.title} />
      </section>
      <section className="list-card" aria-label={`${tag.title} 的文章`}>
        <header className="list-header">
          <SortTabs sorts={ENTRY_SORTS} active={loaderData.sort} hrefFor={sortHref(pathname, "popular")} />
        </header>
        <EntryList
          entries={loaderData.entries}
          now={loaderData.now}
          emptyTitle={loaderData.firstHref ? "没有更多了" : "暂无内容"}
          emptyDescription="这个标签下还没有文章"
        />
        {(loaderData.nextHref || loaderData.firstHref) && (
          <PagerLinks
            back={loaderData.firstHref ? { href: loaderData.firstHref, label: "回到第一页" } : null}
            nextHref={loaderData.nextHref}
          />
        )}
      </section>
    </TwoColumn>
  );
}
