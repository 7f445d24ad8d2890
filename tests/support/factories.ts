import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { tags } from "../../db/schema/index.ts";
import { newId } from "../../server/lib/ids.ts";
import { insertEntry, type NewEntry } from "../../server/services/entries/write.ts";
import { CATEGORIES } from "../../db/reference-data.ts";

/** A tag with a unique title, so a test can filter a feed down to its own entries. */
export async function makeTag(db: Db, title = `测试标签${randomBytes(4).toString("hex")}`) {
  const [row] = await db.insert(tags).values({ id: newId(), title }).returning();
  return row;
}

export const categoryId = (name = "frontend") => CATEGORIES.find((c) => c.name === name)!.id;

/** A published share (type article) by `userId`, through the one entry-writing path. */
export function makeEntry(db: Db, userId: string, fields: Partial<NewEntry> = {}, tagIds: string[] = []) {
  return db.transaction((tx) =>
    insertEntry(
      tx,
      {
        userId,
        categoryId: categoryId(),
        type: "article",
        title: `测试条目 ${randomBytes(3).toString("hex")}`,
        originalUrl: `https://example.com/${randomBytes(6).toString("hex")}`,
        summary: "一段摘要",
        ...fields,
      },
      tagIds,
    ),
  );
}
