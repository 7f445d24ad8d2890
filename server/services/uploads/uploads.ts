import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { Tx } from "../../../db/client.ts";
import type { UploadUseTarget } from "../../../db/schema/index.ts";
import { IMAGE_VARIANT_NAMES, type ImageVariant } from "../../../shared/uploads.ts";
import { newId } from "../../lib/ids.ts";
import { createStorage } from "../../lib/storage.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import { fileTooLarge } from "./errors.ts";
import { reencodeImage } from "./image.ts";
import {
  deleteOrphans,
  deleteUses,
  findUpload,
  insertUpload,
  insertUses,
  keyNamed,
  keyOfHash,
  keysOfHashes,
  lockHash,
  markUnused,
  orphansBefore,
  uploadsByKeys,
  usesOf,
} from "./queries.ts";
import {
  ACCEPTED_TYPES,
  COLLECTION_MAX_BYTES,
  SERVED_PATH,
  STORED_PATH,
  type StoredType,
  type UploadPurpose,
} from "./schema.ts";
import { makeVariant } from "./variants.ts";

export const CONTENT_TYPES: Record<StoredType, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export interface Uploaded {
  id: string;
  url: string;
  width: number;
  height: number;
  size: number;
  type: StoredType;
}

/** What uses an upload: a pin, comment, collection set, user (avatar), booklet or banner, by id. */
export interface UploadTarget {
  type: UploadUseTarget;
  id: string;
}

/** The upload-variants job's data: the original's storage key. */
export interface VariantJob {
  key: string;
}

/** An object to send to a browser: from storage, with its type and ETag. */
export interface ServedImage {
  body: Readable;
  size: number;
  type: StoredType;
  etag: string;
  /** False while a variant is asked for before it exists: the original stands in, briefly cached. */
  immutable: boolean;
}

/** `2026/11/<sha>.png` → `2026/11/<sha>@thumb.png`. */
const variantKey = (key: string, variant: ImageVariant) => key.replace(/\.(\w+)$/, `@${variant}.$1`);
const ORPHAN_BATCH = 200;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The upload-cleanup job's cron: every hour at minute 40 (China Standard Time, as every schedule). */
export const UPLOAD_CLEANUP_CRON = "40 * * * *";

/**
 * Image uploads (spec §5, §8, §9; ADR 007): check, re-encode, store by content hash in object
 * storage (server/lib/storage.ts), record each upload and where it is used, make the resized
 * variants, serve, and remove uploads nothing has used for a while.
 */
