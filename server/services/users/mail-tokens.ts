/**
 * The links the user service mails (reset, verify, the old address's undo link): each carries a
 * random token stored only as its hash, expires, and is spent once.
 */
import type { Tx } from "../../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import type { Deps } from "../deps.ts";
import { findLiveCodeByHash, insertCode, spendCode, type UserRow } from "./queries.ts";

/** How long each mailed link works (the mails say so). */
const MAIL_TOKEN_HOURS = { reset: 1, verify: 24 };
/** How long the old address may undo an e-mail change (the 不是我本人操作 link). */
const EMAIL_REVERT_DAYS = 7;

/** The mail-token half of the user service: it sends and spends the links, users.ts decides when. */
export function createMailTokens(deps: Deps) {
  const { db, config } = deps;

  /**
   * Tells the address an account just left (changed to `newEmail`, or unbound when null), with a
   * link that undoes it: restores the old address, ends every session (the owner learns
   * of a takeover and can stop it).
   */
  async function mailEmailChanged(user: UserRow, oldEmail: string, newEmail: string | null) {
    const token = randomToken();
    await insertCode(db, {
      id: newId(),
      purpose: "email-revert",
      target: oldEmail.toLowerCase(),
      userId: user.id,
      codeHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_REVERT_DAYS * 86_400_000),
    });
    // A page with a button, not the change itself: mail scanners open links.
    const link = `${config.publicUrl}/revert-email?token=${token}`;
    const what = newEmail ? `从 ${oldEmail} 换成了 ${newEmail}` : `${oldEmail} 刚被解绑`;
    await deps.mailer.send({
      to: oldEmail,
      subject: `【${config.siteName}】你的账号邮箱已${newEmail ? "更换" : "解绑"}`,
      text:
        `${user.username}，你好：\n\n你在${config.siteName}的账号邮箱${what}，其他设备上的登录已退出。\n\n` +
        `如果这不是你本人的操作，请在 ${EMAIL_REVERT_DAYS} 天内打开下面的链接并确认：邮箱会改回 ${oldEmail}，所有设备上的登录都会退出。之后请用「忘记密码」重设密码。\n${link}`,
    });
  }

  /**
   * Tells the account's address of a change to its ways in (`what`: 「绑定了 GitHub 账号 octo」…),
   * made after the owner's proof; the other sessions have ended.
   */
  async function mailAccountChanged(user: UserRow, to: string, what: string) {
    await deps.mailer.send({
      to,
      subject: `【${config.siteName}】你的账号${what}`,
      text:
        `${user.username}，你好：\n\n你在${config.siteName}的账号刚刚${what}，其他设备上的登录已退出。\n\n` +
        `如果这不是你本人的操作，请立即修改密码（或用「忘记密码」重设），并在「设置 → 账号设置」中解除不认识的绑定。`,
    });
  }

  /** Mails a reset or verify link to `email`; only the token's hash is kept. */
  async function sendMailToken(user: UserRow, purpose: "reset" | "verify", email: string) {
    const token = randomToken();
    await insertCode(db, {
      id: newId(),
      purpose,
      target: email.toLowerCase(),
      userId: user.id,
      codeHash: sha256(token),
      expiresAt: new Date(Date.now() + MAIL_TOKEN_HOURS[purpose] * 3_600_000),
    });
    const site = config.siteName;
    if (purpose === "reset") {
      const link = `${config.publicUrl}/set-new-password?token=${token}`;
      await deps.mailer.send({
        to: email,
        subject: `【${site}】重置密码`,
        text: `${user.username}，你好：\n\n请在 1 小时内打开下面的链接设置新密码：\n${link}\n\n如果这不是你本人的操作，请忽略这封邮件。`,
      });
    } else {
      const link = `${config.publicUrl}/api/v1/verifyUserEmail?token=${token}`;
      await deps.mailer.send({
        to: email,
        subject: `【${site}】验证你的邮箱`,
        text: `${user.username}，你好：\n\n请在 24 小时内打开下面的链接验证邮箱 ${email}：\n${link}`,
      });
    }
  }

  /** Spends a mailed token: unknown, used or expired answers 400 naming `field`. */
  async function consumeMailToken(
    purpose: "reset" | "verify" | "email-revert",
    token: string,
    field: string,
    /** The transaction the token's use belongs to: a change that fails gives the link back. */
    tx: Tx = db,
  ) {
    const row = token ? await findLiveCodeByHash(tx, purpose, sha256(token)) : undefined;
    if (!row || !row.userId || !(await spendCode(tx, row.id))) {
      throw badRequest("链接无效或已过期，请重新获取", field);
    }
    return row;
  }

  return { mailEmailChanged, mailAccountChanged, sendMailToken, consumeMailToken };
}
