import { tags } from "../schema/index.ts";
import { BUILT_IN_TAGS, fixedTagId } from "../reference-data.ts";
import type { Db } from "../client.ts";
import { EXTRA_TAG_TITLES, type Topic } from "./corpus.ts";

/**
 * The tags entries and subscriptions draw from: the built-in ones (with the nine categories,
 * db/reference-data.ts) plus extra ones with fixed ids; read back by title so a tag that already
 * existed under another id is still found.
 */
export async function seedTags(db: Db) {
  const extraTags = EXTRA_TAG_TITLES.filter(
    (title) => !BUILT_IN_TAGS.some((b) => b.title.toLowerCase() === title.toLowerCase()),
  ).map((title, i) => ({
    id: fixedTagId(100 + i),
    title,
    createdAt: new Date(Date.UTC(2016, 0, 1)),
    updatedAt: new Date(Date.UTC(2016, 0, 1)),
  }));
  await db.insert(tags).values(extraTags).onConflictDoNothing();
  const tagRows = await db.select({ id: tags.id, title: tags.title }).from(tags).orderBy(tags.id);
  const tagIdByTitle = new Map(tagRows.map((t) => [t.title.toLowerCase(), t.id]));
  return {
    /** Every tag id, in id order (subscriptions pick from it by rank). */
    tagIds: tagRows.map((t) => t.id),
    /** The ids of a topic's tags that exist. */
    topicTagIds: (topic: Topic) =>
      topic.tags.map((t) => tagIdByTitle.get(t.toLowerCase())).filter((id): id is string => !!id),
  };
}

export type SeededTags = Awaited<ReturnType<typeof seedTags>>;
