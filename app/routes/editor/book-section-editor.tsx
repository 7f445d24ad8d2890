import type { Route } from "./+types/book-section-editor";
import { BookletEditor } from "~/components/editor/booklet-editor";
import { NewBooklet } from "~/components/editor/new-booklet";
import { forbidden, requireRouteId, requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import articleStyles from "~/styles/article.css?url";
import bookletEditorStyles from "~/styles/booklet-editor.css?url";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

// article.css: the Markdown editor, the preview's Markdown body and code highlighting.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: articleStyles },
  { rel: "stylesheet", href: bookletEditorStyles },
];

/**
 * The booklet editor (login required). /editor/book/new/section: a booklet author (isXiaoceAuthor,
 * else 403) fills in a new booklet. /editor/book/{id}/section?section={sectionId}: its author or an
 * admin writes its sections (someone else's booklet 403, someone else's draft 404, through
 * booklets.editable); without `section` the first one opens.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const { booklets } = context.services;
  const categories = booklets.categories();
  if (params.id === "new") {
    if (!viewer.isXiaoceAuthor) forbidden();
    return { mode: "new" as const, categories };
  }
  const id = requireRouteId(params.id);
  const { caller } = context;
  const booklet = await fromService(booklets.editable(id, caller));
  const [sections, sales] = await Promise.all([booklets.sections(id, caller), booklets.sales(id, caller)]);
  const wanted = new URL(request.url).searchParams.get("section");
  const current = sections.find((s) => s.id === wanted) ?? sections[0];
  // A section deleted in another tab since the list was read is simply not open.
  const section = current
    ? await fromService(booklets.section(current.id, caller), { notFound: () => null })
    : null;
  return { mode: "edit" as const, categories, booklet, sections, sales, section };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, loaderData?.mode === "edit" ? `编辑小册 · ${loaderData.booklet.title}` : "写小册");

export default function BookSectionEditor({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "new") return <NewBooklet categories={loaderData.categories} />;
  // Keyed by booklet: moving to another booklet starts a fresh editor.
  return <BookletEditor key={loaderData.booklet.id} {...loaderData} />;
}
