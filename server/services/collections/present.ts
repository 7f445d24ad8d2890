import { presentAuthor, type PresentedEntry } from "../entries/index.ts";
import type { PublicUserRow } from "../users/index.ts";
import type { CollectionSetRow } from "./queries.ts";

/** Collection (spec §3) for one caller: `followed`, `isIn` and `own` are the caller's flags. */
export function presentCollection(
  set: CollectionSetRow,
  ctx: { user: PublicUserRow; followed: boolean; isIn: boolean; callerId: string | null },
) {
  const author = presentAuthor(ctx.user);
  return {
    id: set.id,
    csId: set.id,
    title: set.title,
    description: set.description,
    /** The background image (bgImgUrl); "" when none. */
    imageUrl: set.bgImgUrl,
    /** The mask colour over the background (bgImgMask); "" when none. */
    maskColor: set.bgImgMask,
    tag: set.tag,
    recommended: set.recommended,
    followerCount: set.followerCount,
    entryCount: set.entryCount,
    followed: ctx.followed,
    isIn: ctx.isIn,
    own: ctx.callerId === set.userId,
    author,
    creator: author,
    createdAt: set.createdAt.toISOString(),
    updatedAt: set.updatedAt.toISOString(),
  };
}

export type PresentedCollection = ReturnType<typeof presentCollection>;

// The list and toggle answers of the service, as the spec names their fields.

export interface SetList {
  list: PresentedCollection[];
  page: number;
  pageSize: number;
  /** Another page follows (one row more than asked was found). */
  canNext: boolean;
}

/** getUserCollectionSet / getFollowedCollectionSet: a page of sets and how many there are in all. */
export interface UserSetList {
  collectionSets: PresentedCollection[];
  sum: number;
  page: number;
  pageSize: number;
  canNext: boolean;
}

export interface SetEntries {
  list: (PresentedEntry & { collected: boolean; collectedAt: string })[];
  /** The set's entryCount. */
  total: number;
  page: number;
  pageSize: number;
  canNext: boolean;
}

export interface FollowSetState {
  csId: string;
  followed: boolean;
  followerCount: number;
}

export interface CollectState {
  csId: string;
  entryId: string;
  isIn: boolean;
  entryCount: number;
}
