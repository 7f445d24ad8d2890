import { notFound } from "../../lib/errors.ts";
import type { SitemapSource } from "../../lib/sitemap-source.ts";
import { HEX_ID } from "../../../shared/ids.ts";
import { bookletSitemap } from "../booklets/index.ts";
import type { Caller, Deps } from "../deps.ts";
import { entrySitemap, type EntryService, type PresentedEntry } from "../entries/index.ts";
import { tagSitemap, type TagService } from "../tags/index.ts";
import { findUserById, userSitemap } from "../users/index.ts";
import { atom, rss, sitemapIndex, urlset, type Feed, type FeedItem } from "./xml.ts";

/** Feeds are read by machines, as a visitor would see the lists. */
const NOBODY: Caller = { userId: null, sessionId: null, ip: "127.0.0.1", userAgent: "feed" };
const FEED_SIZE = 20;
/** URLs per sitemap: well under the protocol's 50,000 and 50 MB, so a chunk is one quick read. */
export const SITEMAP_CHUNK = 10_000;

/** The feeds of /feeds/…: which list, under which name. */
export type FeedName =
  | { kind: "newest" }
  | { kind: "hot" }
  | { kind: "column" }
  | { kind: "tag"; title: string }
  | { kind: "user"; id: string };

export type FeedFormat = "atom" | "rss";

/** Where each feed lives, relative to the site: the pages link to it (`<link rel="alternate">`). */
export function feedPath(name: FeedName, format: FeedFormat): string {
  const ext = format === "atom" ? "xml" : "rss";
  switch (name.kind) {
    case "tag":
      return `/feeds/tag/${encodeURIComponent(name.title)}.${ext}`;
    case "user":
      return `/feeds/user/${name.id}.${ext}`;
    default:
      return `/feeds/${name.kind}.${ext}`;
  }
}

/** The site-wide feeds: which list each follows, and the page it mirrors. */
const SITE_FEEDS = {
  newest: {
    input: { sort: "newest" },
    title: "最新",
    subtitle: "开发者们刚刚分享和写下的内容",
    path: "/explore/all?sort=newest",
  },
  hot: {
    input: { sort: "popular" },
    title: "热门",
    subtitle: "社区里正受欢迎的文章和分享",
    path: "/explore/all",
  },
  column: {
    input: { sort: "newest", type: "post" },
    title: "专栏",
    subtitle: "作者们在专栏写下的新文章",
    path: "/zhuanlan/all",
  },
} as const;

/** The sitemaps of the index, by what they list and the address of each row. */
const SITEMAPS: Record<string, { source: SitemapSource; path: (key: string, id: string) => string }> = {
  entries: {
    source: entrySitemap,
    // As the lists link them: column articles at /post, shares and votes at /entry.
    path: (type, id) => (type === "post" ? `/post/${id}` : `/entry/${id}`),
  },
  users: { source: userSitemap, path: (_key, id) => `/user/${id}` },
  tags: { source: tagSitemap, path: (title) => `/tag/${encodeURIComponent(title)}` },
  booklets: { source: bookletSitemap, path: (_key, id) => `/book/${id}` },
};
export const SITEMAP_KINDS = Object.keys(SITEMAPS);

/**
 * Feeds (Atom with RSS 2.0 beside), the sitemap index and its sitemaps, and robots.txt: what search
 * engines and feed readers fetch. Not a service of spec §7; it reads the lists through the faces of
 * entries, tags and users, and each table's public rows through its service's sitemap source.
 */
