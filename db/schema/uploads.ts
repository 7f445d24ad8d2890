import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, idColumn, instant, ref } from "./columns.ts";
import { users } from "./users.ts";

/**
 * One row per upload (ADR 007): who uploaded what. The same image uploaded twice is two rows that
 * share one stored object (`key`, named by the content hash), so each owner keeps their record
 * while storage keeps one copy; an object is deleted only with the last row naming it.
 * `unusedSince` is when the upload last stopped being used (its creation, until something names
 * it); null while any upload_uses row names it. The upload-cleanup job removes rows unused for
 * longer than UPLOAD_ORPHAN_HOURS.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    /** SHA-256 of the stored (re-encoded) bytes, hex. */
    sha256: char({ length: 64 }).notNull(),
    /** The storage key of the original, e.g. 2026/11/<sha256>.png; variants add @<name>. */
    key: text().notNull(),
    /** jpg, png, gif or webp. */
    type: varchar({ length: 8 }).notNull(),
    /** image or collection (what the upload was checked for). */
    purpose: varchar({ length: 16 }).notNull(),
    size: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: createdAt(),
    unusedSince: instant().defaultNow(),
  },
  (t) => [
    index("uploads_sha256_idx").on(t.sha256),
    index("uploads_key_idx").on(t.key),
    index("uploads_user_idx").on(t.userId, t.createdAt),
    // Only the unused ones, oldest first: what the cleanup job walks.
    index("uploads_unused_idx")
      .on(t.unusedSince)
      .where(sql`${t.unusedSince} is not null`),
  ],
);

/**
 * What an upload can be used by (the services that save image addresses): an entry is a share's
 * cover or content, or a column article's (or draft's) Markdown; a section is a booklet section's.
 */
export const UPLOAD_USE_TARGETS = [
  "pin",
  "comment",
  "collection",
  "avatar",
  "booklet",
  "banner",
  "entry",
  "section",
] as const;
export type UploadUseTarget = (typeof UPLOAD_USE_TARGETS)[number];

/**
 * Where an upload is used: a pin's image, a comment's picture, a collection's background, a user's
 * avatar, a booklet's cover, a banner, an image in an entry's or a booklet section's text. Written by the uploads service's setUses inside the owning
 * service's write transaction, and cleared when the target is deleted or stops naming the image.
 * No foreign key to the target: it points into eight tables.
 */
export const uploadUses = pgTable(
  "upload_uses",
  {
    uploadId: cascadeRef(() => uploads.id),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.targetType, t.targetId] }),
    index("upload_uses_target_idx").on(t.targetType, t.targetId),
    check(
      "upload_uses_target_type_check",
      sql.raw(`target_type in (${UPLOAD_USE_TARGETS.map((x) => `'${x}'`).join(", ")})`),
    ),
  ],
);
