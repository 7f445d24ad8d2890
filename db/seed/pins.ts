import { commentLikes, comments, pinLikes, pins } from "../schema/index.ts";
import { PIN_TEMPLATES, TOPICS } from "./corpus.ts";
import { CHUNK, DAY, type Row, type Seeding } from "./context.ts";
import { makeComments } from "./comments.ts";
import { insertRows } from "./insert-rows.ts";
import { fill } from "./text.ts";

/** Pins (the demo writes the first) with their likes, comments and replies, chunk by chunk. */
export async function seedPins(seeding: Seeding): Promise<void> {
  const { db, rng, now, year, userCount, pinCount, progress, later, demo, popularUser, distinctUsers } =
    seeding;
  progress("pins", 0, pinCount);
  for (let done = 0; done < pinCount;) {
    const size = Math.min(CHUNK, pinCount - done);
    const pinRows: Row<typeof pins>[] = [];
    const likeRows: Row<typeof pinLikes>[] = [];
    const rootRows: Row<typeof comments>[] = [];
    const replyRows: Row<typeof comments>[] = [];
    const cLikeRows: Row<typeof commentLikes>[] = [];
    for (let n = 0; n < size; n++) {
      const author = n === 0 && done === 0 ? demo : popularUser();
      const topic = rng.pick(TOPICS);
      const createdAt = rng.dateBetween(
        new Date(Math.max(author.createdAt.getTime(), now.getTime() - 180 * DAY)),
        new Date(now.getTime() - 60_000),
        2,
      );
      const id = rng.id(createdAt);
      const pop = rng.popularity();
      const likers = distinctUsers(Math.min(userCount - 1, rng.round(pop * 3)), author.id);
      for (const u of likers) likeRows.push({ pinId: id, userId: u.id, createdAt: later(createdAt) });
      const generated = makeComments(
        seeding,
        "pin",
        id,
        author.id,
        createdAt,
        rng.round(pop * 1.5),
        topic,
        null,
      );
      for (const c of generated) {
        (c.row.firstCommentId ? replyRows : rootRows).push(c.row);
        cLikeRows.push(...c.likes);
      }
      pinRows.push({
        id,
        userId: author.id,
        content: fill(rng, rng.pick(PIN_TEMPLATES), topic, year),
        likeCount: likers.length,
        commentCount: generated.filter((c) => !c.row.deletedAt).length,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await insertRows(db, pins, pinRows);
    await Promise.all([insertRows(db, pinLikes, likeRows), insertRows(db, comments, rootRows)]);
    await insertRows(db, comments, replyRows);
    await insertRows(db, commentLikes, cLikeRows);
    done += size;
    progress("pins", done, pinCount);
  }
}
