import type { Route } from "./+types/draft-new";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Write a new article: login required; the editor itself comes later. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "写文章");

export default function DraftNew() {
  return (
    <PageSection title="写文章" narrow>
      <EmptyState title="编辑器即将上线" description="届时可以在这里撰写并发布专栏文章" />
    </PageSection>
  );
}
