import { presentAuthor } from "../entries/index.ts";
import type { CollectionSetRow, UserRow } from "./queries.ts";

/** Collection (spec §3) for one caller: `followed`, `isIn` and `own` are the caller's flags. */
export function presentCollection(
  set: CollectionSetRow,
  ctx: { user: UserRow; followed: boolean; isIn: boolean; callerId: string | null },
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
