import { Link, data } from "react-router";
import type { Route } from "./+types/book-info";
import { formatCount } from "../../../shared/format";
import type { CommentPage, PresentedBooklet, PresentedSection } from "../../../shared/api-types";
import { BookletCover } from "~/components/booklets/booklet-card";
import { BookletManage } from "~/components/booklets/booklet-manage";
import { BuyButton } from "~/components/booklets/buy-dialog";
import { formatPrice } from "~/components/booklets/format";
import { SectionList } from "~/components/booklets/section-list";
import { useViewCount } from "~/components/booklets/use-view-count";
import { CommentSection } from "~/components/comments/comment-section";
import { MissingContent } from "~/components/layout/missing";
import { Avatar } from "~/components/ui/avatar";
import { requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["booklet"] });

/**
 * bookInfo (/book/{id}): cover, summary, author, price, the sections with their free marks, the buy
 * button (or 开始阅读 once bought) and the booklet's comments. Missing or someone else's draft: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const booklets = context.services.booklets;
  // A missing booklet is the placeholder with status 404, not the error page.
  const found = await fromService(
    Promise.all([
      booklets.get(id, context.caller),
      booklets.sections(id, context.caller),
      context.services.comments
        .list("booklet", id, { rankType: "new" }, context.caller)
        .catch(() => ({ count: 0, comments: [], cursor: null, hasMore: false }) as CommentPage),
    ]),
    { notFound: () => null },
  );
  if (!found) {
    return data(
      {
        id,
        booklet: null as PresentedBooklet | null,
        sections: [] as PresentedSection[],
        comments: null as CommentPage | null,
        now: Date.now(),
      },
      { status: 404 },
    );
  }
  const [booklet, sections, comments] = found;
  return { id, booklet, sections, comments, now: Date.now() };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const b = loaderData?.booklet;
  return titleMeta(
    matches,
    b ? `${b.title} - 小册` : "未知小册",
    b ? { description: b.summary, type: "book", image: b.cover || undefined } : {},
  );
}

export default function BookInfo({ loaderData }: Route.ComponentProps) {
  const { booklet, sections, comments, now } = loaderData;
  const views = useViewCount(
    "detail",
    booklet && !booklet.isDraft ? booklet.id : null,
    booklet?.viewCount ?? 0,
  );
  if (!booklet) return <MissingContent title="未知小册" message="该小册不存在或尚未上架" />;
  const firstReadable = sections.find((s) => s.readable) ?? sections[0];
  const freeCount = sections.filter((s) => s.isFree).length;
  return (
    <div className="container booklet-page">
      <article className="panel booklet-head" aria-labelledby="booklet-title">
        <BookletCover booklet={booklet} size="large" />
        <div className="booklet-head-body">
          <h1 id="booklet-title" className="booklet-title">
            {booklet.title}
            {booklet.isDraft ? <span className="booklet-badge draft">草稿</span> : null}
          </h1>
          {booklet.user ? (
            <Link to={`/user/${booklet.user.id}`} className="booklet-author">
              <Avatar user={booklet.user} size={28} />
              <span>{booklet.user.username}</span>
              {booklet.user.jobTitle ? (
                <span className="booklet-author-job">{booklet.user.jobTitle}</span>
              ) : null}
            </Link>
          ) : null}
          <p className="booklet-summary">{booklet.summary}</p>
          <p className="booklet-stats">
            <span>{booklet.sectionsCount} 小节</span>
            <span>{formatCount(booklet.buyCount)} 人已购买</span>
            <span>{formatCount(views)} 次浏览</span>
            <span>{booklet.isFinished ? "已完结" : "连载中"}</span>
            {booklet.category ? (
              <Link to={`/books/${booklet.category.name}`}>{booklet.category.title}</Link>
            ) : null}
          </p>
          <div className="booklet-actions">
            {booklet.canRead ? (
              <>
                <span className="booklet-owned">
                  {booklet.isAuthor ? "这是你的小册" : booklet.bought ? "已购买" : formatPrice(booklet.price)}
                </span>
                {firstReadable ? (
                  <Link
                    to={`/book/${booklet.id}/section/${firstReadable.id}`}
                    className="btn btn-primary buy-button"
                  >
                    开始阅读
                  </Link>
                ) : null}
              </>
            ) : (
              <>
                <span className="booklet-price">{formatPrice(booklet.price)}</span>
                {!booklet.isDraft ? <BuyButton booklet={booklet} /> : null}
                {freeCount > 0 && firstReadable ? (
                  <Link to={`/book/${booklet.id}/section/${firstReadable.id}`} className="btn">
                    免费试读
                  </Link>
                ) : null}
              </>
            )}
          </div>
        </div>
      </article>

      <BookletManage booklet={booklet} sections={sections} />

      <section className="list-card booklet-section-card" aria-labelledby="sections-title">
        <header className="list-header">
          <h2 id="sections-title" className="list-title">
            目录
          </h2>
          <span className="booklet-item-meta">
            共 {sections.length} 节{freeCount > 0 ? `，${freeCount} 节免费试读` : ""}
          </span>
        </header>
        <SectionList bookletId={booklet.id} sections={sections} />
      </section>

      {comments && !booklet.isDraft ? (
        <section className="panel booklet-comments">
          <CommentSection target={{ type: "booklet", id: booklet.id }} initial={comments} now={now} />
        </section>
      ) : null}
    </div>
  );
}
