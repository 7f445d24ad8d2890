import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/all";
import { EmptyState } from "../../components/ui/empty-state";
import { parseSort } from "../../lib/categories";
import { titleMeta } from "../../lib/title";
import type { TagSummary } from "../../lib/types";
import { LIMITS } from "../../../shared/validation";

const SORTS = [
  { value: "hottest", title: "最热" },
  { value: "newest", title: "最新" },
] as const;

/** subscribe:all: public; sort hottest (default) or newest, optional search word, paged. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    sort: parseSort(
      url.searchParams.get("sort"),
      SORTS.map((s) => s.value),
      "hottest",
    ),
    query: (url.searchParams.get("query") ?? "").trim().slice(0, LIMITS.searchMax),
    tags: [] as TagSummary[],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "全部标签");

export default function AllTags({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <div className="toolbar">
        <nav className="sort-tabs" aria-label="排序">
          {SORTS.map((s) => (
            <Link
              key={s.value}
              to={`${pathname}?sort=${s.value}${loaderData.query ? `&query=${encodeURIComponent(loaderData.query)}` : ""}`}
              className={s.value === loaderData.sort ? "sort-tab active" : "sort-tab"}
              aria-current={s.value === loaderData.sort ? "true" : undefined}
            >
              {s.title}
            </Link>
          ))}
        </nav>
        <Form method="get" className="inline-form" role="search">
          <input type="hidden" name="sort" value={loaderData.sort} />
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
            defaultValue={loaderData.query}
          />
          <button type="submit" className="btn">
            搜索
          </button>
        </Form>
      </div>
      {loaderData.tags.length === 0 ? (
        <EmptyState title={loaderData.query ? `没有找到与“${loaderData.query}”相关的标签` : "暂无标签"} />
      ) : (
        <ul className="tag-grid">
          {loaderData.tags.map((tag) => (
            <li key={tag.id} className="tag-grid-item">
              <Link to={`/tag/${encodeURIComponent(tag.title)}`}>{tag.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
