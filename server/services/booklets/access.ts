import type { Tx } from "../../../db/client.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { type Caller, requireLogin } from "../deps.ts";
import { findUserById, usersByIds, type UserRow } from "../users/index.ts";
import { presentBooklet, type PresentedBooklet } from "./present.ts";
import { boughtAmong, findBooklet, hasPaidOrder, type BookletRow } from "./queries.ts";

export const BOOKLET_MISSING = "小册不存在或尚未上架";
export const SECTION_MISSING = "章节不存在";

/**
 * Who may see and change a booklet, and booklets presented for a caller: shared by reading
 * (booklets.ts) and authoring (authoring.ts), so both answer the same 404/403 for the same booklet.
 */
export function bookletAccess(db: Tx) {
  async function viewerOf(caller: Caller): Promise<UserRow | undefined> {
    return caller.userId ? findUserById(db, caller.userId) : undefined;
  }

  /** The booklet as this caller may see it: drafts only for their author and admins. */
  async function visibleBooklet(id: string, caller: Caller) {
    const row = await findBooklet(db, id);
    if (!row) throw notFound(BOOKLET_MISSING);
    const viewer = await viewerOf(caller);
    const isAuthor = !!viewer && viewer.id === row.userId;
    const isAdmin = viewer?.role === "admin";
    if (row.isDraft && !isAuthor && !isAdmin) throw notFound(BOOKLET_MISSING);
    const bought = !!viewer && !isAuthor && (await hasPaidOrder(db, viewer.id, row.id));
    return { row, viewer, access: { bought, isAuthor, isAdmin } };
  }

  /** Author or admin may change a booklet; anyone else gets 403 (or 404 for someone else's draft). */
  async function editableBooklet(id: string, caller: Caller) {
    requireLogin(caller);
    const seen = await visibleBooklet(id, caller);
    if (!seen.access.isAuthor && !seen.access.isAdmin) throw forbidden("只有作者可以修改小册");
    return seen;
  }

  async function presentMany(rows: BookletRow[], caller: Caller): Promise<PresentedBooklet[]> {
    const [authors, bought, viewer] = await Promise.all([
      usersByIds(db, [...new Set(rows.map((r) => r.userId))]),
      boughtAmong(
        db,
        caller.userId,
        rows.map((r) => r.id),
      ),
      viewerOf(caller),
    ]);
    const byId = new Map(authors.map((u) => [u.id, u]));
    return rows.map((r) =>
      presentBooklet(r, byId.get(r.userId), {
        bought: bought.has(r.id),
        isAuthor: caller.userId === r.userId,
        isAdmin: viewer?.role === "admin",
      }),
    );
  }

  async function presentOne(row: BookletRow, caller: Caller): Promise<PresentedBooklet> {
    return (await presentMany([row], caller))[0];
  }

  return { viewerOf, visibleBooklet, editableBooklet, presentMany, presentOne };
}

export type BookletAccess = ReturnType<typeof bookletAccess>;
