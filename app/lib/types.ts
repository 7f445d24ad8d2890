/**
 * The shapes list components render. Loaders fill them from context.services once the
 * services exist; until then they hand empty lists and the pages show their empty states.
 */

export interface UserSummary {
  id: string;
  username: string;
  avatarLarge: string;
  jobTitle?: string;
  company?: string;
}

export interface EntrySummary {
  id: string;
  title: string;
  type: "article" | "post" | "vote" | "others";
  originalUrl: string;
  abstract: string;
  screenshot?: string;
  user: UserSummary;
  category?: { name: string; title: string };
  tags?: { id: string; title: string }[];
  collectionCount: number;
  commentsCount: number;
  viewsCount?: number;
  liked?: boolean;
  /** 1 when recommended (spec §3 hot 0 or 1). */
  hot?: boolean | number;
  createdAt: string;
}

export interface TagSummary {
  id: string;
  title: string;
  icon?: string;
  entriesCount: number;
  subscribersCount: number;
  subscribed?: boolean;
}
