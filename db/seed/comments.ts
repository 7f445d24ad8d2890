import type { Db } from "../client.ts";
import { commentLikes, comments } from "../schema/index.ts";
import { COMMENT_TEMPLATES, REPLY_TEMPLATES, type Topic } from "./corpus.ts";
import type { Row, Seeding } from "./context.ts";
import { insertRows } from "./insert-rows.ts";
import { fill } from "./text.ts";

export interface GeneratedComment {
  row: Row<typeof comments>;
  likes: Row<typeof commentLikes>[];
}

/**
 * `count` comments on one target (entry, pin, repo or booklet): about 70% top-level, the rest
 * replies to a top-level comment or to another reply under it, each with its likes. Comments of an
 * entry notify its author; every reply notifies the one it answers.
 */
export function makeComments(
  seeding: Seeding,
  targetType: "entry" | "pin" | "repo" | "booklet",
  targetId: string,
  targetUserId: string,
  from: Date,
  count: number,
  topic: Topic,
  entryId: string | null,
): GeneratedComment[] {
  const { rng, now, userCount, sink, later, distinctUsers, popularUser, randomUser } = seeding;
  if (count <= 0) return [];
  const rootCount = Math.max(1, Math.ceil(count * 0.7));
  const roots: GeneratedComment[] = [];
  const all: GeneratedComment[] = [];
  const likesFor = (commentId: string, authorId: string, at: Date) =>
    distinctUsers(Math.min(userCount - 1, rng.round(rng.popularity() * 0.8)), authorId).map((u) => ({
      commentId,
      userId: u.id,
      createdAt: later(at),
    }));
  /** One comment with its likes; the random draws keep their order (id, text, likes), so a seed stays the same. */
  const comment = (
    userId: string,
    createdAt: Date,
    deletedAt: Date | null,
    templates: readonly string[],
    reply: Partial<Row<typeof comments>> = {},
  ): GeneratedComment => {
    const id = rng.id(createdAt);
    const content = fill(rng, rng.pick(templates), topic);
    const row: Row<typeof comments> = {
      id,
      targetType,
      targetId,
      userId,
      content,
      ...reply,
      createdAt,
      updatedAt: createdAt,
      deletedAt,
    };
    const likes = likesFor(id, userId, createdAt);
    row.likesCount = likes.length;
    return { row, likes };
  };
  for (let i = 0; i < count; i++) {
    const user = rng.chance(0.3) ? popularUser() : randomUser();
    const deletedAt = rng.chance(0.01) ? now : null;
    if (i < rootCount) {
      const createdAt = later(from);
      const c = comment(user.id, createdAt, deletedAt, COMMENT_TEMPLATES);
      const id = c.row.id;
      roots.push(c);
      all.push(c);
      if (entryId)
        sink.add({
          userId: targetUserId,
          type: "comment",
          actorIds: [user.id],
          entryId,
          commentId: id,
          content: c.row.content,
          createdAt,
        });
    } else {
      const root = rng.pick(roots);
      const siblings = all.filter((c) => c.row.firstCommentId === root.row.id);
      const resp = siblings.length > 0 && rng.chance(0.4) ? rng.pick(siblings) : root;
      const createdAt = later(resp.row.createdAt!);
      const c = comment(user.id, createdAt, deletedAt, REPLY_TEMPLATES, {
        firstCommentId: root.row.id,
        respCommentId: resp.row.id,
        respUserId: resp.row.userId,
      });
      const id = c.row.id;
      if (!deletedAt) root.row.subCommentCount = (root.row.subCommentCount ?? 0) + 1;
      all.push(c);
      sink.add({
        userId: resp.row.userId,
        type: "reply",
        actorIds: [user.id],
        entryId,
        commentId: resp.row.id,
        replyId: id,
        content: c.row.content,
        createdAt,
      });
    }
  }
  return all;
}

/** Writes generated comments: top-level ones first, as the replies point at them, then the likes. */
export async function insertComments(db: Db, generated: GeneratedComment[]): Promise<void> {
  await insertRows(
    db,
    comments,
    generated.filter((c) => !c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    comments,
    generated.filter((c) => c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    commentLikes,
    generated.flatMap((c) => c.likes),
  );
}
