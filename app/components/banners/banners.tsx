import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Banner } from "../../../shared/api-types";
import { safeStorage, type KeyValue } from "~/lib/request-health";
import { track, trackedUrl } from "~/lib/tracking";
import "./banners.css";

/** Spec §7 Banner and §9: at most 2 banners of a position are shown. */
const BANNERS_SHOWN = 2;
/** localStorage: JSON array of the banner ids this reader closed (spec §4, §9), newest last. */
const CLOSED_BANNERS_KEY = "nugget_closed_banners";
/** Old closes fall off: banners are retired long before this many pile up. */
const MAX_REMEMBERED = 100;

let store: KeyValue | null = null;
const storage = () => (store ??= safeStorage(() => window.localStorage));

/** The ids this reader closed; anything unreadable counts as none. */
function readClosedBanners(): string[] {
  try {
    const value: unknown = JSON.parse(storage().getItem(CLOSED_BANNERS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function rememberClosed(id: string): string[] {
  const ids = [...readClosedBanners().filter((c) => c !== id), id].slice(-MAX_REMEMBERED);
  storage().setItem(CLOSED_BANNERS_KEY, JSON.stringify(ids));
  return ids;
}

/** How each position lays its images out: the sidebar's 6:5 cards, the feed's 4:1 strips. */
const LAYOUT = {
  aside: { label: "活动", width: 240, height: 200 },
  hero: { label: "推荐活动", width: 1200, height: 300 },
} as const;

/**
 * The banners of one position (spec §7 Banner: at most 2 shown, closed ones omitted): the aside
 * banners of the feed sidebars, the hero banners above the home and explore feeds. The server
 * cannot see localStorage, so it renders the first two; after hydration the closed ones are
 * dropped and the next ones move up — the first client render matches the server's HTML. One
 * list of closed ids serves both positions.
 */
export function Banners({ banners, position }: { banners: Banner[]; position: "aside" | "hero" }) {
  const [closed, setClosed] = useState<string[] | null>(null);
  useEffect(() => setClosed(readClosedBanners()), []);

  const shown = banners.filter((b) => !closed?.includes(b.id)).slice(0, BANNERS_SHOWN);
  if (shown.length === 0) return null;
  const layout = LAYOUT[position];
  return (
    <section className={`${position}-banners`} aria-label={layout.label}>
      {shown.map((banner) => {
        const label = banner.title || layout.label;
        const image = (
          <img
            src={banner.imageUrl}
            alt={label}
            width={layout.width}
            height={layout.height}
            loading="lazy"
            decoding="async"
          />
        );
        const onClick = () => track("click", "banner", banner.id);
        const className = `${position}-banner-link`;
        return (
          <div className={`${position}-banner`} key={banner.id}>
            {banner.url.startsWith("/") ? (
              <Link to={banner.url} className={className} onClick={onClick}>
                {image}
              </Link>
            ) : (
              <a
                href={trackedUrl(banner.url, "banner", banner.id)}
                className={className}
                target="_blank"
                rel="noopener noreferrer nofollow"
                onClick={onClick}
              >
                {image}
              </a>
            )}
            <button
              type="button"
              className="banner-close"
              aria-label={`关闭 ${label}`}
              onClick={() => setClosed(rememberClosed(banner.id))}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        );
      })}
    </section>
  );
}
