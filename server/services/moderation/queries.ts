import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { moderationCases, moderationLog, reports } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { keysetAfter } from "../../lib/keyset.ts";
import type { Pointer } from "../../../shared/pagination.ts";

export type CaseRow = typeof moderationCases.$inferSelect;
export type LogRow = typeof moderationLog.$inferSelect;

/** The case `id`, only while open: reading and locking a case by id both want it undecided. */
const openCaseById = (id: string) => and(eq(moderationCases.id, id), eq(moderationCases.status, "open"));

const openCaseOf = (type: string, id: string) =>
  and(
    eq(moderationCases.targetType, type),
    eq(moderationCases.targetId, id),
    eq(moderationCases.status, "open"),
  );

/**
 * The target's open case, locked; opened now when there is none. Two first reports at once meet
 * at the unique index (moderation_cases_open_target_key): one inserts, the other finds its row.
 */
export async function openCase(
  tx: Tx,
  c: {
    targetType: string;
    targetId: string;
    authorId: string;
    excerpt: string;
    href: string;
    autoFlag?: string;
    hidden?: boolean;
  },
): Promise<CaseRow> {
  await tx
    .insert(moderationCases)
    .values({ id: newId(), ...c })
    .onConflictDoNothing({
      target: [moderationCases.targetType, moderationCases.targetId],
      where: sql`${moderationCases.status} = 'open'`,
    });
  const [row] = await tx
    .select()
    .from(moderationCases)
    .where(openCaseOf(c.targetType, c.targetId))
    .for("update");
  return row;
}

/** An open case by id. */
export async function findOpenCase(db: Tx, id: string): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(moderationCases).where(openCaseById(id)).limit(1);
  return row;
}

/** An open case by id, locked for its decision. */
export async function lockOpenCase(tx: Tx, id: string): Promise<CaseRow | undefined> {
  const [row] = await tx.select().from(moderationCases).where(openCaseById(id)).for("update");
  return row;
}

export async function updateCase(tx: Tx, id: string, changes: Partial<CaseRow>): Promise<void> {
  await tx.update(moderationCases).set(changes).where(eq(moderationCases.id, id));
}

/** The reporter's open report of this target, if any. */
export async function openReportBy(tx: Tx, reporterId: string, type: string, id: string) {
  const [row] = await tx
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, type),
        eq(reports.targetId, id),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  return row;
}

export async function insertReport(tx: Tx, values: typeof reports.$inferInsert) {
  await tx.insert(reports).values(values);
}

export async function updateReport(tx: Tx, id: string, reason: string, text: string) {
  await tx.update(reports).set({ reason, text, updatedAt: new Date() }).where(eq(reports.id, id));
}

/** Closes every open report of a case, answering their reporters. */
export async function closeReports(tx: Tx, caseId: string): Promise<string[]> {
  const rows = await tx
    .update(reports)
    .set({ status: "closed", updatedAt: new Date() })
    .where(and(eq(reports.caseId, caseId), eq(reports.status, "open")))
    .returning({ reporterId: reports.reporterId });
  return rows.map((r) => r.reporterId);
}

/** Open cases oldest first after the (openedAt, id) pointer: moderation_cases_queue_idx serves it. */
export async function openCases(db: Tx, after: Pointer<Date> | null, limit: number): Promise<CaseRow[]> {
  return db
    .select()
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.status, "open"),
        keysetAfter(moderationCases.openedAt, moderationCases.id, after, "asc"),
      ),
    )
    .orderBy(asc(moderationCases.openedAt), asc(moderationCases.id))
    .limit(limit);
}

/** The first few open reports of each of these cases (the queue shows their words), oldest first. */
export async function firstReportsOf(db: Tx, caseIds: string[], perCase: number) {
  if (!caseIds.length) return [];
  const ranked = db
    .select({
      caseId: reports.caseId,
      reason: reports.reason,
      text: reports.text,
      createdAt: reports.createdAt,
      n: sql<number>`row_number() over (partition by ${reports.caseId} order by ${reports.createdAt}, ${reports.id})`.as(
        "n",
      ),
    })
    .from(reports)
    .where(and(inArray(reports.caseId, caseIds), eq(reports.status, "open")))
    .as("ranked");
  return db
    .select({ caseId: ranked.caseId, reason: ranked.reason, text: ranked.text, createdAt: ranked.createdAt })
    .from(ranked)
    .where(sql`${ranked.n} <= ${perCase}`)
    .orderBy(asc(ranked.createdAt));
}

/** One row of the audit log. */
export async function logAction(
  tx: Tx,
  row: { actorId: string | null; action: string; targetType: string; targetId: string; reason?: string },
): Promise<void> {
  await tx.insert(moderationLog).values({ id: newId(), reason: "", ...row });
}

/** The audit log newest first after the (createdAt, id) pointer: moderation_log_created_idx serves it. */
export async function logPage(db: Tx, after: Pointer<Date> | null, limit: number): Promise<LogRow[]> {
  return db
    .select()
    .from(moderationLog)
    .where(keysetAfter(moderationLog.createdAt, moderationLog.id, after))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit);
}
