import { useState } from "react";
import { useThrottledScroll } from "../../lib/use-scroll";

/** Spec §9: back-to-top appears past 800 px; the scroll listener runs at most every 100 ms. */
const BACK_TO_TOP_AT = 800;
const SCROLL_THROTTLE_MS = 100;

/** The floating buttons at the bottom right: back to top (and the dev outbox in development). */
export function SuspensionPanel({ devOutbox }: { devOutbox: boolean }) {
  const [showTop, setShowTop] = useState(false);
  useThrottledScroll((y) => setShowTop(y > BACK_TO_TOP_AT), SCROLL_THROTTLE_MS);

  return (
    <div className="suspension-panel">
      {devOutbox ? (
        <a className="suspension-button dev-outbox" href="/dev/outbox" title="开发收件箱（短信与邮件）">
          <span aria-hidden="true">✉</span>
          <span className="visually-hidden">开发收件箱</span>
        </a>
      ) : null}
      {showTop ? (
        <button
          type="button"
          className="suspension-button"
          aria-label="回到顶部"
          title="回到顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 5l-7 7h4v7h6v-7h4z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
