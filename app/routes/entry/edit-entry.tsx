import type { Route } from "./+types/edit-entry";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireRouteId, requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** editEntry: login required; edit a shared entry. */
export function loader({ context, params }: Route.LoaderArgs) {
  requireViewer(context);
  return { id: requireRouteId(params.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "编辑分享");

export default function EditEntry() {
  return (
    <PageSection title="编辑分享" narrow>
      <EmptyState title="暂时无法编辑" description="编辑分享的功能即将上线" />
    </PageSection>
  );
}
