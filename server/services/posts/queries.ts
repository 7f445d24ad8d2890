import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { preparedPerShape } from "../../../db/prepared.ts";
import { authorColumns, publicEntry } from "../entries/index.ts";
import { categories, entries, users } from "../../../db/schema/index.ts";

export type PostRow = typeof entries.$inferSelect;

/**
 * A column article or draft by id, deleted ones included (the service tells "gone" from "not
 * yours"). `lock` takes the row lock so autosave, publish and delete of one draft run one at a time.
 */
export async function findPost(db: Tx, id: string, lock = false): Promise<PostRow | undefined> {
  const query = db
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), eq(entries.type, "post")))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

const ownDrafts = (userId: string) =>
  and(
    eq(entries.userId, userId),
    eq(entries.type, "post"),
    eq(entries.status, "draft"),
    isNull(entries.deletedAt),
  );

/**
 * A page of the user's drafts, last edited first. The (userId, createdAt, id) index narrows to the
 * user's entries; one author's drafts are few, so sorting them by updatedAt costs nothing.
 */
export async function draftPage(db: Tx, userId: string, offset: number, limit: number) {
  return db
    .select()
    .from(entries)
    .where(ownDrafts(userId))
    .orderBy(desc(entries.updatedAt), desc(entries.id))
    .offset(offset)
    .limit(limit);
}

export async function countDrafts(db: Tx, userId: string): Promise<number> {
  return db.$count(entries, ownDrafts(userId));
}

/**
 * A public column article (publicEntry) with its author (the article page, getDetailData); with
 * `orHidden`, one hidden pending review too. The author by the columns presentAuthor shows (not the
 * whole user row: no password hash, e-mail or phone), prepared, one statement a shape.
 */
export async function findPublishedWithAuthor(db: Tx, id: string, orHidden = false) {
  const [row] = await publishedWithAuthorQuery(db, orHidden).execute({ id });
  return row;
}

const publishedWithAuthorQuery = preparedPerShape(
  (orHidden: boolean) => `nugget_post_with_author${orHidden ? "_or_hidden" : ""}`,
  (db: Tx, orHidden, name) =>
    db
      .select({ entry: entries, user: authorColumns })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(
        and(
          eq(entries.id, sql.placeholder("id")),
          eq(entries.type, "post"),
          // Wider than publicEntry on purpose: detail() shows one hidden pending review to its
          // author and staff (and checks who asks); a deleted article stays nobody's.
          orHidden
            ? and(inArray(entries.status, ["published", "hidden"]), isNull(entries.deletedAt))
            : publicEntry(),
        ),
      )
      .limit(1)
      .prepare(name),
);

export async function categoryExists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return !!row;
}
