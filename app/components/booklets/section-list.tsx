import { Link } from "react-router";
import type { PresentedSection } from "../../../shared/api-types";
import "./booklets.css";

/**
 * The sections of a booklet in order, each marked 免费试读 when free and locked when this reader may
 * not open it yet. `current` highlights the one being read.
 */
export function SectionList({
  bookletId,
  sections,
  current,
}: {
  bookletId: string;
  sections: PresentedSection[];
  current?: string | null;
}) {
  return (
    <ol className="section-list">
      {sections.map((s, i) => (
        <li key={s.id} className={s.id === current ? "section-row current" : "section-row"}>
          <Link
            to={`/book/${bookletId}/section/${s.id}`}
            className="section-link"
            aria-current={s.id === current ? "page" : undefined}
          >
            <span className="section-index">{i + 1}</span>
            <span className="section-title">{s.title}</span>
            {s.isFree ? (
              <span className="section-mark free">免费试读</span>
            ) : !s.readable ? (
              <span className="section-mark locked" aria-label="需购买">
                <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                  <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
                  <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
                需购买
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ol>
  );
}
