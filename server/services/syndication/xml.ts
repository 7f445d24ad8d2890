/**
 * The XML this service answers: Atom 1.0 (RFC 4287), RSS 2.0, and sitemaps (sitemaps.org 0.9).
 * Written by hand: a few fixed shapes, and every text goes through `text()`.
 */

// XML 1.0 refuses these code points even escaped; user text may carry them (pasted from a terminal).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text for an element or a quoted attribute. */
export function text(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

/** One item of a feed, already resolved to absolute addresses. */
export interface FeedItem {
  title: string;
  url: string;
  /** Where a shared link points (Atom rel="related"), "" for articles written here. */
  originalUrl: string;
  summary: string;
  author: { name: string; url: string };
  categories: string[];
  published: string;
  updated: string;
}

export interface Feed {
  title: string;
  subtitle: string;
  /** The page this feed follows. */
  pageUrl: string;
  atomUrl: string;
  rssUrl: string;
  items: FeedItem[];
  /** When nothing is in the feed: the time it was made. */
  generatedAt: string;
}

export function atom(feed: Feed): string {
  const updated = feed.items.reduce((max, i) => (i.updated > max ? i.updated : max), "") || feed.generatedAt;
  const entries = feed.items.map(
    (i) => `  <entry>
    <id>${text(i.url)}</id>
    <title>${text(i.title)}</title>
    <link rel="alternate" type="text/html" href="${text(i.url)}"/>
${i.originalUrl ? `    <link rel="related" href="${text(i.originalUrl)}"/>\n` : ""}    <published>${i.published}</published>
    <updated>${i.updated}</updated>
    <author><name>${text(i.author.name)}</name><uri>${text(i.author.url)}</uri></author>
${i.categories.map((c) => `    <category term="${text(c)}"/>\n`).join("")}    <summary>${text(i.summary)}</summary>
  </entry>
`,
  );
  return `${HEAD}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">
  <id>${text(feed.atomUrl)}</id>
  <title>${text(feed.title)}</title>
  <subtitle>${text(feed.subtitle)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${text(feed.atomUrl)}"/>
  <link rel="alternate" type="text/html" href="${text(feed.pageUrl)}"/>
  <link rel="alternate" type="application/rss+xml" href="${text(feed.rssUrl)}"/>
  <updated>${updated}</updated>
${entries.join("")}</feed>
`;
}

/** RSS wants RFC 822 dates. */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

export function rss(feed: Feed): string {
  const items = feed.items.map(
    (i) => `    <item>
      <title>${text(i.title)}</title>
      <link>${text(i.url)}</link>
      <guid isPermaLink="true">${text(i.url)}</guid>
      <pubDate>${rfc822(i.published)}</pubDate>
      <dc:creator>${text(i.author.name)}</dc:creator>
${i.categories.map((c) => `      <category>${text(c)}</category>\n`).join("")}      <description>${text(i.summary)}</description>
    </item>
`,
  );
  return `${HEAD}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${text(feed.title)}</title>
    <link>${text(feed.pageUrl)}</link>
    <description>${text(feed.subtitle)}</description>
    <language>zh-CN</language>
    <atom:link rel="self" type="application/rss+xml" href="${text(feed.rssUrl)}"/>
${items.join("")}  </channel>
</rss>
`;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export function sitemapIndex(sitemaps: SitemapUrl[]): string {
  const items = sitemaps.map(
    (s) =>
      `  <sitemap><loc>${text(s.loc)}</loc>${s.lastmod ? `<lastmod>${s.lastmod}</lastmod>` : ""}</sitemap>\n`,
  );
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("")}</sitemapindex>\n`;
}

export function urlset(urls: SitemapUrl[]): string {
  const items = urls.map(
    (u) => `  <url><loc>${text(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>\n`,
  );
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("")}</urlset>\n`;
}
