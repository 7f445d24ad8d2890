import type { Route } from "./+types/share-entry";
import { PageSection } from "../../components/layout/page";
import { EMPTY_SHARE, ShareForm } from "../../components/share/share-form";
import { requireViewer } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** Hot tags offered as toggles on the share form. */
const HOT_TAGS = { type: "hot", page: 1, pageSize: 30 } as const;

/**
 * shareEntry: login required. Paste a URL (or arrive with ?url=…&title=… from elsewhere), let the
 * server read the page's title, description and cover, pick category, tags, type and flags, publish.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const query = new URL(request.url).searchParams;
  const [categories, hot] = await Promise.all([
    context.services.entries.categories(),
    context.services.tags.list(HOT_TAGS, context.caller),
  ]);
  return {
    categories,
    tags: hot.list.map((t) => ({ id: t.id, title: t.title })),
    url: (query.get("url") ?? "").slice(0, 2048),
    title: (query.get("title") ?? "").slice(0, 200),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "分享链接");

export default function ShareEntry({ loaderData }: Route.ComponentProps) {
  const { categories, tags, url, title } = loaderData;
  return (
    <PageSection title="分享链接" narrow>
      <p className="panel-lead">把你读到的好文章分享给大家：粘贴链接，补充分类和标签即可发布。</p>
      <ShareForm
        categories={categories}
        tags={tags}
        initial={{ ...EMPTY_SHARE, originalUrl: url, title }}
        readOnMount={!!url}
      />
    </PageSection>
  );
}
