import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { userBlocks, users, type BlockKind } from "../../../db/schema/index.ts";
import type { Pointer } from "../../../shared/pagination.ts";
import { keysetAfter } from "../../lib/keyset.ts";

/**
 * The anti-join every list adds for a signed-in viewer: rows whose author the viewer muted or
 * blocked are left out. One `not exists` on user_blocks' primary key (user_id, target_id), planned
 * as an anti-join, so a keyset page costs what it did; undefined (no condition) for a visitor.
 * The viewer and the author may be ids, columns or SQL over an alias of the caller's raw query.
 */
export function notHiddenFrom(
  viewerId: string | AnyColumn | SQL | null | undefined,
  author: AnyColumn | SQL,
): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.userId} = ${viewerId} and ${userBlocks.targetId} = ${author})`;
}

/**
 * notHiddenFrom in a prepared statement: the viewer is the statement's `viewerId` parameter, and
 * null (a visitor) hides nothing, so one statement text serves every reader.
 */
export function notHiddenFromViewerParam(author: AnyColumn | SQL): SQL {
  return notHiddenFrom(sql`${sql.placeholder("viewerId")}::char(24)`, author)!;
}

/**
 * Whether the user muted or blocked anyone: one probe of user_blocks' primary key by its first
 * column. The session lookup carries it (auth/queries.ts), so a signed-in read of a cached feed asks
 * for the hidden set only of the few readers who have one.
 */
export function hidesAnyone(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.userId} = ${userId})`;
}

/** The row of userId about targetId, locked (the pair's changes serialize on it). */
export async function lockBlock(tx: Tx, userId: string, targetId: string) {
  const [row] = await tx
    .select({ kind: userBlocks.kind })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.targetId, targetId)))
    .for("update");
  return row?.kind as BlockKind | undefined;
}

/** Writes the pair's row with this kind; a change of kind starts its time again (listed first). */
export async function putBlock(tx: Tx, userId: string, targetId: string, kind: BlockKind): Promise<void> {
  await tx
    .insert(userBlocks)
    .values({ userId, targetId, kind })
    .onConflictDoUpdate({
      target: [userBlocks.userId, userBlocks.targetId],
      set: { kind, createdAt: sql`now()` },
      setWhere: sql`${userBlocks.kind} <> ${kind}`,
    });
}

/** Removes the pair's row when it is of this kind; true when one was removed. */
export async function deleteBlock(tx: Tx, userId: string, targetId: string, kind: BlockKind) {
  const rows = await tx
    .delete(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.targetId, targetId), eq(userBlocks.kind, kind)))
    .returning({ kind: userBlocks.kind });
  return rows.length > 0;
}

/** What userId set about each of targetIds (absent: nothing). */
export async function kindsAmong(db: Tx, userId: string, targetIds: string[]) {
  if (!targetIds.length) return new Map<string, BlockKind>();
  const rows = await db
    .select({ targetId: userBlocks.targetId, kind: userBlocks.kind })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), inArray(userBlocks.targetId, targetIds)));
  return new Map(rows.map((r) => [r.targetId, r.kind as BlockKind]));
}

/** Everyone userId muted or blocked: read once per request where a list comes from a shared cache. */
export async function hiddenIdsOf(db: Tx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ targetId: userBlocks.targetId })
    .from(userBlocks)
    .where(eq(userBlocks.userId, userId));
  return new Set(rows.map((r) => r.targetId));
}

/** Which of `ownerIds` blocked `actorId` (not muted: a mute keeps nobody away). */
export async function blockersAmong(db: Tx, actorId: string, ownerIds: string[]): Promise<Set<string>> {
  const owners = [...new Set(ownerIds)].filter((id) => id && id !== actorId);
  if (!owners.length) return new Set();
  const rows = await db
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(
      and(eq(userBlocks.targetId, actorId), inArray(userBlocks.userId, owners), eq(userBlocks.kind, "block")),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * One page of the people userId set to `kind`, newest first, with their profiles. Keyset on
 * (createdAt, targetId) walking user_blocks_user_kind_created_idx backward.
 */
export async function blockPage(
  db: Tx,
  userId: string,
  kind: BlockKind,
  pointer: Pointer<Date> | null,
  limit: number,
) {
  return db
    .select({
      user: {
        id: users.id,
        username: users.username,
        avatarLarge: users.avatarLarge,
        jobTitle: users.jobTitle,
        company: users.company,
      },
      at: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.targetId))
    .where(
      and(
        eq(userBlocks.userId, userId),
        eq(userBlocks.kind, kind),
        keysetAfter(userBlocks.createdAt, userBlocks.targetId, pointer),
      ),
    )
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.targetId))
    .limit(limit);
}

/** Did userId mute or block targetId? (A notification from targetId to userId is then not written.) */
export async function hides(db: Tx, userId: string, targetId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.targetId, targetId)))
    .limit(1);
  return row !== undefined;
}
