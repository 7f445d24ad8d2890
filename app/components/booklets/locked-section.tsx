import type { PresentedBooklet } from "../../../shared/api-types";
import { BuyButton } from "./buy-dialog";
import { formatPrice } from "./format";
import "./booklets.css";

/** What a section the reader may not open shows instead of its text: 购买后阅读. */
export function LockedSection({ booklet }: { booklet: PresentedBooklet }) {
  return (
    <section className="locked-section" aria-labelledby="locked-title">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="10" y="21" width="28" height="20" rx="3" fill="#c9cdd4" />
        <path d="M16 21v-5a8 8 0 0 1 16 0v5" fill="none" stroke="#c9cdd4" strokeWidth="4" />
      </svg>
      <h2 id="locked-title" className="locked-title">
        购买后阅读
      </h2>
      <p className="locked-text">
        本节为付费内容。购买《{booklet.title}》（{formatPrice(booklet.price)}）后即可永久阅读全部章节。
      </p>
      <BuyButton booklet={booklet} />
    </section>
  );
}