export function createUploadService({ config, db, jobs }: Deps) {
  const storage = createStorage(config);
  // With a CDN in front of the bucket nothing can stand in for a missing variant: make them
  // before the address is handed out.
  const variantsBeforeAnswer = Boolean(config.s3?.publicUrl);

  /** The most bytes a purpose accepts: 1 MiB for collection backgrounds, UPLOAD_MAX_BYTES otherwise. */
  function limitFor(purpose: UploadPurpose): number {
    return purpose === "collection"
      ? Math.min(COLLECTION_MAX_BYTES, config.uploadMaxBytes)
      : config.uploadMaxBytes;
  }

  /**
   * Upload addresses in free text: /uploads/… (relative or on any host, since people paste the
   * site's full address) or the CDN's, of an original or a variant; group 1 is the content hash.
   */
  const addressesInText = new RegExp(
    `(?:/uploads/|${escapeRegExp(`${config.s3?.publicUrl ?? "/uploads"}/`)})\\d{4}/\\d{2}/([0-9a-f]{64})(?:@[a-z]+)?\\.(?:jpg|png|gif|webp)`,
    "g",
  );

  /** The storage key behind an address we handed out (/uploads/… or the CDN's), else undefined. */
  function keyOf(url: string): string | undefined {
    let rel: string | undefined;
    if (url.startsWith("/uploads/")) rel = url.slice("/uploads/".length);
    else if (config.s3?.publicUrl && url.startsWith(`${config.s3.publicUrl}/`)) {
      rel = url.slice(config.s3.publicUrl.length + 1);
    }
    return rel && STORED_PATH.test(rel) ? rel : undefined;
  }

  /** setUses once the addresses are storage keys (undefined: not an upload of ours). */
  async function setKeys(tx: Tx, target: UploadTarget, found: (string | undefined)[], ownerId: string) {
    const keys = [...new Set(found.filter((k): k is string => Boolean(k)))];
    const before = await deleteUses(tx, target.type, target.id);
    const records = await uploadsByKeys(tx, keys);
    const chosen = new Map<string, { id: string; mine: boolean; createdAt: Date }>();
    for (const r of records) {
      const mine = r.userId === ownerId;
      const had = chosen.get(r.key);
      if (!had || (mine && !had.mine) || (mine === had.mine && r.createdAt < had.createdAt)) {
        chosen.set(r.key, { id: r.id, mine, createdAt: r.createdAt });
      }
    }
    const ids = [...chosen.values()].map((c) => c.id);
    await insertUses(tx, target.type, target.id, ids);
    await markUnused(
      tx,
      before.filter((id) => !ids.includes(id)),
    );
  }

  /**
   * Makes the variants of one original that are not stored yet (idempotent: the job may run twice).
   * The resizing happens outside any transaction; each put then happens under the hash's lock and
   * only while a record still names the original, so a cleanup that ran meanwhile leaves nothing.
   */
  async function makeVariants(key: string): Promise<number> {
    const m = STORED_PATH.exec(key);
    if (!m) return 0;
    const type = m[4] as StoredType;
    const missing: ImageVariant[] = [];
    for (const v of IMAGE_VARIANT_NAMES) if (!(await storage.exists(variantKey(key, v)))) missing.push(v);
    if (!missing.length) return 0;
    const original = await storage.read(key);
    if (!original) return 0;
    const made = await Promise.all(
      missing.map(async (v) => [v, await makeVariant(original, type, v)] as const),
    );
    return db.transaction(async (tx) => {
      await lockHash(tx, m[3]);
      if (!(await keyNamed(tx, key))) return 0;
      for (const [v, out] of made) await storage.put(variantKey(key, v), out.data, CONTENT_TYPES[type]);
      return made.length;
    });
  }

  return {
    limitFor,
    /** Uploading needs a signed-in user (401): the route checks this before reading the body. */
    requireUser: requireLogin,
    keyOf,
    makeVariants,
    storage,

    /**
     * Stores an uploaded image as `<yyyy>/<mm>/<sha256 of the stored bytes>.<ext>` and records the
     * upload as the caller's. Bytes stored before (by anyone, any month) keep their first key: one
     * object, one URL, a record per upload. Nothing is stored or recorded until the image has passed
     * every check. The record, the object and the variants job commit together, under the hash's
     * lock, so the cleanup job cannot delete the object between this upload seeing it and recording.
     */
    async store(input: Buffer, purpose: UploadPurpose, caller: Caller, now = new Date()): Promise<Uploaded> {
      const userId = requireLogin(caller);
      if (input.length > limitFor(purpose)) throw fileTooLarge();
      const image = await reencodeImage(input, ACCEPTED_TYPES[purpose]);
      const sha256 = createHash("sha256").update(image.data).digest("hex");
      const yyyy = String(now.getUTCFullYear());
      const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
      const row = await db.transaction(async (tx) => {
        await lockHash(tx, sha256);
        const key = (await keyOfHash(tx, sha256)) ?? `${yyyy}/${mm}/${sha256}.${image.type}`;
        const inserted = await insertUpload(tx, {
          id: newId(),
          userId,
          sha256,
          key,
          type: image.type,
          purpose,
          size: image.data.length,
          width: image.width,
          height: image.height,
        });
        if (!(await storage.exists(key))) await storage.put(key, image.data, CONTENT_TYPES[image.type]);
        await jobs.send("upload-variants", { key } satisfies VariantJob, { tx });
        return inserted;
      });
      // The job stays queued as the retry should this fail.
      if (variantsBeforeAnswer) await makeVariants(row.key).catch(() => undefined);
      return {
        id: row.id,
        url: storage.publicUrl(row.key),
        width: image.width,
        height: image.height,
        size: image.data.length,
        type: image.type,
      };
    },

    /**
     * Records that `target` uses the uploaded images among `urls` (other addresses are ignored), in
     * the caller's transaction, replacing what it used before; `[]` when the target is deleted.
     * Each address counts as `ownerId`'s own upload of it when there is one, else the first upload.
     * Uploads that lose their last use start their grace period (UPLOAD_ORPHAN_HOURS).
     */
    async setUses(tx: Tx, target: UploadTarget, urls: readonly string[], ownerId: string): Promise<void> {
      await setKeys(tx, target, urls.map(keyOf), ownerId);
    },

    /**
     * setUses for text that may carry uploaded images anywhere (Markdown, HTML, a cover field): every
     * address of an upload or of one of its variants in `texts` counts as a use by `target`.
     */
    async setUsesInText(
      tx: Tx,
      target: UploadTarget,
      texts: readonly string[],
      ownerId: string,
    ): Promise<void> {
      const hashes = new Set<string>();
      for (const text of texts) {
        for (const m of text.matchAll(addressesInText)) hashes.add(m[1]);
      }
      await setKeys(tx, target, await keysOfHashes(tx, [...hashes]), ownerId);
    },
    /** Uploads unused for more than `hours` hours: records removed, objects (and variants) too. */
    async cleanup(hours: number, now = new Date()): Promise<{ uploads: number; objects: number }> {
      const cutoff = new Date(now.getTime() - hours * 3_600_000);
      let uploads = 0;
      let objects = 0;
      for (;;) {
        const batch = await orphansBefore(db, cutoff, ORPHAN_BATCH);
        if (!batch.length) break;
        const byKey = new Map<string, { sha256: string; ids: string[] }>();
        for (const r of batch) {
          const group = byKey.get(r.key) ?? { sha256: r.sha256, ids: [] };
          group.ids.push(r.id);
          byKey.set(r.key, group);
        }
        let deletedThisBatch = 0;
        for (const [key, { sha256, ids }] of byKey) {
          await db.transaction(async (tx) => {
            // Same lock as store: a new upload of these bytes either commits its record first (and
            // the object stays) or waits and stores the object again.
            await lockHash(tx, sha256);
            const deleted = await deleteOrphans(tx, ids, cutoff);
            deletedThisBatch += deleted.length;
            if (!deleted.length || (await keyNamed(tx, key))) return;
            // Inside the transaction: if storage fails, the records come back and the next run retries.
            for (const k of [key, ...IMAGE_VARIANT_NAMES.map((v) => variantKey(key, v))]) {
              await storage.delete(k);
            }
            objects++;
          });
        }
        uploads += deletedThisBatch;
        if (deletedThisBatch === 0 || batch.length < ORPHAN_BATCH) break;
      }
      return { uploads, objects };
    },

    /** An upload record and where it is used (tests; operators' questions). */
    async find(id: string) {
      const row = await findUpload(db, id);
      return row ? { ...row, uses: await usesOf(db, id) } : undefined;
    },

    /**
     * What `/uploads/<rel>` sends, or undefined when rel is not a name we could have made or holds
     * nothing. A variant not made yet is answered with its original (never a 404 for an address the
     * UI derived), which caches must not keep for long.
     */
    async open(rel: string): Promise<ServedImage | undefined> {
      const m = SERVED_PATH.exec(rel);
      if (!m) return undefined;
      const type = m[5] as StoredType;
      const found = await storage.get(rel);
      if (found) return { ...found, type, etag: `"${m[4] ? `${m[3]}@${m[4]}` : m[3]}"`, immutable: true };
      if (!m[4]) return undefined;
      const original = await storage.get(`${m[1]}/${m[2]}/${m[3]}.${type}`);
      return original && { ...original, type, etag: `"${m[3]}"`, immutable: false };
    },

    /** The ETag an address's own object has (a 304 needs no storage call). */
    etagOf(rel: string): string | undefined {
      const m = SERVED_PATH.exec(rel);
      return m ? `"${m[4] ? `${m[3]}@${m[4]}` : m[3]}"` : undefined;
    },

    close: () => storage.close(),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
