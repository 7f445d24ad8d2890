import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import type { TrendingRepo } from "../../../shared/api-types";
import { ForkIcon, StarIcon } from "./icons";
import { LanguageTag } from "./language-bar";

const SINCE_WORDS: Record<string, string> = { daily: "今日", weekly: "本周", monthly: "本月" };

/** The description readers see first: the community translation when there is one. */
export function repoBlurb(repo: Pick<TrendingRepo, "description" | "translation">): string {
  return repo.translation?.description || repo.description;
}

/** The trending list: rank, name, translated description, language, stars and the window's gain. */
export function RepoList({ repos, since }: { repos: TrendingRepo[]; since: string }) {
  return (
    <ol className="repo-list">
      {repos.map((repo, i) => (
        <li key={repo.id} className="repo-item">
          <span className={i < 3 ? "repo-rank top" : "repo-rank"} aria-label={`第 ${i + 1} 名`}>
            {i + 1}
          </span>
          <div className="repo-item-body">
            <h2 className="repo-item-title">
              <Link to={`/repo/${repo.id}`}>{repo.name}</Link>
            </h2>
            <p className="repo-item-desc">{repoBlurb(repo)}</p>
            {repo.translation?.description && repo.description ? (
              <p className="repo-item-original" lang="en">
                {repo.description}
              </p>
            ) : null}
            <p className="repo-item-stats">
              <LanguageTag language={repo.language} colour={repo.colour} />
              <span className="repo-stat" title={`${repo.starCount} star`}>
                <StarIcon /> {formatCount(repo.starCount)}
              </span>
              <span className="repo-stat" title={`${repo.forkCount} fork`}>
                <ForkIcon /> {formatCount(repo.forkCount)}
              </span>
              {repo.commentsCount > 0 ? <span>评论 {formatCount(repo.commentsCount)}</span> : null}
              <span className="repo-gain">
                {SINCE_WORDS[since] ?? ""} +{formatCount(repo.periodStars)} star
              </span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
