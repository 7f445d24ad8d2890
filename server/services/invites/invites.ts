import { randomBytes } from "node:crypto";
import { AppError, badRequest, forbidden, unauthorized } from "../../lib/errors.ts";
import type { Tx } from "../../../db/client.ts";
import type { Caller, Deps } from "../deps.ts";
import { findUserByEmail } from "../users/index.ts";
import {
  deleteInvitation,
  findAvailableCode,
  insertInvitation,
  inviteCounts,
  lockSender,
} from "./queries.ts";
import { checkReceiverEmail, checkReceiverName, INVITES_PER_DAY } from "../../../shared/invite-rules.ts";
import type { PostCodeBody } from "./schema.ts";

/** GET /sender/{uid}/availableCode's `d`. */
export interface AvailableCode {
  code: string;
  /** The register link to share: `${publicUrl}/?invite={code}`. */
  link: string;
  /** The spec's Invite count: invitations sent by e-mail. */
  inviteCount: number;
  /** Invitation codes a registration has used. */
  acceptedCount: number;
  /** Invitations sent in the last 24 hours, and how many are allowed. */
  sentToday: number;
  dailyLimit: number;
}

/** POST /sender/{uid}/postCode's `d`. */
export interface SentInvitation {
  code: string;
  receiverName: string;
  receiverEmail: string;
  createdAt: string;
  inviteCount: number;
  sentToday: number;
  dailyLimit: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// No 0/O/1/I/L: the code is read aloud and typed by hand as often as it is clicked.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function newCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * Invitations (spec §7 Invites). A sender has one available code to share as a link (a row without
 * a receiver and not yet used, made on first ask) and one row per e-mail invitation, each with its own code so an acceptance can
 * be traced to the mail. Registration with `?invite=` (users.createUser) marks the code used by
 * the new account, which is what acceptedCount counts.
 */
export function createInviteService(deps: Deps) {
  const { db, mailer, config } = deps;
  const linkFor = (code: string) => `${config.publicUrl}/?invite=${encodeURIComponent(code)}`;

  /** Only the caller may act as sender: 401 logged out, 403 for someone else's uid. */
  function requireSender(uid: string, caller: Caller): string {
    if (!caller.userId) throw unauthorized();
    if (caller.userId !== uid) throw forbidden("只能查看和发送自己的邀请");
    return caller.userId;
  }

  // 31^10 ≈ 8·10^14 codes: a collision is not worth a retry (it would abort the transaction
  // anyway); the unique index turns the impossible case into a plain 500.
  const insertWithCode = (
    tx: Tx,
    values: { senderId: string; receiverName?: string; receiverEmail?: string },
  ) => insertInvitation(tx, { ...values, code: newCode() });

  return {
    /** GET /sender/{uid}/availableCode: the caller's available code (made on first ask) and counts. */
    async availableCode(uid: string, caller: Caller): Promise<AvailableCode> {
      const senderId = requireSender(uid, caller);
      return db.transaction(async (tx) => {
        if (!(await lockSender(tx, senderId))) throw unauthorized();
        const row = (await findAvailableCode(tx, senderId)) ?? (await insertWithCode(tx, { senderId }));
        const counts = await inviteCounts(tx, senderId, new Date(Date.now() - DAY_MS));
        return {
          code: row.code,
          link: linkFor(row.code),
          inviteCount: counts.sent,
          acceptedCount: counts.accepted,
          sentToday: counts.sentToday,
          dailyLimit: INVITES_PER_DAY,
        };
      });
    },

    /**
     * POST /sender/{uid}/postCode: records an invitation and mails its register link.
     * 400 bad name/e-mail, 409 the address already has an account, 429 over 10 in 24 hours.
     */
    async postCode(uid: string, body: PostCodeBody, caller: Caller): Promise<SentInvitation> {
      const senderId = requireSender(uid, caller);
      const receiverName = body.receiverName.trim();
      const receiverEmail = body.receiverEmail.trim();
      const nameError = checkReceiverName(receiverName);
      if (nameError) throw badRequest(nameError, "receiverName");
      const emailError = checkReceiverEmail(receiverEmail);
      if (emailError) throw badRequest(emailError, "receiverEmail");

      const { sender, row, counts } = await db.transaction(async (tx) => {
        const sender = await lockSender(tx, senderId);
        if (!sender) throw unauthorized();
        if (await findUserByEmail(tx, receiverEmail)) {
          throw new AppError(409, "该邮箱已注册，无需邀请", "receiverEmail");
        }
        const since = new Date(Date.now() - DAY_MS);
        const before = await inviteCounts(tx, senderId, since);
        if (before.sentToday >= INVITES_PER_DAY) {
          throw new AppError(429, `每天最多发送 ${INVITES_PER_DAY} 封邀请，请明天再试`);
        }
        const row = await insertWithCode(tx, { senderId, receiverName, receiverEmail });
        return { sender, row, counts: { sent: before.sent + 1, sentToday: before.sentToday + 1 } };
      });

      // The mail goes out after the commit so no lock waits on SMTP; a failed send takes the row
      // back, so the counts and the daily limit only count invitations that left.
      const link = linkFor(row.code);
      try {
        await mailer.send({
          to: receiverEmail,
          subject: `${sender.username} 邀请你加入${config.siteName}`,
          text: [
            `${receiverName}，你好：`,
            "",
            `${sender.username} 邀请你加入${config.siteName}，和众多开发者一起分享与学习。`,
            `点击下面的链接注册（邀请码 ${row.code}）：`,
            link,
            "",
            `如果你不认识邀请人，忽略这封邮件即可。`,
          ].join("\n"),
        });
      } catch {
        await deleteInvitation(db, row.id);
        throw new AppError(502, "邀请邮件发送失败，请稍后再试");
      }
      return {
        code: row.code,
        receiverName,
        receiverEmail,
        createdAt: row.createdAt.toISOString(),
        inviteCount: counts.sent,
        sentToday: counts.sentToday,
        dailyLimit: INVITES_PER_DAY,
      };
    },
  };
}
