import type { BannerRow } from "./queries.ts";

/** A banner as the API and the sidebar see it (spec §3 Banner: id, url; plus what it shows). */
export interface Banner {
  id: string;
  position: "hero" | "aside";
  title: string;
  imageUrl: string;
  url: string;
  order: number;
  active: boolean;
  startedAt: string | null;
  endedAt: string | null;
}

export function presentBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    position: row.position as Banner["position"],
    title: row.title,
    imageUrl: row.imageUrl,
    url: row.url,
    order: row.order,
    active: row.active,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}
