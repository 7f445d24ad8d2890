import { Link } from "react-router";
import type { Route } from "./+types/subscribed";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";
import type { TagSummary } from "../../lib/types";

/** subscribe:subscribed: login required; the tags the viewer follows. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return { tags: [] as TagSummary[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "已关注标签");

export default function Subscribed({ loaderData }: Route.ComponentProps) {
  if (loaderData.tags.length === 0) {
    return (
      <EmptyState title="你还没有关注任何标签" description="关注标签后，首页会推荐相关文章">
        <Link to="/subscribe/all" className="btn btn-primary">
          去看看全部标签
        </Link>
      </EmptyState>
    );
  }
  return <TagGrid tags={loaderData.tags} />;
}

function TagGrid({ tags }: { tags: TagSummary[] }) {
  return (
    <ul className="tag-grid">
      {tags.map((tag) => (
        <li key={tag.id} className="tag-grid-item">
          <Link to={`/tag/${encodeURIComponent(tag.title)}`} className="tag-grid-title">
            {tag.title}
          </Link>
          <span className="tag-grid-meta">
            {tag.subscribersCount} 关注 · {tag.entriesCount} 文章
          </span>
        </li>
      ))}
    </ul>
  );
}
