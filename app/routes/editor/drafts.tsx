import type { Route } from "./+types/drafts";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** The viewer's drafts: login required. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return { drafts: [] as { id: string; title: string }[] };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "草稿箱");

export default function Drafts() {
  return (
    <PageSection title="草稿箱" narrow>
      <EmptyState title="暂无草稿" description="你保存的草稿会出现在这里" />
    </PageSection>
  );
}
