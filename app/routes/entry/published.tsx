import type { Route } from "./+types/published";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** published: login required; what the viewer has published. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "我的发布");

export default function Published() {
  return (
    <PageSection title="我的发布" narrow>
      <EmptyState title="暂无内容" description="你发布的文章和分享会出现在这里" />
    </PageSection>
  );
}
