/**
 * schema.org structured data (JSON-LD) for the pages search engines show as results: an article,
 * a shared link's discussion, a person. Each page's meta hands these to `titleMeta`'s `jsonLd`.
 */
import type { MetaDescriptor } from "react-router";
import { absolute, rootMeta, titleMeta, type PageMeta } from "./title";

type Matches = Parameters<typeof rootMeta>[0];

/** What an entry page knows of its entry (PresentedEntry / Article). */
interface EntryLike {
  id: string;
  type: string;
  title: string;
  abstract: string;
  originalUrl: string;
  screenshot: string;
  createdAt: string;
  updatedAt: string;
  collectionCount: number;
  commentsCount: number;
  user: { id: string; username: string };
  tags: { title: string }[];
}

const counted = (type: "LikeAction" | "CommentAction", n: number) => ({
  "@type": "InteractionCounter",
  interactionType: `https://schema.org/${type}`,
  userInteractionCount: n,
});

/**
 * A column article as `Article`; a shared link or a vote as `DiscussionForumPosting` (the entry is
 * a conversation about the page it links to, which Google reads as a forum post).
 */
export function entryLd(matches: Matches, entry: EntryLike, path: string): Record<string, unknown> {
  const { publicUrl } = rootMeta(matches);
  const url = absolute(publicUrl, path);
  const common = {
    headline: entry.title,
    description: entry.abstract || undefined,
    url,
    mainEntityOfPage: url,
    datePublished: entry.createdAt,
    dateModified: entry.updatedAt,
    author: {
      "@type": "Person",
      name: entry.user.username,
      url: absolute(publicUrl, `/user/${entry.user.id}`),
    },
    keywords: entry.tags.map((t) => t.title).join(",") || undefined,
    image: entry.screenshot ? absolute(publicUrl, entry.screenshot) : undefined,
    interactionStatistic: [
      counted("LikeAction", entry.collectionCount),
      counted("CommentAction", entry.commentsCount),
    ],
  };
  if (entry.type === "post") return { "@type": "Article", ...common };
  return {
    "@type": "DiscussionForumPosting",
    ...common,
    commentCount: entry.commentsCount,
    ...(/^https?:\/\//.test(entry.originalUrl)
      ? { sharedContent: { "@type": "WebPage", url: entry.originalUrl } }
      : {}),
  };
}

/** A profile page: the person, with what they have published. */
export function personLd(
  matches: Matches,
  user: {
    id: string;
    username: string;
    selfDescription?: string;
    avatarLarge?: string;
    jobTitle?: string;
    company?: string;
  },
): Record<string, unknown> {
  const { publicUrl } = rootMeta(matches);
  const url = absolute(publicUrl, `/user/${user.id}`);
  return {
    "@type": "ProfilePage",
    url,
    mainEntity: {
      "@type": "Person",
      name: user.username,
      url,
      description: user.selfDescription || undefined,
      image: user.avatarLarge ? absolute(publicUrl, user.avatarLarge) : undefined,
      jobTitle: user.jobTitle || undefined,
      worksFor: user.company ? { "@type": "Organization", name: user.company } : undefined,
    },
  };
}

/** BreadcrumbList of (name, path) pairs, the page itself last. */
export function breadcrumbs(matches: Matches, items: [string, string][]): Record<string, unknown> {
  const { publicUrl } = rootMeta(matches);
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absolute(publicUrl, path),
    })),
  };
}

/**
 * The head of a page showing one entry (an article at /post, a share or vote at /entry): its share
 * card and, in the server's HTML only, its structured data and breadcrumbs under `section`.
 */
export function entryMeta(
  matches: Matches,
  entry: EntryLike | null | undefined,
  pathOf: (id: string) => string,
  section: [name: string, path: string],
  extra: PageMeta = {},
): MetaDescriptor[] {
  if (!entry) return titleMeta(matches, "未知文章");
  const path = pathOf(entry.id);
  return titleMeta(matches, entry.title, {
    description: entry.abstract || undefined,
    type: "article",
    image: entry.screenshot || undefined,
    ...extra,
    jsonLd: import.meta.env.SSR
      ? [entryLd(matches, entry, path), breadcrumbs(matches, [["首页", "/"], section, [entry.title, path]])]
      : undefined,
  });
}
