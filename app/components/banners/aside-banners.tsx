import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Banner } from "../../../shared/api-types";
import { safeStorage, type KeyValue } from "~/lib/request-health";
import { track, trackedUrl } from "~/lib/tracking";
import "./aside-banners.css";

/** Spec §9: the sidebar shows 2 aside banners. */
export const ASIDE_BANNERS_SHOWN = 2;
/** localStorage: JSON array of the banner ids this reader closed (spec §4, §9), newest last. */
export const CLOSED_BANNERS_KEY = "nugget_closed_banners";
/** Old closes fall off: banners are retired long before this many pile up. */
const MAX_REMEMBERED = 100;

let store: KeyValue | null = null;
const storage = () => (store ??= safeStorage(() => window.localStorage));

/** The ids this reader closed; anything unreadable counts as none. */
export function readClosedBanners(): string[] {
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

/**
 * The sidebar's aside banners (spec §7 Banner: at most 2 shown, closed ones omitted). The server
 * cannot see localStorage, so it renders the first two; after hydration the closed ones are
 * dropped and the next ones move up — the first client render matches the server's HTML.
 */
export function AsideBanners({ banners }: { banners: Banner[] }) {
  const [closed, setClosed] = useState<string[] | null>(null);
  useEffect(() => setClosed(readClosedBanners()), []);

  const shown = banners.filter((b) => !closed?.includes(b.id)).slice(0, ASIDE_BANNERS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="aside-banners" aria-label="活动">
      {shown.map((banner) => (
        <AsideBanner key={banner.id} banner={banner} onClose={() => setClosed(rememberClosed(banner.id))} />
      ))}
    </section>
  );
}

function AsideBanner({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const label = banner.title || "活动";
  const image = (
    <img src={banner.imageUrl} alt={label} width={240} height={200} loading="lazy" decoding="async" />
  );
  const onClick = () => track("click", "banner", banner.id);
  return (
    <div className="aside-banner">
      {banner.url.startsWith("/") ? (
        <Link to={banner.url} className="aside-banner-link" onClick={onClick}>
          {image}
        </Link>
      ) : (
        <a
          href={trackedUrl(banner.url, "banner", banner.id)}
          className="aside-banner-link"
          target="_blank"
          rel="noopener noreferrer nofollow"
          onClick={onClick}
        >
          {image}
        </a>
      )}
      <button type="button" className="aside-banner-close" aria-label={`关闭 ${label}`} onClick={onClose}>
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
