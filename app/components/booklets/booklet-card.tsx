import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import type { PresentedBooklet } from "../../../shared/api-types";
import { formatPrice } from "./format";
import { FIRST_SCREEN_ITEMS, LazyImage } from "~/components/ui/lazy-image";
import "./booklets.css";

/** The cover, or a coloured block with the title when the booklet has none. */
export function BookletCover({
  booklet,
  size = "small",
  eager = true,
}: {
  booklet: PresentedBooklet;
  size?: "small" | "large";
  /** False below a list's first screen: the cover waits until the reader comes near (LazyImage). */
  eager?: boolean;
}) {
  return booklet.cover ? (
    <LazyImage className={`booklet-cover ${size}`} src={booklet.cover} alt="" eager={eager} />
  ) : (
    <span className={`booklet-cover ${size} blank`} aria-hidden="true">
      {booklet.title.slice(0, 8)}
    </span>
  );
}

/** One booklet in a list: cover, title, summary, author, sections and buyers, price or 已购. */
export function BookletItem({ booklet, eager }: { booklet: PresentedBooklet; eager?: boolean }) {
  return (
    <li className="booklet-item">
      <Link to={`/book/${booklet.id}`} className="booklet-item-link" aria-hidden="true" tabIndex={-1}>
        <BookletCover booklet={booklet} eager={eager} />
      </Link>
      <div className="booklet-item-body">
        <h2 className="booklet-item-title">
          <Link to={`/book/${booklet.id}`}>{booklet.title}</Link>
          {booklet.isDraft ? <span className="booklet-badge draft">草稿</span> : null}
          {booklet.isHot ? <span className="booklet-badge hot">热门</span> : null}
        </h2>
        <p className="booklet-item-summary">{booklet.summary}</p>
        <p className="booklet-item-meta">
          {booklet.user ? <Link to={`/user/${booklet.user.id}`}>{booklet.user.username}</Link> : null}
          <span>{booklet.sectionsCount} 小节</span>
          <span>{formatCount(booklet.buyCount)} 人已购买</span>
          {booklet.isFinished ? <span>已完结</span> : <span>连载中</span>}
        </p>
      </div>
      <div className="booklet-item-price">
        {booklet.bought || booklet.isAuthor ? (
          <span className="booklet-bought">{booklet.isAuthor ? "我的小册" : "已购买"}</span>
        ) : (
          <span className={booklet.price === 0 ? "booklet-price free" : "booklet-price"}>
            {formatPrice(booklet.price)}
          </span>
        )}
      </div>
    </li>
  );
}

/** A list of booklets (index, profile tabs). */
export function BookletList({ booklets }: { booklets: PresentedBooklet[] }) {
  return (
    <ul className="booklet-list">
      {booklets.map((b, i) => (
        <BookletItem key={b.id} booklet={b} eager={i < FIRST_SCREEN_ITEMS} />
      ))}
    </ul>
  );
}
