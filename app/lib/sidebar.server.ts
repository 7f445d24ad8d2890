import type { AppLoadContext } from "react-router";
import type { Banner } from "../../shared/api-types";
import type { TagSummary, UserSummary } from "./types";

export interface Sidebar {
  tags: Pick<TagSummary, "id" | "title">[];
  authors: UserSummary[];
  banners: Banner[];
}

/** How long one sidebar serves every viewer of this process (it shows nothing per viewer). */
const SIDEBAR_MS = 5_000;
const ANONYMOUS = { userId: null, sessionId: null, ip: "", userAgent: "" };
const snapshots = new WeakMap<AppLoadContext["services"], { at: number; value: Promise<Sidebar> }>();

async function readSidebar(services: AppLoadContext["services"]): Promise<Sidebar> {
  const [tags, authors, banners] = await Promise.all([
    services.tags.list({ type: "hot", page: 1, pageSize: 12 }, ANONYMOUS),
    services.users.recommendedAuthors(5),
    services.banners.aside(),
  ]);
  return {
    // Only what the cards show: the page's loader data is serialized into every page.
    tags: tags.list.map(({ id, title }) => ({ id, title })),
    authors: authors.map(({ id, username, avatarLarge, jobTitle }) => ({
      id,
      username,
      avatarLarge,
      jobTitle,
    })),
    banners,
  };
}

/**
 * The feed pages' sidebar: hot tags, recommended authors and aside banners, through their services.
 * It is the same for everyone, so one read serves this process for a few seconds instead of three
 * queries on every page view (logged-in views and page-cache misses included).
 */
export function loadSidebar(context: AppLoadContext): Promise<Sidebar> {
  const now = Date.now();
  const held = snapshots.get(context.services);
  if (held && now - held.at < SIDEBAR_MS) return held.value;
  const value = readSidebar(context.services);
  snapshots.set(context.services, { at: now, value });
  // A failed read is not kept: the next page view tries again.
  value.catch(() => snapshots.delete(context.services));
  return value;
}
