import { and, asc, gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";

/** One URL of a sitemap: the row's id, when it last changed, and what its address needs. */
export interface SitemapRow {
  id: string;
  updatedAt: Date;
  /** The column the address is made of when the id is not enough (an entry's type, a tag's title). */
  key: string;
}

/**
 * The rows of one table a sitemap lists, in chunks of consecutive ids. Ids are time-ordered
 * (server/lib/ids.ts), so old chunks keep their bounds as the table grows and a crawler sees the same
 * sitemap URLs; each bound is found by walking the primary key (an index-only scan, a few ms a
 * chunk at a million rows), and a chunk reads its public rows between two bounds — a keyset range,
 * never an offset into the rows themselves.
 */
export interface SitemapSource {
  /** The first id of every chunk of `size` ids, in order. */
  starts(db: Tx, size: number): Promise<string[]>;
  /** The public rows of the chunk starting at `from`, in id order. */
  chunk(db: Tx, from: string, size: number): Promise<SitemapRow[]>;
}

export function sitemapSource(
  table: PgTable,
  columns: { id: PgColumn; updatedAt: PgColumn; key: PgColumn },
  /** Which rows are public (published, not deleted…); bounds count every row, chunks list these. */
  isPublic: SQL,
): SitemapSource {
  /** The id `size` rows after `from` (the next chunk's start), or null past the last one. */
  async function next(db: Tx, from: string | null, size: number): Promise<string | null> {
    const [row] = await db
      .select({ id: columns.id })
      .from(table)
      .where(from === null ? undefined : gte(columns.id, from))
      .orderBy(asc(columns.id))
      .offset(from === null ? 0 : size)
      .limit(1);
    return (row?.id as string | undefined) ?? null;
  }

  return {
    async starts(db, size) {
      const starts: string[] = [];
      for (let at = await next(db, null, size); at !== null; at = await next(db, at, size)) starts.push(at);
      return starts;
    },

    async chunk(db, from, size) {
      const until = await next(db, from, size);
      const rows = await db
        .select({ id: columns.id, updatedAt: columns.updatedAt, key: columns.key })
        .from(table)
        .where(and(gte(columns.id, from), until === null ? undefined : lt(columns.id, until), isPublic))
        .orderBy(asc(columns.id));
      return rows as SitemapRow[];
    },
  };
}
