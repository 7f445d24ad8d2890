import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { insertRow } from "../../lib/row-by-id.ts";
import { banners } from "../../../db/schema/index.ts";
import { updateStamped } from "../../lib/update-row.ts";

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;

/**
 * Banners showing at `now` in one position: active and inside their window (an open end is no
 * limit), by `order` then age. One row more than asked tells whether a next page exists.
 */
export function activeBanners(db: Db, position: string, now: Date, offset: number, limit: number) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.position, position),
        eq(banners.active, true),
        or(isNull(banners.startedAt), lte(banners.startedAt, now)),
        or(isNull(banners.endedAt), gt(banners.endedAt, now)),
      ),
    )
    .orderBy(asc(banners.order), asc(banners.id))
    .offset(offset)
    .limit(limit + 1);
}

/** Every banner, for the operators' list. */
export function allBanners(db: Db) {
  return db.select().from(banners).orderBy(asc(banners.position), asc(banners.order), asc(banners.id));
}

export async function findBanner(db: Db, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

export async function insertBanner(db: Tx, row: NewBanner): Promise<BannerRow> {
  return insertRow(db, banners, row);
}

export async function updateBanner(
  db: Tx,
  id: string,
  set: Partial<NewBanner>,
): Promise<BannerRow | undefined> {
  return updateStamped(db, banners, id, set);
}

export async function deleteBanner(db: Tx, id: string): Promise<boolean> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}
