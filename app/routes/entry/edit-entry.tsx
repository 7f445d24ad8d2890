import { redirect } from "react-router";
import type { Route } from "./+types/edit-entry";
import { PageSection } from "~/components/layout/page";
import { ShareForm, type ShareValues } from "~/components/share/share-form";
import { forbidden, notFound, requireRouteId, requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

const HOT_TAGS = { type: "hot", page: 1, pageSize: 30 } as const;

/**
 * editEntry: login required; only the author (or an admin) may edit. Another user's entry goes back
 * to "/" with 没有权限 (spec §6: "redirected to / and Forbidden"); a missing one is the 404 page.
 * Column articles are edited in the editor.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireViewer(context);
  const id = requireRouteId(params.id);
  const entry = await fromService(context.services.publish.editable(id, context.caller), {
    // Named, else `refused` below would take it: another's entry is "not yours", not "missing".
    forbidden: () => forbidden(),
    refused: () => notFound("内容不存在或已删除"),
  });
  if (entry.type === "post") {
    throw redirect(`/editor/posts/${entry.originalUrl.split("/").filter(Boolean).pop() ?? entry.id}`);
  }
  const [categories, hot] = await Promise.all([
    context.services.entries.categories(),
    context.services.tags.list(HOT_TAGS, context.caller),
  ]);
  // The entry's own tags first (they may not be hot), then the hot ones.
  const tags = [...entry.tags, ...hot.list.filter((t) => !entry.tags.some((own) => own.id === t.id))].map(
    (t) => ({ id: t.id, title: t.title }),
  );
  const initial: ShareValues = {
    originalUrl: entry.originalUrl,
    title: entry.title,
    content: entry.content,
    screenshot: entry.screenshot,
    category: entry.category?.name ?? "",
    tags: entry.tags.map((t) => t.id),
    type: entry.type === "others" ? "others" : "article",
    flags: { vote: entry.vote, original: entry.original, gfw: entry.gfw, english: entry.english },
    campaignTag: entry.campaignTag,
  };
  return { id, categories, tags, initial, isVote: entry.type === "vote" };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "编辑分享");

export default function EditEntry({ loaderData }: Route.ComponentProps) {
  const { id, categories, tags, initial, isVote } = loaderData;
  return (
    <PageSection title="编辑分享" narrow>
      {isVote ? (
        <p className="notice notice-warning">投票发布后不能修改。</p>
      ) : (
        <ShareForm key={id} entryId={id} categories={categories} tags={tags} initial={initial} />
      )}
    </PageSection>
  );
}
