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
  publicUrl: string;
}

type MatchLike = { id: string; pathname?: string; loaderData?: unknown } | undefined;

export const DEFAULT_SITE_NAME = "Nugget";

/** Reads the root loader's data out of a meta function's matches. */
export function rootMeta(matches: readonly MatchLike[]): RootMetaData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Partial<RootMetaData> | undefined;
  return {
    siteName: root?.siteName || DEFAULT_SITE_NAME,
    unreadCount: root?.unreadCount ?? 0,
    publicUrl: root?.publicUrl ?? "",
  };
}

/** A feed a page offers to readers (`<link rel="alternate">`): its path without the extension. */
export interface PageFeed {
  title: string;
  /** "/feeds/newest", "/feeds/tag/React" …: Atom at .xml, RSS 2.0 at .rss (server syndication). */
  path: string;
}

export interface PageMeta {
  noTemplate?: boolean;
  description?: string;
  /** Open Graph type: "website" unless the page is one article or one person. */
  type?: "website" | "article" | "profile" | "book";
  /** The share card's picture (absolute, or a path on this site). */
  image?: string;
  feeds?: PageFeed[];
  /** Structured data for search engines (schema.org JSON-LD), one object a block. */
  jsonLd?: Record<string, unknown>[];
}

/**
 * The usual meta export body: `return titleMeta(matches, "发现")`. Besides the title, every page
 * gets its canonical address (the path it was reached by, without the query: pointers and sorts
 * of a list are the same page to a search engine) and a share card (Open Graph, Twitter); a page
 * may add its picture, feeds and structured data.
 */
export function titleMeta(
  matches: readonly MatchLike[],
  title: string,
  options: PageMeta = {},
): MetaDescriptor[] {
  const { siteName, unreadCount, publicUrl } = rootMeta(matches);
  const shownTitle = options.noTemplate || !title ? title || siteName : `${title} - ${siteName}`;
  const meta: MetaDescriptor[] = [
    { title: pageTitle(title, siteName, { noTemplate: options.noTemplate, unread: unreadCount }) },
    // The share card's (WeChat's, app/lib/wechat/js-sdk.ts, and link previews'): the page's own
    // title, without the site's name or the unread count. With the picture (and the description's
    // plain meta) it is also rendered in the browser: WeChat's share card reads it after each navigation.
    { property: "og:title", content: title || siteName },
  ];
  if (options.description) meta.push({ name: "description", content: options.description });
  if (options.image) meta.push({ property: "og:image", content: absolute(publicUrl, options.image) });
  // What crawlers and share previews read, in the server's HTML only: after hydration nothing reads
  // it, and the browser bundle stays without it (React 19 leaves the server's extra <head> tags).
  if (import.meta.env.SSR) meta.push(...crawlerMeta(matches, shownTitle, options));
  return meta;
}

/** A path on this site as an absolute address; an address elsewhere stays as it is. */
export function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : publicUrl + path;
}

/** Canonical address, the rest of Open Graph, the Twitter card, feeds and structured data of a page. */
function crawlerMeta(matches: readonly MatchLike[], shownTitle: string, options: PageMeta): MetaDescriptor[] {
  const { siteName, publicUrl } = rootMeta(matches);
  const meta: MetaDescriptor[] = [];
  const pathname = matches.at(-1)?.pathname;
  const url = pathname !== undefined ? absolute(publicUrl, pathname) : undefined;
  if (url) meta.push({ tagName: "link", rel: "canonical", href: url });
  meta.push(
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: options.type ?? "website" },
    { name: "twitter:card", content: options.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: shownTitle },
  );
  if (url) meta.push({ property: "og:url", content: url });
  if (options.description) {
    meta.push(
      { property: "og:description", content: options.description },
      { name: "twitter:description", content: options.description },
    );
  }
  if (options.image) meta.push({ name: "twitter:image", content: absolute(publicUrl, options.image) });
  for (const feed of options.feeds ?? []) {
    meta.push(
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: feed.title,
        href: absolute(publicUrl, `${feed.path}.xml`),
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `${feed.title} (RSS)`,
        href: absolute(publicUrl, `${feed.path}.rss`),
      },
    );
  }
  for (const data of options.jsonLd ?? [])
    meta.push({ "script:ld+json": { "@context": "https://schema.org", ...data } });
  return meta;
}
