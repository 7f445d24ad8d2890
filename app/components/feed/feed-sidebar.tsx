import type { ReactNode } from "react";
import { Banners } from "~/components/banners/banners";
import { useShell } from "~/components/shell/shell-context";
import type { Sidebar } from "~/lib/sidebar.server";
import { AppCard, AuthorListCard, SidebarFooter, TagCloudCard } from "./sidebar";

interface FeedSidebarProps {
  /** The page's own cards, on top (welcome's greeting, 专栏's hot list of the week). */
  lead?: ReactNode;
  /** The cards every feed shares (loadSidebar): aside banners, hot tags, authors. */
  shared?: Sidebar;
  /**
   * 推荐关注 (SuggestedUsersCard) under the banners, for a logged-in reader. Passed in rather than
   * imported here: the welcome page, never seen logged in, keeps its code out of its first render.
   */
  suggestedUsers?: ReactNode;
  /** The timeline, the reader's own home, calls its lists 推荐标签 / 推荐作者. */
  titles?: { tags: string; authors: string };
}

/**
 * The right column of the feed pages (explore, welcome, timeline, 专栏), in one order: the page's
 * own cards, the shared cards, then the app card and the footer that close every sidebar.
 */
export function FeedSidebar({ lead, shared, suggestedUsers, titles }: FeedSidebarProps) {
  const { siteName } = useShell();
  return (
    <>
      {lead}
      {shared ? (
        <>
          <Banners banners={shared.banners} position="aside" />
          {suggestedUsers}
          <TagCloudCard tags={shared.tags} title={titles?.tags} />
          <AuthorListCard authors={shared.authors} title={titles?.authors} />
        </>
      ) : null}
      <AppCard siteName={siteName} />
      <SidebarFooter siteName={siteName} />
    </>
  );
}
