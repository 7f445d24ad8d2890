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
   * Tells the address an account just left, with a link that undoes the change: restores the old
   * address, ends every session (issue 10: the owner learns of a takeover and can stop it).
   */
  async function mailEmailChanged(user: UserRow, oldEmail: string, newEmail: string) {
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
    await deps.mailer.send({
      to: oldEmail,
      subject: `【${config.siteName}】你的账号邮箱已更换`,
      text:
        `${user.username}，你好：\n\n你在${config.siteName}的账号邮箱刚从 ${oldEmail} 换成了 ${newEmail}。\n\n` +
        `如果这不是你本人的操作，请在 ${EMAIL_REVERT_DAYS} 天内打开下面的链接并确认：邮箱会改回 ${oldEmail}，所有设备上的登录都会退出。之后请用「忘记密码」重设密码。\n${link}`,
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

  return { mailEmailChanged, sendMailToken, consumeMailToken };
}
