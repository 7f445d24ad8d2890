import { follows, tagSubscriptions } from "../schema/index.ts";
import type { Row, Seeding } from "./context.ts";
import { insertRows } from "./insert-rows.ts";

/** Who follows whom (popular people most) and which tags each user subscribes to. */
export async function seedFollows(seeding: Seeding, tagIds: string[]): Promise<void> {
  const { db, rng, userCount, seedUsers, sink, later } = seeding;
  const followRows: Row<typeof follows>[] = [];
  const subscriptionRows: Row<typeof tagSubscriptions>[] = [];
  for (let i = 0; i < userCount; i++) {
    const follower = seedUsers[i];
    const want = Math.min(userCount - 1, i === 0 ? 12 : rng.round(rng.popularity() * 8));
    const chosen = new Set<number>();
    for (let attempt = 0; chosen.size < want && attempt < want * 4; attempt++) {
      const followee = rng.skewed(userCount, 1.5);
      if (followee !== i) chosen.add(followee);
    }
    for (const f of chosen) {
      const followee = seedUsers[f];
      const createdAt = later(
        new Date(Math.max(follower.createdAt.getTime(), followee.createdAt.getTime())),
        1,
      );
      followRows.push({ followerId: follower.id, followeeId: followee.id, createdAt });
      sink.add({ userId: followee.id, type: "follow", actorIds: [follower.id], createdAt });
    }
    const subscriptions = i === 0 ? 6 : rng.chance(0.1) ? 0 : rng.range(1, 8);
    const tagSet = new Set<string>();
    for (let attempt = 0; tagSet.size < subscriptions && attempt < subscriptions * 4; attempt++) {
      tagSet.add(tagIds[rng.skewed(tagIds.length, 1.3)]);
    }
    for (const tagId of tagSet) {
      subscriptionRows.push({ userId: follower.id, tagId, createdAt: later(follower.createdAt, 1) });
    }
  }
  await Promise.all([
    insertRows(db, follows, followRows),
    insertRows(db, tagSubscriptions, subscriptionRows),
  ]);
  seeding.summary.follows = followRows.length;
}
