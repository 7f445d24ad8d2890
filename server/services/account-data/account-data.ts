/**
 * My data: 「下载我的数据」 — a job builds a ZIP of the account, stored under a
 * private key, linked by mail and a notification for 7 days — and 「注销账号」 — confirmed by
 * password or SMS code, the wallet settled first, then a 14-day grace period that a login undoes,
 * after which the account-erasure job erases the personal data and deletes or keeps the content.
 */
import type { Db, Tx } from "../../../db/client.ts";
import { AppError, badRequest, notFound, unauthorized, forbidden } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, safeEqual, sha256 } from "../../lib/crypto.ts";
import type { ObjectStorage } from "../../lib/storage.ts";
import { dropUnusedInvitations } from "../invites/index.ts";
import { notifyAccount } from "../notifications/index.ts";
import { eraseUser, findUserById, type UserRow } from "../users/index.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { buildArchive } from "./export.ts";
import { eraseContent, type ContentServices } from "./erase.ts";
import * as q from "./queries.ts";

/** How long a finished export can be downloaded. */
export const EXPORT_DAYS = 7;
/** How long a deletion waits for the owner to change their mind (a login undoes it). */
export const GRACE_DAYS = 14;
const DAY = 86_400_000;
/** A pending export older than this has outlived its job's retries: it is failed, not in the way. */
const STALE_EXPORT_MS = 2 * 3_600_000;

/** The account-housekeeping job's cron: every hour at :50 (China Standard Time). */
export const ACCOUNT_HOUSEKEEPING_CRON = "50 * * * *";

/** The account-export job's data. */
export interface ExportJob {
  exportId: string;
}

/** What the account-data service needs of the services above users. */
export interface AccountDataParts extends ContentServices {
  users: {
    requireUser(caller: Caller): Promise<UserRow>;
    confirmOwner(
      user: UserRow,
      input: { password?: string; smsCode?: string },
      caller: Caller,
    ): Promise<void>;
  };
  storage: ObjectStorage;
  /** The erased avatar stops using its upload, so the orphan cleanup removes the image too. */
  uploads: Pick<UploadService, "setUses">;
  /** Auth's own: deletes the sessions and tells every instance they ended. */
  auth: { endSessions(tx: Tx, userId: string): Promise<void> };
}

export interface ExportStatus {
  id: string;
  /** pending: 请求中; ready: 可下载至 expiresAt; expired: 已过期; failed. */
  state: "pending" | "ready" | "expired" | "failed";
  requestedAt: string;
  expiresAt: string | null;
  downloadUrl: string | null;
}

const BJ = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

function presentExport(row: q.ExportRow, now: Date): ExportStatus {
  const expired = row.state === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  const state = expired ? "expired" : (row.state as ExportStatus["state"]);
  return {
    id: row.id,
    state,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: state === "ready" ? downloadPath(row.id) : null,
  };
}

const downloadPath = (id: string) => `/api/account/exports/${id}/download`;

