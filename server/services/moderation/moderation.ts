import type { Tx } from "../../../db/client.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { isAppError } from "../../../shared/errors.ts";
import { newId } from "../../lib/ids.ts";
import { pointerParam } from "../../lib/keyset.ts";
import { encodePointer } from "../../../shared/pagination.ts";
import {
  AUTO_HIDE_REPORTERS,
  DECISION_REASON_MAX,
  SUSPENSION_MAX_DAYS,
  TARGET_LABELS,
  activeSuspension,
  checkReport,
  type Decision,
  type ReportReason,
  type ReportTarget,
} from "../../../shared/report-rules.ts";
import { beijingTime } from "../../../shared/format.ts";
import type { Caller, Deps } from "../deps.ts";
import { notifyModeration } from "../notifications/index.ts";
import { recordAutoHide } from "./screen.ts";
import { findUserById, updateUser, usersByIds, type UserService } from "../users/index.ts";
import {
  closeReports,
  findOpenCase,
  firstReportsOf,
  insertReport,
  lockOpenCase,
  logAction,
  logPage,
  openCase,
  openCases,
  openReportBy,
  updateCase,
  updateReport,
  type CaseRow,
} from "./queries.ts";
import { presentCase, presentLogRow } from "./present.ts";
import { HIDEABLE, setHidden, targetFacts, type TargetFacts } from "./targets.ts";

/** Open cases a queue page holds, and audit rows a log page holds. */
export const QUEUE_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 30;
/** Reports' own words shown per target in the queue. */
const WORDS_PER_CASE = 3;

const STAFF_ONLY = "只有管理员和编辑可以处理举报";
const ADMINS_ONLY = "删除内容和暂停账号只有管理员可以操作";

/** The delete paths of the targets' own services (the admin reach), handed in by createServices. */
export interface Removers {
  entry(id: string, caller: Caller): Promise<unknown>;
  pin(id: string, caller: Caller): Promise<unknown>;
  comment(id: string, caller: Caller): Promise<unknown>;
  collection(id: string, caller: Caller): Promise<unknown>;
}

export interface ReportInput {
  targetType: ReportTarget;
  targetId: string;
  reason: string;
  text?: string;
}

export interface DecideInput {
  action: Decision;
  reason?: string;
  /** For suspend: when the suspension ends (ISO time). */
  until?: string;
}

const what = (f: Pick<TargetFacts, "kind">, type: ReportTarget) =>
  f.kind === "post"
    ? "文章"
    : f.kind === "vote"
      ? "投票"
      : f.kind === "article"
        ? "分享"
        : TARGET_LABELS[type];

/**
 * Reporting and moderation: reports gather into one open case per target; staff
 * decide a case (hide, delete, dismiss, warn or suspend the author) and every decision closes all of
 * its reports; every action is a row of the audit log; enough distinct reporters hide a target
 * pending review. Suspensions are enforced where every write passes (server/plugins/session.ts).
 */
