import { and, asc, eq, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { rowsById } from "../../lib/row-by-id.ts";
import { uploadUses, uploads, type UploadUseTarget } from "../../../db/schema/index.ts";

/**
 * Serializes everything that decides whether the object of one content hash exists: storing it
 * and deleting it. A transaction-scoped advisory lock, released at commit or rollback.
 */
export async function lockHash(tx: Tx, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${sha256}`}))`);
}

/** The storage key an earlier upload of the same bytes uses, so they share one object. */
export async function keyOfHash(tx: Tx, sha256: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ key: uploads.key })
    .from(uploads)
    .where(eq(uploads.sha256, sha256))
    .orderBy(asc(uploads.createdAt))
    .limit(1);
  return row?.key;
}

/** The storage keys of uploads with these content hashes (addresses found in text name hashes). */
export async function keysOfHashes(tx: Tx, hashes: string[]): Promise<string[]> {
  if (!hashes.length) return [];
  const rows = await tx
    .selectDistinct({ key: uploads.key })
    .from(uploads)
    .where(inArray(uploads.sha256, hashes));
  return rows.map((r) => r.key);
}

export const { find: findUpload, insert: insertUpload } = rowsById(uploads);

/** Every record of these storage keys (one key may have several owners). */
export async function uploadsByKeys(tx: Tx, keys: string[]) {
  if (!keys.length) return [];
  return tx
    .select({ id: uploads.id, key: uploads.key, userId: uploads.userId, createdAt: uploads.createdAt })
    .from(uploads)
    .where(inArray(uploads.key, keys));
}

/** Removes a target's uses, answering the upload ids it used. */
export async function deleteUses(tx: Tx, targetType: UploadUseTarget, targetId: string): Promise<string[]> {
  const rows = await tx
    .delete(uploadUses)
    .where(and(eq(uploadUses.targetType, targetType), eq(uploadUses.targetId, targetId)))
    .returning({ uploadId: uploadUses.uploadId });
  return rows.map((r) => r.uploadId);
}

export async function insertUses(tx: Tx, targetType: UploadUseTarget, targetId: string, ids: string[]) {
  if (!ids.length) return;
  await tx
    .insert(uploadUses)
    .values(ids.map((uploadId) => ({ uploadId, targetType, targetId })))
    .onConflictDoNothing();
  await tx.update(uploads).set({ unusedSince: null }).where(inArray(uploads.id, ids));
}

/** Of these uploads, the ones no use names any more start their grace period now. */
export async function markUnused(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  await tx
    .update(uploads)
    .set({ unusedSince: sql`now()` })
    .where(
      and(
        inArray(uploads.id, ids),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(uploadUses)
            .where(eq(uploadUses.uploadId, uploads.id)),
        ),
      ),
    );
}

/** Where an upload is used (tests, and admins' questions). */
export async function usesOf(db: Tx, uploadId: string) {
  return db
    .select({ targetType: uploadUses.targetType, targetId: uploadUses.targetId })
    .from(uploadUses)
    .where(eq(uploadUses.uploadId, uploadId));
}

/** The oldest uploads unused since before `cutoff` (uploads_unused_idx). */
export async function orphansBefore(db: Tx, cutoff: Date, limit: number) {
  return db
    .select({ id: uploads.id, key: uploads.key, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(isNotNull(uploads.unusedSince), lt(uploads.unusedSince, cutoff)))
    .orderBy(asc(uploads.unusedSince))
    .limit(limit);
}

/**
 * Deletes these uploads if they are still unused since before `cutoff` (a use may have come since
 * they were listed), answering the ids deleted.
 */
export async function deleteOrphans(tx: Tx, ids: string[], cutoff: Date): Promise<string[]> {
  const rows = await tx
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), isNotNull(uploads.unusedSince), lt(uploads.unusedSince, cutoff)))
    .returning({ id: uploads.id });
  return rows.map((r) => r.id);
}

/** Whether any upload record still names this stored object. */
export async function keyNamed(tx: Tx, key: string): Promise<boolean> {
  const [row] = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.key, key)).limit(1);
  return Boolean(row);
}
