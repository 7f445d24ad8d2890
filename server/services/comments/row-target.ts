import { eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../../db/client.ts";
import { preparedPerDb } from "../../../db/prepared.ts";
import type { CommentTarget } from "./targets.ts";

/** A table keyed by a text `id` (db/schema/columns.ts idColumn). */
type IdTable = PgTable & { id: PgColumn };

/**
 * The adapter of a target that is one row of `table` with its comment count in the column named
 * `countKey`. `live` says in SQL whether comments may hang on the row (published, not deleted …)
 * and `ownerId` whose it is. Entries, pins, booklets and repos differ only in these; each wrote the
 * same four statements before.
 */
export function rowTarget<T extends IdTable>(
  table: T,
  countKey: keyof T["$inferSelect"] & string,
  live: SQL<boolean>,
  ownerId: PgColumn | SQL<string>,
): CommentTarget {
  const count = table[countKey as keyof T] as PgColumn;
  // Drizzle cannot spell a select from a generic table; these are the plain statements.
  const from = table as IdTable;
  // The two reads every comment list makes, prepared (named after the table, one pair each).
  const name = getTableName(table);
  const isLiveQuery = preparedPerDb((db: Tx) =>
    db
      .select({ live })
      .from(from)
      .where(eq(table.id, sql.placeholder("id")))
      .limit(1)
      .prepare(`nugget_${name}_comment_target_live`),
  );
  const countQuery = preparedPerDb((db: Tx) =>
    db
      .select({ n: count })
      .from(from)
      .where(eq(table.id, sql.placeholder("id")))
      .limit(1)
      .prepare(`nugget_${name}_comment_count`),
  );
  return {
    async lock(tx, id) {
      const [row] = await tx.select({ live, ownerId }).from(from).where(eq(table.id, id)).for("update");
      return row as { live: boolean; ownerId: string } | undefined;
    },
    async isLive(db, id) {
      const [row] = await isLiveQuery(db).execute({ id });
      return !!row?.live;
    },
    async commentCount(db, id) {
      const [row] = await countQuery(db).execute({ id });
      return (row?.n as number | undefined) ?? 0;
    },
    async bump(tx: Tx, id: string, delta: 1 | -1) {
      await tx
        .update(table)
        .set({ [countKey]: sql`${count} + ${delta}` } as never)
        .where(eq(table.id, id));
    },
  };
}
