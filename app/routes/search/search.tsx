import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { EntryList } from "~/components/feed/entry-list";
import { PagerLinks } from "~/components/feed/list-footer";
import { SidebarCard } from "~/components/feed/sidebar";
import { TwoColumn } from "~/components/layout/page";
import { Avatar } from "~/components/ui/avatar";
import { EmptyState } from "~/components/ui/empty-state";
import { formatCount } from "../../../shared/format";
import { normalizeSearchQuery } from "../../../shared/validation";
import { titleMeta } from "~/lib/title";
import { fromService } from "~/lib/loader.server";
import { SidebarList } from "~/components/ui/sidebar-list";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "search", query: ["query", "page"] });

/** The spec's list URL for search (§2): /search?query={word}&page={n}; pages count from 1 here. */
const searchHref = (query: string, page: number) => `/search?query=${encodeURIComponent(query)}&page=${page}`;

/**
 * search: ?query= (trimmed, at most 32: a longer one from an edited URL is cut, not refused) and
 * ?page= (1-based in the URL, the API's page + 1). Calls the search service in-process.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = normalizeSearchQuery(url.searchParams.get("query") ?? "");
  const asked = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const page = Math.min(Math.max(1, asked), context.services.search.maxPage + 1);
  const now = Date.now();
  if (!query)
    return {
      query,
      page,
      now,
      words: [],
      total: 0,
      totalExact: true,
      canNext: false,
      entries: [],
      users: [],
      tags: [],
    };
  const result = await fromService(context.services.search.search({ query, page: page - 1 }, context.caller));
  return {
    query,
    page,
    now,
    words: result.words,
    total: result.entries.total,
    totalExact: result.entries.totalExact,
    canNext: result.entries.canNext,
    entries: result.entries.list,
    users: result.users.map((u) => ({
      id: u.id,
      username: u.username,
      avatarLarge: u.avatarLarge,
      jobTitle: u.jobTitle,
      followersCount: u.followersCount,
    })),
    tags: result.tags.map((t) => ({ id: t.id, title: t.title, entriesCount: t.entriesCount })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.query ? `${loaderData.query} - 搜索结果` : "搜索");
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, page, words, entries, users, tags, total, totalExact, canNext, now } = loaderData;
  const listRef = useRef<HTMLDivElement>(null);
  useHighlight(listRef, words, entries);

  if (!query) {
    return (
      <TwoColumn>
        <section className="list-card">
          <header className="list-header">
            <h1 className="list-title">搜索</h1>
          </header>
          <EmptyState title="请输入关键词" description="在顶部搜索框输入想找的文章、标签或用户" />
        </section>
      </TwoColumn>
    );
  }

  return (
    <TwoColumn
      aside={
        <>
          <SidebarCard title="相关用户">
            <SidebarList items={users} empty="没有找到相关用户" className="author-list">
              {(u) => (
                <Link to={`/user/${u.id}`} className="author-link">
                  <Avatar user={u} size={40} />
                  <span className="author-text">
                    <span className="author-name">
                      <Marked text={u.username} words={[query, ...words]} />
                    </span>
                    <span className="author-job">
                      {u.jobTitle ? `${u.jobTitle} · ` : ""}
                      {formatCount(u.followersCount)} 关注者
                    </span>
                  </span>
                </Link>
              )}
            </SidebarList>
          </SidebarCard>
          <SidebarCard title="相关标签">
            <SidebarList items={tags} empty="没有找到相关标签" className="tag-cloud">
              {(t) => (
                <Link
                  to={`/tag/${encodeURIComponent(t.title)}`}
                  className="tag-chip"
                  title={`${t.entriesCount} 篇文章`}
                >
                  <Marked text={t.title} words={[query, ...words]} />
                </Link>
              )}
            </SidebarList>
          </SidebarCard>
        </>
      }
    >
      {/* Matched words: <mark> in names and tags; in the entry list the CSS Custom Highlight API. */}
      <style>{`mark.search-hit{background:none;color:var(--brand)} ::highlight(search-hit){color:var(--brand)}`}</style>
      <section className="list-card">
        <header className="list-header">
          <h1 className="list-title">“{query}”的搜索结果</h1>
          {total > 0 ? (
            <span className="entry-stat">
              {totalExact ? "共" : "约"} {formatCount(total)} 篇文章
            </span>
          ) : null}
        </header>
        <div ref={listRef}>
          <EntryList
            entries={entries}
            now={now}
            emptyTitle={page > 1 ? "没有更多结果了" : `没有找到与“${query}”相关的文章`}
            emptyDescription={page > 1 ? undefined : "换个关键词试试"}
          />
        </div>
        {page > 1 || canNext ? (
          <PagerLinks
            back={page > 1 ? { href: searchHref(query, page - 1), label: "上一页", rel: "prev" } : null}
            nextHref={canNext ? searchHref(query, page + 1) : null}
          />
        ) : null}
      </section>
    </TwoColumn>
  );
}

/** Letters of the words, longest first, as one case-insensitive pattern; null when none. */
function wordPattern(words: string[]): RegExp | null {
  const unique = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!unique.length) return null;
  return new RegExp(unique.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "giu");
}

/** The text with every matched word in a <mark> (server-rendered, so it shows without scripts). */
function Marked({ text, words }: { text: string; words: string[] }) {
  const pattern = wordPattern(words);
  if (!pattern) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <mark key={m.index} className="search-hit">
        {m[0]}
      </mark>,
    );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * Highlights the words in the entry titles and abstracts that EntryList renders, without changing
 * its markup: Ranges registered with the CSS Custom Highlight API. Where the browser lacks it, the
 * list simply shows unhighlighted.
 */
function useHighlight(ref: RefObject<HTMLDivElement | null>, words: string[], entries: unknown[]) {
  useEffect(() => {
    const root = ref.current;
    const pattern = wordPattern(words);
    if (!root || !pattern || typeof Highlight === "undefined" || !("highlights" in CSS)) return;
    const ranges: Range[] = [];
    for (const el of root.querySelectorAll(".entry-title, .entry-abstract")) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? "").matchAll(pattern)) {
          const range = new Range();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          ranges.push(range);
        }
      }
    }
    CSS.highlights.set("search-hit", new Highlight(...ranges));
    return () => {
      CSS.highlights.delete("search-hit");
    };
  }, [ref, words, entries]);
}
