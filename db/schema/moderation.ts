import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, idColumn, instant, ref, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

// Reporting and moderation (services/moderation). Targets and reasons are
// shared/report-rules.ts: entry (a share, vote or column article), comment, pin, collection, user.

/**
 * One row per reported target while it waits for a decision: the admins' queue (/admin/reports)
 * pages these, oldest first, so grouping costs nothing at read time. `reporterCount` counts the
 * target's open reports (one per reporter) and moves with them in the same transaction.
 * `autoFlag` says why the site itself put it here: "links" (a new account's link-heavy post) or
 * "reports" (enough distinct reporters); either way the target was hidden pending review.
 */
export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: idColumn(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    /** The target's author (the reported user for a user target). */
    authorId: ref().references(() => users.id, { onDelete: "cascade" }),
    /** open | closed */
    status: varchar({ length: 8 }).notNull().default("open"),
    reporterCount: integer().notNull().default(0),
    /** The distinct reasons given so far. */
    reasons: varchar({ length: 16 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(16)[]`),
    autoFlag: varchar({ length: 16 }).notNull().default(""),
    /** Whether the target is hidden pending review (by the first line or a moderator). */
    hidden: boolean().notNull().default(false),
    /** What the target said when first reported: the queue shows it even after an edit. */
    excerpt: text().notNull().default(""),
    /** Where staff read the target (a comment's is its thread's page). */
    href: text().notNull().default(""),
    /** When the case opened: the oldest report's time, or the auto-flag's. */
    openedAt: instant().notNull().defaultNow(),
    decision: varchar({ length: 16 }),
    decidedBy: ref(),
    decidedAt: instant(),
  },
  (t) => [
    check("moderation_cases_status_check", sql`${t.status} in ('open', 'closed')`),
    // One open case per target; reports of a target join it.
    uniqueIndex("moderation_cases_open_target_key")
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The queue: open cases oldest first, keyset (openedAt, id).
    index("moderation_cases_queue_idx")
      .on(t.openedAt, t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** One user's report of a target. While open, a repeat by the same reporter updates it. */
export const reports = pgTable(
  "reports",
  {
    id: idColumn(),
    caseId: cascadeRef(() => moderationCases.id),
    reporterId: cascadeRef(() => users.id),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    /** spam | abuse | plagiarism | illegal | other (shared/report-rules.ts). */
    reason: varchar({ length: 16 }).notNull(),
    text: varchar({ length: 200 }).notNull().default(""),
    /** open | closed */
    status: varchar({ length: 8 }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reports_open_once_key")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_case_idx").on(t.caseId),
  ],
);

/**
 * The audit log: every moderation action, by whom (null: the site's automatic first line), when,
 * on what, and why. Read newest first by keyset (createdAt, id).
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: idColumn(),
    actorId: ref().references(() => users.id, { onDelete: "set null" }),
    action: varchar({ length: 24 }).notNull(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: ref().notNull(),
    reason: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_created_idx").on(t.createdAt, t.id)],
);
