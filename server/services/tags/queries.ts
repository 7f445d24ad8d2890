import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { tagSubscriptions, tags } from "../../../db/schema/index.ts";

export type TagRow = typeof tags.$inferSelect;

/** A page of tags: "hot" by subscribers, "new" by creation time; both walk their (key, id) index. */
export async function tagPage(db: Tx, type: "hot" | "new", offset: number, limit: number) {
  const order =
    type === "hot" ? [desc(tags.subscribersCount), desc(tags.id)] : [desc(tags.createdAt), desc(tags.id)];
  return db
    .select()
    .from(tags)
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
}

export async function subscribedAmong(db: Tx, userId: string, tagIds: string[]): Promise<Set<string>> {
  if (!tagIds.length) return new Set();
  const rows = await db
    .select({ tagId: tagSubscriptions.tagId })
    .from(tagSubscriptions)
    .where(and(eq(tagSubscriptions.userId, userId), inArray(tagSubscriptions.tagId, tagIds)));
  return new Set(rows.map((r) => r.tagId));
}