export function createModerationService(deps: Deps, users: UserService, removers: Removers) {
  const { db } = deps;

  /** The author's notice and the audit row of an automatic hide, in the caller's transaction. */
  async function autoHidden(tx: Tx, c: CaseRow, f: TargetFacts, why: string) {
    await setHidden(tx, c.targetType as ReportTarget, c.targetId, true);
    const target = { targetType: c.targetType, targetId: c.targetId, authorId: f.authorId };
    await recordAutoHide(tx, target, why, {
      content: `你的${what(f, c.targetType as ReportTarget)}「${f.excerpt}」${why}，已暂时隐藏，等待审核（内容审核中）`,
      ...f.about,
    });
  }

  return {
    /**
     * A logged-in user's report. One open report per reporter and target: a repeat updates its
     * reason and words (`updated: true`). The target's case counts distinct reporters; at
     * AUTO_HIDE_REPORTERS a hideable target is hidden pending review (`hidden: true`).
     */
    async report(input: ReportInput, caller: Caller) {
      const me = await users.requireUser(caller);
      const text = (input.text ?? "").trim();
      const bad = checkReport(input.reason, text);
      if (bad) throw badRequest(bad.message, bad.field);
      const facts = await targetFacts(db, input.targetType, input.targetId);
      if (!facts) throw notFound("举报的内容不存在或已删除");
      if (facts.authorId === me.id) throw badRequest("不能举报自己", "targetId");
      const reason = input.reason as ReportReason;
      const result = await db.transaction(async (tx) => {
        const c = await openCase(tx, {
          targetType: input.targetType,
          targetId: input.targetId,
          authorId: facts.authorId,
          excerpt: facts.excerpt,
          href: facts.href,
        });
        const mine = await openReportBy(tx, me.id, input.targetType, input.targetId);
        if (mine) {
          await updateReport(tx, mine.id, reason, text);
          const reasons = c.reasons.includes(reason) ? c.reasons : [...c.reasons, reason];
          await updateCase(tx, c.id, { reasons });
          return { reportId: mine.id, updated: true, hidden: false };
        }
        const reportId = newId();
        await insertReport(tx, {
          id: reportId,
          caseId: c.id,
          reporterId: me.id,
          targetType: input.targetType,
          targetId: input.targetId,
          reason,
          text,
        });
        const reporterCount = c.reporterCount + 1;
        const reasons = c.reasons.includes(reason) ? c.reasons : [...c.reasons, reason];
        const hide =
          reporterCount >= AUTO_HIDE_REPORTERS &&
          !c.hidden &&
          !facts.hidden &&
          HIDEABLE.includes(input.targetType);
        await updateCase(tx, c.id, {
          reporterCount,
          reasons,
          ...(hide ? { hidden: true, autoFlag: c.autoFlag || "reports" } : {}),
        });
        if (hide) await autoHidden(tx, c, facts, `被 ${reporterCount} 位用户举报`);
        return { reportId, updated: false, hidden: hide };
      });
      return result;
    },

    /** The queue: open cases oldest first, one row per target, keyset pointer `openedAt_id`. */
    async queue(input: { pointer?: string }, caller: Caller) {
      await users.requireStaff(caller, STAFF_ONLY);
      const after = pointerParam(input.pointer, "date", "pointer");
      const rows = await openCases(db, after, QUEUE_PAGE_SIZE + 1);
      const page = rows.slice(0, QUEUE_PAGE_SIZE);
      const [authors, words] = await Promise.all([
        usersByIds(db, [...new Set(page.flatMap((c) => (c.authorId ? [c.authorId] : [])))]),
        firstReportsOf(
          db,
          page.map((c) => c.id),
          WORDS_PER_CASE,
        ),
      ]);
      const byId = new Map(authors.map((u) => [u.id, u]));
      const last = page.at(-1);
      const canNext = rows.length > QUEUE_PAGE_SIZE;
      return {
        list: page.map((c) =>
          presentCase(
            c,
            byId,
            words.filter((w) => w.caseId === c.id),
          ),
        ),
        pointer: canNext && last ? encodePointer(last.openedAt, last.id) : null,
        canNext,
      };
    },

    /**
     * A decision on a case; every decision closes all of its open reports, tells the reporters and
     * (but for a dismissal) the author, and writes the audit log. Editors hide, dismiss and warn;
     * deleting and suspending are for admins (spec §6: admins bypass identity checks).
     */
    async decide(caseId: string, input: DecideInput, caller: Caller) {
      const moderator = await users.requireStaff(caller, STAFF_ONLY);
      const reason = (input.reason ?? "").trim();
      if (reason.length > DECISION_REASON_MAX)
        throw badRequest(`理由最多 ${DECISION_REASON_MAX} 字`, "reason");
      if ((input.action === "warn" || input.action === "suspend") && !reason)
        throw badRequest("请写明理由（作者会看到）", "reason");
      if ((input.action === "delete" || input.action === "suspend") && moderator.role !== "admin")
        throw forbidden(ADMINS_ONLY);
      let until: Date | null = null;
      if (input.action === "suspend") {
        until = input.until ? new Date(input.until) : null;
        const now = Date.now();
        if (!until || Number.isNaN(until.getTime()) || until.getTime() <= now)
          throw badRequest("请选择一个将来的结束时间", "until");
        if (until.getTime() > now + SUSPENSION_MAX_DAYS * 86_400_000)
          throw badRequest(`暂停最长 ${SUSPENSION_MAX_DAYS} 天`, "until");
      }
      const peek = await findOpenCase(db, caseId);
      if (!peek) throw notFound("没有这条待处理的举报（可能已处理）");
      const type = peek.targetType as ReportTarget;
      if (input.action === "hide" && !HIDEABLE.includes(type))
        throw badRequest("收藏集和用户不能隐藏：请删除，或警告、暂停作者", "action");
      if (input.action === "delete" && type === "user")
        throw badRequest("用户不能删除：请暂停该账号", "action");
      const facts = await targetFacts(db, type, peek.targetId);
      // Deleting goes through the target's own service: its counters, images and cached pages.
      if (input.action === "delete" && facts) {
        try {
          await removers[type as keyof Removers](peek.targetId, caller);
        } catch (error) {
          if (!(isAppError(error) && error.code === 404)) throw error;
        }
      }
      const label = facts ? `你的${what(facts, type)}「${facts.excerpt}」` : "你的内容";
      const because = reason ? `：${reason}` : "";
      const outcome = await db.transaction(async (tx) => {
        const c = await lockOpenCase(tx, caseId);
        if (!c) return null; // decided meanwhile by someone else
        let unhid = false;
        if (input.action === "hide") await setHidden(tx, type, c.targetId, true);
        if (input.action === "dismiss" && c.hidden) {
          await setHidden(tx, type, c.targetId, false);
          unhid = true;
        }
        if (input.action === "suspend" && c.authorId) {
          await updateUser(tx, c.authorId, { suspendedUntil: until, suspensionReason: reason });
        }
        await updateCase(tx, c.id, {
          status: "closed",
          decision: input.action,
          decidedBy: moderator.id,
          decidedAt: new Date(),
          hidden: input.action === "hide" || (c.hidden && input.action !== "dismiss"),
        });
        const reporters = await closeReports(tx, c.id);
        const logged = input.action === "suspend" && until ? `至 ${beijingTime(until)}${because}` : reason;
        await logAction(tx, {
          actorId: moderator.id,
          action: input.action,
          targetType: type,
          targetId: c.targetId,
          reason: logged,
        });
        const about = facts?.about ?? {};
        await notifyModeration(tx, {
          userIds: reporters,
          content:
            input.action === "dismiss"
              ? `你举报的内容经审核未违规：${c.excerpt}`
              : `你举报的内容已处理：${c.excerpt}`,
          ...(input.action === "delete" ? {} : about),
        });
        const toAuthor: Record<Decision, string | null> = {
          hide: `${label}已被隐藏${because}`,
          delete: `${label}已被删除${because}`,
          dismiss: unhid ? `${label}已通过审核，重新公开` : null,
          warn: `${label}收到警告${because}`,
          suspend: until ? `你的账号已被暂停使用至 ${beijingTime(until)}${because}` : null,
        };
        const sentence = toAuthor[input.action];
        if (sentence && c.authorId) {
          await notifyModeration(tx, {
            userIds: [c.authorId],
            content: sentence,
            ...(input.action === "delete" ? {} : about),
          });
        }
        return {
          caseId: c.id,
          action: input.action,
          closedReports: reporters.length,
          changedVisibility: input.action === "hide" || unhid,
        };
      });
      if (!outcome) throw notFound("没有这条待处理的举报（可能已处理）");
      return outcome;
    },

    /** Lifts a suspension before its date (admins), logged. */
    async liftSuspension(userId: string, caller: Caller) {
      const admin = await users.requireAdmin(caller, ADMINS_ONLY);
      const user = await findUserById(db, userId);
      if (!user) throw notFound("用户不存在");
      if (!activeSuspension(user)) throw badRequest("该账号没有被暂停", "userId");
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { suspendedUntil: null, suspensionReason: "" });
        await logAction(tx, { actorId: admin.id, action: "unsuspend", targetType: "user", targetId: userId });
        await notifyModeration(tx, { userIds: [userId], content: "你的账号已恢复正常使用" });
      });
      return { userId, suspended: false };
    },

    /** The audit log newest first (staff), keyset pointer `createdAt_id`. */
    async auditLog(input: { pointer?: string }, caller: Caller) {
      await users.requireStaff(caller, STAFF_ONLY);
      const rows = await logPage(db, pointerParam(input.pointer, "date", "pointer"), LOG_PAGE_SIZE + 1);
      const page = rows.slice(0, LOG_PAGE_SIZE);
      const actors = await usersByIds(db, [...new Set(page.flatMap((r) => (r.actorId ? [r.actorId] : [])))]);
      const byId = new Map(actors.map((u) => [u.id, u]));
      const last = page.at(-1);
      const canNext = rows.length > LOG_PAGE_SIZE;
      return {
        list: page.map((r) => presentLogRow(r, byId)),
        pointer: canNext && last ? encodePointer(last.createdAt, last.id) : null,
        canNext,
      };
    },
  };
}
