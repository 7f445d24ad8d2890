import type { Route } from "./+types/share-entry";
import { PageSection } from "../../components/layout/page";
import { EmptyState } from "../../components/ui/empty-state";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** shareEntry: login required; share a link (URL, title, category, tags). */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "分享链接");

export default function ShareEntry() {
  return (
    <PageSection title="分享链接" narrow>
      <EmptyState
        title="分享功能即将上线"
        description="届时可以粘贴文章链接，填写标题、分类和标签后分享给大家"
      />
    </PageSection>
  );
}