export function createSyndicationService(deps: Deps, lists: { entries: EntryService; tags: TagService }) {
  const { db, config } = deps;
  const site = config.publicUrl;
  const siteName = config.siteName;

  function item(e: PresentedEntry): FeedItem {
    const url = `${site}${e.type === "post" ? `/post/${e.id}` : `/entry/${e.id}`}`;
    return {
      title: e.title,
      url,
      originalUrl: e.type === "post" || !/^https?:\/\//.test(e.originalUrl) ? "" : e.originalUrl,
      summary: e.abstract,
      author: { name: e.user.username, url: `${site}/user/${e.user.id}` },
      categories: e.tags.map((t) => t.title),
      published: e.createdAt,
      updated: e.updatedAt,
    };
  }

  async function describe(name: FeedName): Promise<Omit<Feed, "atomUrl" | "rssUrl" | "generatedAt">> {
    switch (name.kind) {
      case "newest":
      case "hot":
      case "column": {
        const { input, title, subtitle, path } = SITE_FEEDS[name.kind];
        const page = await lists.entries.feed({ ...input, limit: FEED_SIZE }, NOBODY);
        return {
          title: `${siteName} - ${title}`,
          subtitle,
          pageUrl: site + path,
          items: page.list.map(item),
        };
      }
      case "tag": {
        const page = await lists.tags.feed({ title: name.title, sort: "newest", limit: FEED_SIZE }, NOBODY);
        return {
          title: `${siteName} - ${page.tag.title}`,
          subtitle: `标签「${page.tag.title}」下的最新内容`,
          pageUrl: `${site}/tag/${encodeURIComponent(page.tag.title)}`,
          items: page.list.map(item),
        };
      }
      case "user": {
        const user = HEX_ID.test(name.id) ? await findUserById(db, name.id) : undefined;
        if (!user) throw notFound("用户不存在");
        const page = await lists.entries.feed({ sort: "newest", userId: user.id, limit: FEED_SIZE }, NOBODY);
        return {
          title: `${user.username} - ${siteName}`,
          subtitle: user.selfDescription || `${user.username} 发布的文章和分享`,
          pageUrl: `${site}/user/${user.id}`,
          items: page.list.map(item),
        };
      }
    }
  }

  return {
    /** A feed as Atom or RSS 2.0; an unknown tag or user is 404. */
    async feed(name: FeedName, format: FeedFormat): Promise<string> {
      const feed: Feed = {
        ...(await describe(name)),
        atomUrl: site + feedPath(name, "atom"),
        rssUrl: site + feedPath(name, "rss"),
        generatedAt: new Date().toISOString(),
      };
      return format === "atom" ? atom(feed) : rss(feed);
    },

    /** /sitemap.xml: one sitemap per chunk of ids of each kind (SITEMAP_CHUNK). */
    async sitemapIndex(): Promise<string> {
      const all = await Promise.all(
        SITEMAP_KINDS.map(async (kind) =>
          (await SITEMAPS[kind]!.source.starts(db, SITEMAP_CHUNK)).map((from) => ({
            loc: `${site}/sitemaps/${kind}-${from}.xml`,
          })),
        ),
      );
      return sitemapIndex(all.flat());
    },

    /** One chunk: its public rows with their last change. Unknown kinds and malformed ids are 404. */
    async sitemap(kind: string, from: string): Promise<string> {
      const map = SITEMAPS[kind];
      if (!map || !HEX_ID.test(from)) throw notFound("站点地图不存在");
      const rows = await map.source.chunk(db, from, SITEMAP_CHUNK);
      return urlset(
        rows.map((r) => ({ loc: site + map.path(r.key, r.id), lastmod: r.updatedAt.toISOString() })),
      );
    },

    /**
     * robots.txt: crawl the public pages; keep out of the personal ones (settings, editors, admin),
     * of search result pages (endless, thin) and of the API; point at the sitemap index.
     */
    robots(): string {
      return [
        "User-agent: *",
        "Disallow: /user/settings",
        "Disallow: /user/wallet",
        "Disallow: /editor/",
        "Disallow: /admin/",
        "Disallow: /search",
        "Disallow: /api/",
        "Disallow: /dev/",
        "Allow: /",
        "",
        `Sitemap: ${site}/sitemap.xml`,
        "",
      ].join("\n");
    },
  };
}
