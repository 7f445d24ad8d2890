import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useThrottledScroll } from "~/lib/use-scroll";

// Loaded when 客服 is pressed: the dialog (and the Modal behind it) is not needed before.
const CustomerServiceDialog = lazy(() =>
  import("./customer-service-dialog").then((m) => ({ default: m.CustomerServiceDialog })),
);

/** Spec §9: back-to-top appears past 800 px; the scroll listener runs at most every 100 ms. */
const BACK_TO_TOP_AT = 800;
const SCROLL_THROTTLE_MS = 100;

/** Search and social crawlers that run scripts: they get no customer-service button (spec §4). */
const CRAWLER = /bot\b|crawler|spider|slurp|bingpreview|facebookexternalhit|mediapartners/i;

/** True for a crawler's user agent. */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

const noSubscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the page runs in a browser: the
 * customer-service button is never in the markup, so readers without JS and crawlers that only
 * read HTML never see a button that could not work for them.
 */
function useReadyInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => !isCrawler(navigator.userAgent),
    () => false,
  );
}

export interface SuspensionPanelProps {
  devOutbox: boolean;
  /** The support address (SUPPORT_EMAIL) the customer-service dialog offers. */
  supportEmail: string;
}

/**
 * The floating buttons at the bottom right: customer service once the page is ready, back to top
 * (and the dev outbox in development). suspension-panel.tsx puts them in their corner.
 */
export function SuspensionButtons({ devOutbox, supportEmail }: SuspensionPanelProps) {
  const [showTop, setShowTop] = useState(false);
  const [serviceOpen, setServiceOpen] = useState(false);
  const ready = useReadyInBrowser();
  useThrottledScroll((y) => setShowTop(y > BACK_TO_TOP_AT), SCROLL_THROTTLE_MS);

  return (
    <>
      {devOutbox ? (
        <a className="suspension-button dev-outbox" href="/dev/outbox" title="开发收件箱（短信与邮件）">
          <span aria-hidden="true">✉</span>
          <span className="visually-hidden">开发收件箱</span>
        </a>
      ) : null}
      {ready ? (
        <button
          type="button"
          className="suspension-button service-button"
          aria-haspopup="dialog"
          aria-expanded={serviceOpen}
          title="联系客服"
          onClick={() => setServiceOpen(true)}
        >
          客服
        </button>
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
      {serviceOpen ? (
        <Suspense fallback={null}>
          <CustomerServiceDialog open supportEmail={supportEmail} onClose={() => setServiceOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
