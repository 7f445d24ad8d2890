import type { PresentedEntry } from "../../shared/api-types";

/**
 * The shapes list components render: the fields they show of what the presenters answer, so a
 * loader may pass a presented entry or tag as it is, or trim it first (toSummary) to keep the
 * serialized loader data small.
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
  type: PresentedEntry["type"];
  abstract: string;
  screenshot?: string;
  user: Pick<UserSummary, "id" | "username">;
  /** A card shows the first two. */
  tags?: { id: string; title: string }[];
  collectionCount: number;
  commentsCount: number;
  liked?: boolean;
  /** 1 when recommended (spec §3 hot 0 or 1). */
  hot?: boolean | number;
  /** The admins' campaign tag (spec §6), absent when the share has none. */
  campaignTag?: string;
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
