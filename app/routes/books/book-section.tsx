import { Link, data } from "react-router";
import type { Route } from "./+types/book-section";
import type { PresentedBooklet, PresentedSection, SectionContent } from "../../../shared/api-types";
import { ArticleBody } from "~/components/article/article-view";
import { LockedSection } from "~/components/booklets/locked-section";
import { SectionList } from "~/components/booklets/section-list";
import { useViewCount } from "~/components/booklets/use-view-count";
import { MissingContent } from "~/components/layout/missing";
import { useShell } from "~/components/shell/shell-context";
import { optionalRouteId, requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import articleStyles from "~/styles/article.css?url";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["booklet"] });

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleStyles }];

interface SectionData {
  booklet: PresentedBooklet | null;
  sections: PresentedSection[];
  /** The section shown (its heading even when locked). */
  current: PresentedSection | null;
  /** Its text, when this reader may read it; null shows 购买后阅读. */
  content: SectionContent | null;
  url: string;
}

/**
 * bookSection (/book/{id}/section/{sectionId?}): one section rendered from Markdown (sanitized on the
 * server). Without sectionId the first section this reader may open. A section they may not read yet
 * shows the 购买后阅读 panel with the buy button; buying reloads the loader and the text appears.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const sectionId = optionalRouteId(params.sectionId);
  const booklets = context.services.booklets;
  const missing = (): ReturnType<typeof data<SectionData>> =>
    data({ booklet: null, sections: [], current: null, content: null, url: "" }, { status: 404 });
  const found = await fromService(
    Promise.all([booklets.get(id, context.caller), booklets.sections(id, context.caller)]),
    { notFound: () => null },
  );
  if (!found) return missing();
  const [booklet, sections] = found;
  const current = sectionId
    ? sections.find((s) => s.id === sectionId)
    : (sections.find((s) => s.readable) ?? sections[0]);
  if (!current) return missing();
  // A section the reader may not read (a visitor, or not bought): the page shows it locked.
  const locked = () => null;
  const content = await fromService(booklets.section(current.id, context.caller), {
    unauthorized: locked,
    forbidden: locked,
  });
  const url = `${context.publicUrl}/book/${id}/section/${current.id}`;
  return { booklet, sections, current, content, url } satisfies SectionData;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const d = loaderData;
  return titleMeta(matches, d?.current && d.booklet ? `${d.current.title} - ${d.booklet.title}` : "未知章节");
}

export default function BookSection({ loaderData }: Route.ComponentProps) {
  const { booklet, sections, current, content, url } = loaderData;
  const { siteName } = useShell();
  useViewCount("content", content ? content.id : null, content?.viewCount ?? 0);
  if (!booklet || !current) return <MissingContent title="未知章节" message="该章节不存在或尚未上架" />;
  const index = sections.findIndex((s) => s.id === current.id);
  const prev = sections[index - 1];
  const next = sections[index + 1];
  return (
    <div className="container reader-layout">
      <nav className="panel reader-nav" aria-label="小册目录">
        <div className="reader-nav-head">
          <Link to={`/book/${booklet.id}`}>{booklet.title}</Link>
        </div>
        <SectionList bookletId={booklet.id} sections={sections} current={current.id} />
      </nav>
      <article className="panel reader-main" aria-labelledby="section-title">
        <h1 id="section-title" className="reader-title">
          {current.title}
        </h1>
        {content ? (
          <ArticleBody
            html={content.html}
            copySource={{ author: booklet.user?.username ?? siteName, url, siteName }}
          />
        ) : (
          <LockedSection booklet={booklet} />
        )}
        <nav className="reader-pager" aria-label="上一节 / 下一节">
          {prev ? (
            <Link to={`/book/${booklet.id}/section/${prev.id}`} rel="prev">
              ← {prev.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/book/${booklet.id}/section/${next.id}`} rel="next">
              {next.title} →
            </Link>
          ) : null}
        </nav>
      </article>
    </div>
  );
}
