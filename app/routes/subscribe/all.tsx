import { Form, Link } from "react-router";
import type { Route } from "./+types/all";
import { NumberedPager, pageParam, tagListType } from "~/components/tags/paging";
import { TagCardGrid } from "~/components/tags/tag-card";
import { EmptyState } from "~/components/ui/empty-state";
import { SortTabs } from "~/components/feed/sort-tabs";
import { parseSort } from "~/lib/categories";
import { titleMeta } from "~/lib/title";
import { LIMITS } from "../../../shared/validation";
import { fromService } from "~/lib/loader.server";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list", query: ["sort", "query", "page"] });

const SORTS = [
  { value: "hottest", title: "最热" },
  { value: "newest", title: "最新" },
] as const;
type Sort = (typeof SORTS)[number]["value"];

/** Spec §9: 40 tags a page. */
const PAGE_SIZE = 40;

/** The spec's URL shape: /subscribe/all?sort={sort}&page={n}[&query={word}]. */
function allTagsHref(sort: Sort, page: number, query: string): string {
  return `/subscribe/all?sort=${sort}&page=${page}${query ? `&query=${encodeURIComponent(query)}` : ""}`;
}

/**
 * subscribe:all (public): every tag, sort hottest (default; the hot list) or newest (the new list),
 * 1-based pages in the URL; `query` narrows to titles containing the word.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = parseSort(
    url.searchParams.get("sort"),
    SORTS.map((s) => s.value),
    "hottest",
  );
  const query = (url.searchParams.get("query") ?? "").trim().slice(0, LIMITS.searchMax);
  const page = pageParam(url.searchParams.get("page"));
  const type = tagListType(sort);
  const result = query
    ? await fromService(
        context.services.tags.search({ type, text: query, page, pageSize: PAGE_SIZE }, context.caller),
      )
    : await context.services.tags.list({ type, page, pageSize: PAGE_SIZE }, context.caller);
  return {
    sort,
    query,
    page,
    tags: result.list,
    prevHref: page > 1 ? allTagsHref(sort, page - 1, query) : null,
    nextHref: result.canNext ? allTagsHref(sort, page + 1, query) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "全部标签");

export default function AllTags({ loaderData }: Route.ComponentProps) {
  const { sort, query, page, tags } = loaderData;
  return (
    <>
      <div className="toolbar">
        <SortTabs
          sorts={SORTS}
          active={sort}
          hrefFor={(s) => allTagsHref(s as Sort, 1, query)}
          keepScroll={false}
        />
        <Form method="get" className="inline-form" role="search">
          {/* Field order makes the URL ?sort=…&page=1&query=…, the spec's shape. */}
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="page" value="1" />
          <label htmlFor="tag-search" className="visually-hidden">
            搜索标签
          </label>
          <input
            id="tag-search"
            className="input"
            type="search"
            name="query"
            placeholder="搜索标签"
            maxLength={LIMITS.searchMax}
            defaultValue={query}
            key={query}
          />
          <button type="submit" className="btn">
            搜索
          </button>
        </Form>
      </div>
      {tags.length === 0 ? (
        <EmptyState
          title={query ? `没有找到与“${query}”相关的标签` : page > 1 ? "没有更多标签了" : "暂无标签"}
        >
          {page > 1 ? (
            <Link to={allTagsHref(sort, 1, query)} className="btn">
              回到第一页
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <TagCardGrid tags={tags} label={query ? `与“${query}”相关的标签` : "全部标签"} />
      )}
      <NumberedPager page={page} prevHref={loaderData.prevHref} nextHref={loaderData.nextHref} />
    </>
  );
}
