import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { entries, users, voteAnswers, voteOptions } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import { publicUserColumns } from "../users/index.ts";

/**
 * The vote entry's state. `lock` takes a share lock: voters of one vote run side by side, while
 * a delete or unpublish (an UPDATE of the row) waits for them, so no answer lands on a vote
 * that was deleted between the check and the insert.
 */
export async function voteEntry(db: Tx, entryId: string, lock = false) {
  const query = db
    .select({
      id: entries.id,
      userId: entries.userId,
      type: entries.type,
      status: entries.status,
      deletedAt: entries.deletedAt,
    })
    .from(entries)
    .where(eq(entries.id, entryId))
    .limit(1);
  const [row] = lock ? await query.for("share") : await query;
  return row;
}

/** A vote's options in their display order. */
export async function optionsOf(db: Tx, entryId: string) {
  return db
    .select({ id: voteOptions.id, title: voteOptions.title, votesCount: voteOptions.votesCount })
    .from(voteOptions)
    .where(eq(voteOptions.entryId, entryId))
    .orderBy(asc(voteOptions.order), asc(voteOptions.id));
}

/** The option, only when it belongs to this vote. */
export async function optionOf(db: Tx, entryId: string, optionId: string) {
  const [row] = await db
    .select({ id: voteOptions.id })
    .from(voteOptions)
    .where(and(eq(voteOptions.id, optionId), eq(voteOptions.entryId, entryId)))
    .limit(1);
  return row;
}

export async function insertOptions(tx: Tx, entryId: string, titles: string[]) {
  return tx
    .insert(voteOptions)
    .values(titles.map((title, order) => ({ id: newId(), entryId, title, order })))
    .returning({ id: voteOptions.id, title: voteOptions.title, votesCount: voteOptions.votesCount });
}

/** Adds the answer; undefined when the user already answered this vote (one row per user and vote). */
export async function insertAnswer(
  tx: Tx,
  values: { entryId: string; optionId: string; userId: string; content: string },
) {
  // One clock for the id and createdAt, so the (createdAt, id) pointer order agrees with both.
  const createdAt = new Date();
  const [row] = await tx
    .insert(voteAnswers)
    .values({ ...values, id: newId(createdAt), createdAt })
    .onConflictDoNothing()
    .returning({ id: voteAnswers.id });
  return row;
}

/** vote_options.votesCount + 1, with the answer row in the same transaction. */
export async function bumpOption(tx: Tx, optionId: string) {
  await tx
    .update(voteOptions)
    .set({ votesCount: sql`${voteOptions.votesCount} + 1` })
    .where(eq(voteOptions.id, optionId));
}

export async function answerOf(db: Tx, entryId: string, userId: string) {
  const [row] = await db
    .select({ id: voteAnswers.id, optionId: voteAnswers.optionId, content: voteAnswers.content })
    .from(voteAnswers)
    .where(and(eq(voteAnswers.entryId, entryId), eq(voteAnswers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Answers newest first by (createdAt, id), strictly after the pointer (vote_answers_entry_created_idx). */
export async function attendersOf(
  db: Tx,
  entryId: string,
  pointer: Pointer<Date> | null,
  limit: number,
  answerId?: string,
) {
  const t = voteAnswers;
  return db
    .select({
      id: t.id,
      content: t.content,
      createdAt: t.createdAt,
      optionId: t.optionId,
      optionTitle: voteOptions.title,
      // The voter by the columns presentPublicUser shows, not the whole row.
      user: publicUserColumns,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .innerJoin(voteOptions, eq(voteOptions.id, t.optionId))
    .where(
      and(
        eq(t.entryId, entryId),
        answerId ? eq(t.id, answerId) : undefined,
        keysetAfter(t.createdAt, t.id, pointer),
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
}
