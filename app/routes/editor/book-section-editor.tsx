import type { Route } from "./+types/book-section-editor";
import { PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { requireRouteId, requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

/** Booklet section editor (/editor/book/new/section or /editor/book/{id}/section): login required. */
export function loader({ context, params }: Route.LoaderArgs) {
  requireViewer(context);
  return { id: params.id === "new" ? null : requireRouteId(params.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "写小册");

export default function BookSectionEditor() {
  return (
    <PageSection title="写小册" narrow>
      <EmptyState title="小册编辑器即将上线" description="届时小册作者可以在这里编写章节" />
    </PageSection>
  );
}