export function createAccountDataService(deps: Deps, parts: AccountDataParts) {
  const { db, jobs, mailer, config } = deps;
  const { storage } = parts;

  /** The owner's own account, refused once it is erased. */
  async function owner(caller: Caller): Promise<UserRow> {
    const user = await parts.users.requireUser(caller);
    if (user.erasedAt) throw unauthorized();
    return user;
  }

  return {
    /** The settings page's status: the newest export and a pending deletion. */
    async status(caller: Caller, now = new Date()) {
      const user = await owner(caller);
      const latest = await q.latestExport(db, user.id);
      return { export: latest ? presentExport(latest, now) : null };
    },

    /** 「下载我的数据」: one export at a time; the job does the work. */
    async requestExport(caller: Caller): Promise<ExportStatus> {
      const user = await owner(caller);
      const made = await db.transaction(async (tx) => {
        await q.failStaleExports(tx, user.id, new Date(Date.now() - STALE_EXPORT_MS));
        const row = await q.insertExport(tx, {
          id: newId(),
          userId: user.id,
          // Replaced by the job with the hash of the token it mails; until then nothing matches it.
          tokenHash: sha256(randomToken()),
        });
        // The one-pending index refused it: an export is already being built.
        if (!row) return undefined;
        await jobs.send("account-export", { exportId: row.id } satisfies ExportJob, { tx });
        return row;
      });
      if (!made) throw new AppError(409, "已有一个导出正在进行，完成后会通过邮件和通知告诉你");
      return presentExport(made, new Date());
    },

    /** The account-export job: builds and stores the archive, then mails and notifies the owner. */
    async runExport(job: ExportJob, now = new Date()) {
      const row = await q.findExport(db, job.exportId);
      // Done by an earlier run, or the account went away: nothing left to do.
      if (!row || row.state !== "pending") return;
      const user = await findUserById(db, row.userId);
      if (!user || user.erasedAt) {
        await q.markExportFailed(db, row.id);
        return;
      }
      const archive = await buildArchive(db, user, now);
      // A private, unguessable key: 32 random bytes, under no public path the app serves.
      const key = `exports/${randomToken(24)}.zip`;
      await storage.put(key, archive, "application/zip");
      const expiresAt = new Date(now.getTime() + EXPORT_DAYS * DAY);
      // The link's token exists only in the mail; the row keeps its hash.
      const token = randomToken();
      const link = `${config.publicUrl}${downloadPath(row.id)}?token=${token}`;
      const until = BJ.format(expiresAt);
      const ready = await db.transaction(async (tx) => {
        const done = await q.markExportReady(tx, row.id, {
          storageKey: key,
          size: archive.length,
          readyAt: now,
          expiresAt,
          tokenHash: sha256(token),
        });
        if (done) {
          await notifyAccount(tx, {
            userId: user.id,
            content: `你的数据导出已完成，可在「设置 › 账号设置」下载，有效期至 ${until}`,
          });
        }
        return done;
      });
      if (!ready) {
        await storage.delete(key);
        return;
      }
      if (user.email) {
        await mailer.send({
          to: user.email,
          subject: `${config.siteName}：你的数据已可下载`,
          text: `你好，${user.username}：\n\n你请求的数据导出已完成，下载链接（有效期至 ${until}）：\n${link}\n\n如果这不是你本人的操作，请尽快修改密码。`,
        });
      }
    },

    /**
     * The archive for its owner (logged in) or for the mailed link's token: 410 once expired.
     * Answers the stored object to stream.
     */
    async download(id: string, token: string | undefined, caller: Caller, now = new Date()) {
      const row = /^[0-9a-f]{24}$/.test(id) ? await q.findExport(db, id) : undefined;
      if (!row) throw notFound("导出不存在");
      const byToken = token ? safeEqual(sha256(token), row.tokenHash) : false;
      if (!byToken) {
        if (!caller.userId) throw unauthorized();
        if (caller.userId !== row.userId) throw forbidden("只能下载自己的数据");
      }
      if (row.state !== "ready" || !row.storageKey) throw notFound("导出尚未完成");
      if ((row.expiresAt && row.expiresAt <= now) || row.fileRemovedAt) {
        throw new AppError(410, "下载链接已过期，请重新申请导出");
      }
      const object = await storage.get(row.storageKey);
      if (!object) throw new AppError(410, "下载链接已过期，请重新申请导出");
      return { ...object, filename: `nugget-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /** The export-cleanup job: removes the files of expired exports. */
    async cleanupExports(now = new Date()): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await q.expiredExports(db, now, 100);
        if (!rows.length) return removed;
        for (const row of rows) {
          await storage.delete(row.storageKey!);
          await q.markFileRemoved(db, row.id, now);
          removed++;
        }
      }
    },

    /**
     * 「注销账号」: the owner confirmed (password, or SMS code without one), the wallet settled;
     * the request waits GRACE_DAYS, and every session ends now.
     */
    async requestDeletion(
      input: { password?: string; smsCode?: string; content: "delete" | "keep" },
      caller: Caller,
      now = new Date(),
    ) {
      const user = await owner(caller);
      if (input.content !== "delete" && input.content !== "keep") {
        throw badRequest("请选择如何处理你发布的内容", "content");
      }
      await parts.users.confirmOwner(user, input, caller);
      const wallet = await q.walletSettlement(db, user.id);
      if (wallet.balance !== 0) {
        throw badRequest(`钱包还有余额 ¥${(wallet.balance / 100).toFixed(2)}，请先提现后再注销`, "wallet");
      }
      if (wallet.pendingWithdrawals > 0) {
        throw badRequest("钱包还有处理中的提现申请，请等待完成后再注销", "wallet");
      }
      const eraseAfter = new Date(now.getTime() + GRACE_DAYS * DAY);
      await db.transaction(async (tx) => {
        await q.upsertDeletion(tx, { userId: user.id, content: input.content, requestedAt: now, eraseAfter });
        await parts.auth.endSessions(tx, user.id);
      });
      return { eraseAfter: eraseAfter.toISOString(), content: input.content };
    },

    /**
     * The login hook (auth): logging in during the grace period cancels the deletion ("cancelled",
     * which the login then says); past it, the erasure is under way and the login is refused.
     */
    async onLogin(userId: string, now = new Date()): Promise<"cancelled" | null> {
      const row = await q.findDeletion(db, userId);
      if (row?.state !== "pending") return null;
      if (row.eraseAfter <= now) throw new AppError(403, "账号正在注销中，无法登录");
      return (await q.cancelDeletion(db, userId, now)) ? "cancelled" : null;
    },

    /**
     * The account-erasure job: every request past its grace period, erased. Each step is safe to
     * repeat, and the request is marked erased only after all of them, so a run that dies midway
     * is finished by the next.
     */
    async eraseDue(now = new Date()): Promise<number> {
      let erased = 0;
      for (;;) {
        const due = await q.dueDeletions(db, now, 20);
        if (!due.length) return erased;
        for (const request of due) {
          await eraseAccount(db, request, now);
          erased++;
        }
      }
    },
  };

  async function eraseAccount(database: Db, request: q.DeletionRow, now: Date) {
    const userId = request.userId;
    // Sessions first: nothing the user does can race the erasure (a login would find no password).
    await database.transaction(async (tx) => {
      await parts.auth.endSessions(tx, userId);
    });
    await eraseContent(parts, database, userId, request.content as "delete" | "keep");
    await database.transaction(async (tx) => {
      const locked = await q.lockDeletion(tx, userId);
      // Cancelled meanwhile (a login just before the end of the grace period): leave it.
      if (locked?.state !== "pending") return;
      await parts.uploads.setUses(tx, { type: "avatar", id: userId }, [], userId);
      await eraseUser(tx, userId, now);
      await dropUnusedInvitations(tx, userId);
      await parts.auth.endSessions(tx, userId);
      await q.markErased(tx, userId, now);
    });
  }
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
