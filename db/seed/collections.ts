import { collectionSetEntries, collectionSetFollowers, collectionSets } from "../schema/index.ts";
import { COLLECTION_SET_TITLES, TOPICS } from "./corpus.ts";
import type { Row, Seeding } from "./context.ts";
import { insertRows } from "./insert-rows.ts";
import { fill } from "./text.ts";

/** Collection sets (the demo owns the first three) of published entries, with their followers. */
export async function seedCollections(seeding: Seeding, entryPool: string[]): Promise<void> {
  const { db, rng, userCount, progress, later, demo, popularUser, distinctUsers } = seeding;
  const setCount = Math.max(3, Math.round(userCount / 3));
  progress("collections", 0, setCount);
  const setRows: Row<typeof collectionSets>[] = [];
  const setEntryRows: Row<typeof collectionSetEntries>[] = [];
  const setFollowerRows: Row<typeof collectionSetFollowers>[] = [];
  const setTags = ["前端", "后端", "Android", "iOS", "人工智能", "面试", "架构", "设计"];
  for (let s = 0; s < setCount; s++) {
    const owner = s < 3 ? demo : popularUser();
    const topic = rng.pick(TOPICS);
    const createdAt = later(owner.createdAt, 1);
    const id = rng.id(createdAt);
    const chosen = rng.distinct(entryPool.length, rng.range(s < 3 ? 5 : 0, 30)).map((i) => entryPool[i]);
    for (const entryId of chosen)
      setEntryRows.push({ collectionSetId: id, entryId, createdAt: later(createdAt) });
    const followers = distinctUsers(Math.min(userCount - 1, rng.round(rng.popularity() * 5)), owner.id);
    for (const u of followers)
      setFollowerRows.push({ collectionSetId: id, userId: u.id, createdAt: later(createdAt) });
    setRows.push({
      id,
      userId: owner.id,
      title: fill(rng, rng.pick(COLLECTION_SET_TITLES), topic),
      description: rng.chance(0.6) ? `收集和 ${topic.kw} 相关的好文章，持续更新。` : "",
      bgImgMask: rng.pick(["", "#000000", "#1e80ff", "#722ed1", "#13c2c2"]),
      tag: rng.chance(0.7) ? rng.pick(setTags) : "",
      recommended: rng.chance(0.25),
      followerCount: followers.length,
      entryCount: chosen.length,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertRows(db, collectionSets, setRows);
  await Promise.all([
    insertRows(db, collectionSetEntries, setEntryRows),
    insertRows(db, collectionSetFollowers, setFollowerRows),
  ]);
  progress("collections", setCount, setCount);
}
