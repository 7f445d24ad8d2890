import { Link } from "react-router";
import type { Route } from "./+types/getting-started";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";
import type { TagSummary } from "../../lib/types";

/** gettingStarted: login required; suggested tags to follow (20 a page, spec §9). */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  return { username: viewer.username, tags: [] as TagSummary[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "新手引导");

export default function GettingStarted({ loaderData }: Route.ComponentProps) {
  return (
    <PageSection
      title={`欢迎你，${loaderData.username}`}
      actions={
        <Link to="/timeline/all" className="btn btn-primary">
          进入首页
        </Link>
      }
    >
      <p className="panel-lead">关注几个感兴趣的标签，首页「关注」里就会出现相关的文章。</p>
      {loaderData.tags.length === 0 ? (
        <EmptyState title="暂无推荐标签" description="标签列表即将上线，可以先去首页看看推荐内容" />
      ) : (
        <ul className="tag-grid">
          {loaderData.tags.map((tag) => (
            <li key={tag.id} className="tag-grid-item">
              <Link to={`/tag/${encodeURIComponent(tag.title)}`}>{tag.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
