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
/** What one read holds: the sidebar, and the hero banners the home and explore feeds show. */
interface Snapshot {
  sidebar: Sidebar;
  hero: Banner[];
}
const snapshots = new WeakMap<AppLoadContext["services"], { at: number; value: Promise<Snapshot> }>();

async function readSidebar(services: AppLoadContext["services"]): Promise<Snapshot> {
  const [tags, authors, banners, hero] = await Promise.all([
    services.tags.list({ type: "hot", page: 1, pageSize: 12 }, ANONYMOUS),
    services.users.recommendedAuthors(5),
    services.banners.forPages("aside"),
    services.banners.forPages("hero"),
  ]);
  const sidebar = {
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
  return { sidebar, hero };
}

/**
 * The feed pages' sidebar: hot tags, recommended authors and aside banners, through their services.
 * It is the same for everyone, so one read serves this process for a few seconds instead of three
 * queries on every page view (logged-in views and page-cache misses included). Only the authors a
 * signed-in reader muted or blocked are taken out for them, as from every feed: their
 * hidden set is read only for readers who hide someone (Caller.hidesAnyone).
 */
export async function loadSidebar(context: AppLoadContext): Promise<Sidebar> {
  const [{ sidebar }, hidden] = await Promise.all([
    snapshot(context),
    context.caller.userId ? context.services.blocks.hiddenIds(context.caller) : new Set<string>(),
  ]);
  if (!sidebar.authors.some((a) => hidden.has(a.id))) return sidebar;
  return { ...sidebar, authors: sidebar.authors.filter((a) => !hidden.has(a.id)) };
}

/**
 * The hero banners above the home and explore feeds (spec §7 get_banner, position hero): the same
 * for everyone, so they come with the sidebar's read.
 */
export async function loadHeroBanners(context: AppLoadContext): Promise<Banner[]> {
  return (await snapshot(context)).hero;
}

function snapshot(context: AppLoadContext): Promise<Snapshot> {
  const now = Date.now();
  const held = snapshots.get(context.services);
  if (held && now - held.at < SIDEBAR_MS) return held.value;
  const value = readSidebar(context.services);
  snapshots.set(context.services, { at: now, value });
  // A failed read is not kept: the next page view tries again.
  value.catch(() => snapshots.delete(context.services));
  return value;
}
