import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/repo-index";
import { AppCard, SidebarCard, SidebarFooter } from "../../components/feed/sidebar";
import { TwoColumn } from "../../components/layout/page";
import { useShell } from "../../components/shell/shell-context";
import { EmptyState } from "../../components/ui/empty-state";
import { notFound } from "../../lib/guards.server";
import { isRepoSince, REPO_LANGUAGES, REPO_SINCE, repoIndexUrl, saveRepoState } from "../../lib/repo-state";
import { titleMeta } from "../../lib/title";

interface RepoSummary {
  id: string;
  name: string;
  description: string;
  language: string;
  starCount: number;
}

interface ShowcaseSummary {
  id: string;
  title: string;
  description: string;
}

/** repoIndex: trending repos by lang (default all) and since (daily, weekly, monthly), plus 5 showcases. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const since = url.searchParams.get("since") ?? "daily";
  if (!isRepoSince(since)) notFound("没有这个时间范围的趋势榜");
  const lang = url.searchParams.get("lang") || "all";
  return { lang, since, repos: [] as RepoSummary[], showcases: [] as ShowcaseSummary[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "开源库");

export default function RepoIndex({ loaderData }: Route.ComponentProps) {
  const { lang, since } = loaderData;
  const navigate = useNavigate();
  const { siteName } = useShell();

  useEffect(() => saveRepoState({ lang, since }), [lang, since]);

  const languages = (REPO_LANGUAGES as readonly string[]).includes(lang)
    ? REPO_LANGUAGES
    : [...REPO_LANGUAGES, lang];

  return (
    <TwoColumn
      aside={
        <>
          <SidebarCard title="精选集">
            {loaderData.showcases.length === 0 ? (
              <p className="sidebar-empty">暂无精选集</p>
            ) : (
              <ul className="hot-list">
                {loaderData.showcases.map((s) => (
                  <li key={s.id}>{s.title}</li>
                ))}
              </ul>
            )}
          </SidebarCard>
          <AppCard siteName={siteName} />
          <SidebarFooter siteName={siteName} />
        </>
      }
    >
      <section className="list-card">
        <header className="list-header repo-filters">
          <h1 className="list-title">开源库 · 趋势榜</h1>
          <nav className="sort-tabs" aria-label="时间范围">
            {REPO_SINCE.map((s) => (
              <Link
                key={s.value}
                to={repoIndexUrl({ lang, since: s.value })}
                className={s.value === since ? "sort-tab active" : "sort-tab"}
                aria-current={s.value === since ? "true" : undefined}
              >
                {s.title}
              </Link>
            ))}
          </nav>
          <form method="get" action="/repos" className="inline-form">
            <label htmlFor="repo-lang" className="visually-hidden">
              语言
            </label>
            <select
              id="repo-lang"
              name="lang"
              className="select"
              value={lang}
              onChange={(event) => navigate(repoIndexUrl({ lang: event.target.value, since }))}
            >
              {languages.map((l) => (
                <option key={l} value={l}>
                  {l === "all" ? "全部语言" : l}
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
        {loaderData.repos.length === 0 ? (
          <EmptyState title="暂无开源库" description="趋势榜数据即将上线" />
        ) : (
          <ul className="entry-list">
            {loaderData.repos.map((repo) => (
              <li key={repo.id} className="entry-item">
                <h2 className="entry-title">
                  <Link to={`/repo/${repo.id}`}>{repo.name}</Link>
                </h2>
                <p className="entry-abstract">{repo.description}</p>
                <p className="entry-stats">
                  <span>{repo.language}</span>
                  <span>★ {repo.starCount}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </TwoColumn>
  );
}
