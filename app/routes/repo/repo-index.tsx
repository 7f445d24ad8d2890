import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/repo-index";
import { SortTabs } from "~/components/feed/sort-tabs";
import { AppCard, SidebarCard, SidebarFooter } from "~/components/feed/sidebar";
import { TwoColumn } from "~/components/layout/page";
import { RepoList } from "~/components/repos/repo-list";
import { ShowcaseCards } from "~/components/repos/showcase-cards";
import "~/components/repos/repos.css";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { notFound } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { REPO_SINCE, repoIndexUrl, saveRepoState, type RepoSince } from "~/lib/repo-state";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list", query: ["since", "lang"] });

/**
 * repoIndex (/repos?lang=&since=): the trending list of one window (today, this week, this month)
 * and language, and the 5 showcases. An unknown language or window is the not-found page (spec §8).
 * The URL omits lang when all and since when daily (spec §2); other spellings redirect to that one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { repos } = context.services;
  // An unknown language or period: the not-found page saying which.
  const trending = await fromService(
    repos.trending({
      since: url.searchParams.get("since") ?? undefined,
      lang: url.searchParams.get("lang") ?? undefined,
    }),
    { notFound: (err) => notFound(err.message) },
  );
  const canonical = repoIndexUrl({ lang: trending.lang, since: trending.since });
  if (`${url.pathname}${url.search}` !== canonical && url.pathname === "/repos") throw redirect(canonical);
  const [showcases, languages] = await Promise.all([repos.showcases(), repos.languages()]);
  return { ...trending, showcases, languages };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const lang = loaderData && loaderData.lang !== "all" ? `${loaderData.lang} ` : "";
  const since = REPO_SINCE.find((s) => s.value === loaderData?.since)?.title ?? "今日";
  return titleMeta(matches, `${lang}开源库${since}趋势榜`);
};

export default function RepoIndex({ loaderData }: Route.ComponentProps) {
  const { lang, since, list, showcases, languages } = loaderData;
  const navigate = useNavigate();
  const { siteName } = useShell();

  // The saved state (spec §2, §9 "repo state"): the header's 开源库 link returns to this filter.
  useEffect(() => saveRepoState({ lang, since: since as RepoSince }), [lang, since]);

  return (
    <TwoColumn
      aside={
        <>
          <SidebarCard title="热门语言">
            <ul className="repo-lang-links">
              {languages.slice(0, 12).map((l) => (
                <li key={l.title}>
                  <Link
                    to={repoIndexUrl({ lang: l.title, since: since as RepoSince })}
                    className={l.title === lang ? "active" : undefined}
                  >
                    <span
                      className="language-dot"
                      style={{ background: l.colour || "#cccccc" }}
                      aria-hidden="true"
                    />
                    {l.title}
                    <span className="repo-lang-count">{l.repoCount}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </SidebarCard>
          <AppCard siteName={siteName} />
          <SidebarFooter siteName={siteName} />
        </>
      }
    >
      <ShowcaseCards showcases={showcases} />
      <section className="list-card" aria-labelledby="trending-title">
        <header className="list-header repo-filters">
          <h1 id="trending-title" className="list-title">
            开源库趋势榜
          </h1>
          <SortTabs
            sorts={REPO_SINCE}
            active={since}
            hrefFor={(s) => repoIndexUrl({ lang, since: s as RepoSince })}
            label="时间范围"
            keepScroll={false}
          />
          <form method="get" action="/repos" className="repo-lang-form">
            <label htmlFor="repo-lang" className="visually-hidden">
              语言
            </label>
            <select
              id="repo-lang"
              name="lang"
              className="select"
              value={lang}
              onChange={(event) =>
                navigate(repoIndexUrl({ lang: event.target.value, since: since as RepoSince }))
              }
            >
              <option value="all">全部语言</option>
              {languages.map((l) => (
                <option key={l.title} value={l.title}>
                  {l.title}
                </option>
              ))}
            </select>
            {since !== "daily" ? <input type="hidden" name="since" value={since} /> : null}
            <noscript>
              <button type="submit" className="btn">
                筛选
              </button>
            </noscript>
          </form>
        </header>
        {list.length === 0 ? (
          <EmptyState title="暂无开源库" description="这个时间范围内还没有上榜的开源库" />
        ) : (
          <RepoList repos={list} since={since} />
        )}
      </section>
    </TwoColumn>
  );
}
