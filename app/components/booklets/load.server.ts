import type { AppLoadContext } from "react-router";
import type { PresentedBooklet } from "../../../shared/api-types";
import { fromService } from "~/lib/loader.server";

export type ProfileBookletsType = "book" | "bought";

export interface ProfileBookletsData {
  userId: string;
  type: ProfileBookletsType;
  list: PresentedBooklet[];
  /** book: the next page's pointer; bought: the next zero-based page. Null on the last page. */
  next: string | null;
  /** Purchases are private: false when the viewer may not see this user's bought list. */
  visible: boolean;
}

/**
 * The profile tabs of booklet authors (spec §2 user: book and bought), for a page loader: 小册 lists
 * the user's booklets (their own drafts too when they look at themselves), 已购 their purchases —
 * shown only to the user themself (getListBuy answers 403 to anyone else).
 */
export async function loadProfileBooklets(
  context: AppLoadContext,
  userId: string,
  type: ProfileBookletsType,
  cursor: string | null = null,
): Promise<ProfileBookletsData> {
  const booklets = context.services.booklets;
  if (type === "book") {
    const page = await booklets.list({ userId, pointer: cursor ?? undefined }, context.caller);
    return { userId, type, list: page.list, next: page.cursor, visible: true };
  }
  const page = Number(cursor ?? 0) || 0;
  const hidden = (): ProfileBookletsData => ({ userId, type, list: [], next: null, visible: false });
  return fromService(
    async () => {
      const r = await booklets.boughtList({ userId, page }, context.caller);
      const more = (page + 1) * r.pageSize < r.total;
      return { userId, type, list: r.list, next: more ? String(page + 1) : null, visible: true };
    },
    { unauthorized: hidden, forbidden: hidden },
  );
}
