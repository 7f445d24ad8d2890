import { data } from "react-router";
import type { Route } from "./+types/repo-detail";
import { formatCount, relativeTime } from "../../../shared/format";
import { CommentSection } from "~/components/comments/comment-section";
import { AppCard, SidebarFooter } from "~/components/feed/sidebar";
import { MissingContent } from "~/components/layout/missing";
import { TwoColumn } from "~/components/layout/page";
import { LanguageBar, LanguageTag } from "~/components/repos/language-bar";
import { RepoOwner, TranslatorList } from "~/components/repos/repo-people";
import "~/components/repos/repos.css";
import { useShell } from "~/components/shell/shell-context";
import { requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import articleStyles from "~/styles/article.css?url";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["repo"] });

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleStyles }];

/**
 * repo (/repo/{id}): name, description and its translation, counts, language bar, licence, owner,
 * the README (rendered and sanitized on the server), translators (5) and comments. An unknown id
 * shows the 未知开源库 placeholder with status 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const { services, caller } = context;
  // A missing repository is the placeholder with status 404, not the error page.
  const found = await fromService(
    Promise.all([services.repos.detail(id), services.repos.comments(id, { rankType: "new" }, caller)]),
    { notFound: () => null },
  );
  const [repo, comments] = found ?? [null, null];
  return data({ repo, comments, now: Date.now() }, found ? undefined : { status: 404 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const repo = loaderData?.repo;
  const description = repo ? repo.translation?.description || repo.description : "";
  return titleMeta(matches, repo?.name ?? "未知开源库", description ? { description } : {});
}

export default function RepoDetailPage({ loaderData }: Route.ComponentProps) {
  const { repo, comments, now } = loaderData;
  const { siteName } = useShell();
  if (!repo || !comments) return <MissingContent title="未知开源库" message="该开源库不存在" />;
  const translated = repo.translation?.description;
  return (
    <TwoColumn
      aside={
        <>
          <AppCard siteName={siteName} />
          <SidebarFooter siteName={siteName} />
        </>
      }
    >
      <article className="panel repo-detail">
        <header className="repo-head">
          <RepoOwner owner={repo.user} />
          <h1 className="repo-name">
            <a href={repo.url} target="_blank" rel="nofollow noopener noreferrer">
              {repo.name}
            </a>
          </h1>
        </header>
        {translated ? <p className="repo-translation">{translated}</p> : null}
        {repo.description ? (
          <p className={translated ? "repo-description original" : "repo-description"} lang="en">
            {repo.description}
          </p>
        ) : null}
        <ul className="repo-counts" aria-label="数据">
          <li>
            <strong>{formatCount(repo.starCount)}</strong> Star
          </li>
          <li>
            <strong>{formatCount(repo.watchCount)}</strong> Watch
          </li>
          <li>
            <strong>{formatCount(repo.forkCount)}</strong> Fork
          </li>
          <li>
            <strong>{formatCount(repo.commentsCount)}</strong> 评论
          </li>
        </ul>
        <LanguageBar languages={repo.languageList} />
        <dl className="repo-facts">
          {repo.language ? (
            <div>
              <dt>主要语言</dt>
              <dd>
                <LanguageTag language={repo.language} colour={repo.colour} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>许可证</dt>
            <dd>
              {repo.license ? (
                <a href={repo.license.url} target="_blank" rel="nofollow noopener noreferrer">
                  {repo.license.name}
                </a>
              ) : (
                "未声明"
              )}
            </dd>
          </div>
          {repo.commitedAt ? (
            <div>
              <dt>最近提交</dt>
              <dd>
                <time dateTime={repo.commitedAt}>{relativeTime(repo.commitedAt, now)}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>所有者</dt>
            <dd>
              <a href={repo.user.url} target="_blank" rel="nofollow noopener noreferrer">
                {repo.user.username}
              </a>
            </dd>
          </div>
        </dl>
        {repo.translators.length > 0 ? (
          <section className="repo-translators-block" aria-labelledby="translators-title">
            <h2 id="translators-title" className="repo-section-title small">
              译者
            </h2>
            <TranslatorList translators={repo.translators} />
          </section>
        ) : null}
      </article>

      <section className="panel repo-readme" aria-labelledby="readme-title">
        <h2 id="readme-title" className="repo-section-title">
          README
        </h2>
        {repo.readmeHtml ? (
          <div className="markdown-body" dangerouslySetInnerHTML={{ __html: repo.readmeHtml }} />
        ) : (
          <p className="repo-empty">该开源库还没有 README</p>
        )}
      </section>

      <CommentSection target={{ type: "repo", id: repo.id }} initial={comments} now={now} className="panel" />
    </TwoColumn>
  );
}
