import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, idColumn, instant } from "./columns.ts";
import { users } from "./users.ts";

/**
 * A "download my data" request: pending until the account-export job has stored
 * the ZIP under `storageKey` (a private, unguessable key), then ready until `expiresAt`; the
 * cleanup removes the file afterwards (`fileRemovedAt`). The mailed link carries a token whose hash
 * is `tokenHash`.
 */
export const accountExports = pgTable(
  "account_exports",
  {
    id: idColumn(),
    userId: cascadeRef(() => users.id),
    /** pending | ready | failed */
    state: varchar({ length: 16 }).notNull().default("pending"),
    tokenHash: char({ length: 64 }).notNull(),
    storageKey: text(),
    size: integer(),
    readyAt: instant(),
    expiresAt: instant(),
    fileRemovedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    check("account_exports_state_check", sql`${t.state} in ('pending', 'ready', 'failed')`),
    index("account_exports_user_created_idx").on(t.userId, t.createdAt, t.id),
    // One export at a time per user: a second request while one is pending fails on this index.
    uniqueIndex("account_exports_one_pending_key")
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    // The cleanup walks ready exports past their expiry whose file is still stored.
    index("account_exports_expiry_idx")
      .on(t.expiresAt, t.id)
      .where(sql`${t.fileRemovedAt} is null and ${t.storageKey} is not null`),
  ],
);

/**
 * A "delete my account" request: pending during the grace period (a login before `eraseAfter`
 * cancels it), then erased by the account-erasure job. `content` is the user's choice for what they
 * wrote: delete it, or keep it attributed to 已注销用户.
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: cascadeRef(() => users.id).primaryKey(),
    /** pending | cancelled | erased */
    state: varchar({ length: 16 }).notNull().default("pending"),
    /** delete | keep */
    content: varchar({ length: 8 }).notNull(),
    requestedAt: createdAt(),
    eraseAfter: instant().notNull(),
    cancelledAt: instant(),
    erasedAt: instant(),
  },
  (t) => [
    check("account_deletions_state_check", sql`${t.state} in ('pending', 'cancelled', 'erased')`),
    check("account_deletions_content_check", sql`${t.content} in ('delete', 'keep')`),
    // The erasure job takes pending requests whose grace period is over, oldest first.
    index("account_deletions_due_idx")
      .on(t.eraseAfter)
      .where(sql`${t.state} = 'pending'`),
  ],
);
