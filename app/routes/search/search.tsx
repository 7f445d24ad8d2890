import type { Route } from "./+types/search";
import { EntryList } from "../../components/feed/entry-list";
import { TwoColumn } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { normalizeSearchQuery } from "../../../shared/validation";
import { titleMeta } from "../../lib/title";
import type { EntrySummary } from "../../lib/types";

/** search: ?query= (trimmed, at most 32) &page= (1-based in the URL). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = normalizeSearchQuery(url.searchParams.get("query") ?? "");
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  return { query, page, entries: [] as EntrySummary[], now: Date.now() };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.query ? `${loaderData.query} - 搜索结果` : "搜索");
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <TwoColumn>
      <section className="list-card">
        <header className="list-header">
          <h1 className="list-title">{query ? `“${query}”的搜索结果` : "搜索"}</h1>
        </header>
        {query ? (
          <EntryList
            entries={loaderData.entries}
            now={loaderData.now}
            emptyTitle={`没有找到与“${query}”相关的内容`}
            emptyDescription="换个关键词试试"
          />
        ) : (
          <EmptyState title="请输入关键词" description="在顶部搜索框输入想找的文章、标签或用户" />
        )}
      </section>
    </TwoColumn>
  );
}
