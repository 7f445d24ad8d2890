import type { Route } from "./+types/post-editor";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireRouteId, requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Edit a published post: login required. */
export function loader({ context, params }: Route.LoaderArgs) {
  requireViewer(context);
  return { id: requireRouteId(params.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "编辑文章");

export default function PostEditor() {
  return (
    <PageSection title="编辑文章" narrow>
      <EmptyState title="编辑器即将上线" description="届时可以在这里修改已发布的文章" />
    </PageSection>
  );
}
