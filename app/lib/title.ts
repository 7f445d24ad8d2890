/**
 * Page titles (spec §1): "{title} - {siteName}" unless noTemplate, with "({n}) " in front while
 * unread notifications exist.
 */
import type { MetaDescriptor } from "react-router";

export interface TitleOptions {
  noTemplate?: boolean;
  unread?: number;
}

export function pageTitle(title: string, siteName: string, options: TitleOptions = {}): string {
  const base = options.noTemplate || !title ? title || siteName : `${title} - ${siteName}`;
  const unread = options.unread ?? 0;
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** What the root loader hands every page (the subset meta functions need). */
interface RootMetaData {
  siteName: string;
  unreadCount: number;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const DEFAULT_SITE_NAME = "Nugget";

/** Reads the root loader's data out of a meta function's matches. */
export function rootMeta(matches: readonly MatchLike[]): RootMetaData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Partial<RootMetaData> | undefined;
  return {
    siteName: root?.siteName || DEFAULT_SITE_NAME,
    unreadCount: root?.unreadCount ?? 0,
  };
}

/** The usual meta export body: `return titleMeta(matches, "发现")`. */
export function titleMeta(
  matches: readonly MatchLike[],
  title: string,
  options: { noTemplate?: boolean; description?: string } = {},
): MetaDescriptor[] {
  const { siteName, unreadCount } = rootMeta(matches);
  const meta: MetaDescriptor[] = [
    { title: pageTitle(title, siteName, { noTemplate: options.noTemplate, unread: unreadCount }) },
  ];
  if (options.description) meta.push({ name: "description", content: options.description });
  return meta;
}
