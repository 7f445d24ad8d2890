import type { Tx } from "../../../db/client.ts";
import { operationLimiter } from "../../lib/operation-limits.ts";
import svgCaptcha from "svg-captcha";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { hashPassword, randomToken, sha256, smsCode, verifyPassword } from "../../lib/crypto.ts";
import { uniqueViolation } from "../../lib/pg-errors.ts";
import {
  LIMITS,
  MESSAGES,
  checkBlogAddress,
  checkEmail,
  checkPassword,
  checkPhone,
  checkUsername,
  isImageAddress,
  normalizeBlogAddress,
  type Check,
} from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { presentPublicUser, presentSelf } from "./present.ts";
import {
  claimCodeAttempt,
  deleteBinding,
  findLiveCodeByHash,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hottestUsers,
  insertCode,
  insertUser,
  latestLiveCode,
  listBindings,
  lockUser,
  updateUser,
  spendCode,
  usernameTaken,
  type CodePurpose,
  type UserRow,
} from "./queries.ts";

export const REGISTER_MESSAGES = {
  usernameTaken: MESSAGES.usernameTaken,
  phoneTaken: "该手机号已注册",
  emailTaken: "该邮箱已注册",
  wrongCode: "验证码错误或已过期",
};
export const SMS = { cooldownSeconds: 60, perDay: 10, ttlMinutes: 10, maxAttempts: 5 };
export const CAPTCHA_TTL_SECONDS = 300;
const MAIL_TOKEN_HOURS = { reset: 1, verify: 24 };
/** How long the old address may undo an e-mail change (the 不是我本人操作 link). */
const EMAIL_REVERT_DAYS = 7;
/** No password reset to an address or phone bound without the password, for this long. */
const FRESH_BINDING_HOURS = 24;
export const THIRD_PARTY_CHANNELS = ["weibo", "wechat", "github"] as const;

/** Fields updateUserInfo may change, each with its own §5 check. */
const PROFILE_FIELDS: Record<string, { column: keyof UserRow; check: (v: string) => Check; max: number }> = {
  username: { column: "username", check: checkUsername, max: LIMITS.usernameMax },
  selfDescription: { column: "selfDescription", check: () => null, max: LIMITS.selfDescriptionMax },
  jobTitle: { column: "jobTitle", check: () => null, max: LIMITS.jobTitleMax },
  company: { column: "company", check: () => null, max: LIMITS.companyMax },
  blogAddress: { column: "blogAddress", check: checkBlogAddress, max: LIMITS.blogAddressMax },
  avatarLarge: {
    column: "avatarLarge",
    // The one image-address rule (shared/validation.ts): `//host/x.png` was accepted here (issue 10).
    check: (v) => (isImageAddress(v) ? null : "头像地址格式不正确"),
    max: 500,
  },
};
// The spec's snake_case spelling of the same field.
PROFILE_FIELDS.self_description = PROFILE_FIELDS.selfDescription;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS);

function check(result: Check, field: string) {
  if (result) throw badRequest(result, field);
}

/** The §8 register code for a unique index a concurrent insert hit. */
function conflictError(err: unknown): AppError | null {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  if (constraint.includes("username"))
    return new AppError(10013, REGISTER_MESSAGES.usernameTaken, "username");
  if (constraint.includes("mobile")) return new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phoneNumber");
  if (constraint.includes("email")) return new AppError(10019, REGISTER_MESSAGES.emailTaken, "email");
  return null;
}

/**
 * What accounts need of sessions and invitations. Users sit at the bottom of the services (auth and
 * invites read them), so createServices hands these in instead of users importing those services.
 */
export interface AccountHooks<Session> {
  /** Signs the new account in (the auth service's startSession). */
  startSession(user: UserRow, caller: Caller, clientId?: string): Promise<Session>;
  /** Ends the user's sessions, all or all but one (a password changed or reset), in `tx` when given. */
  endSessions(tx: Tx, userId: string, exceptSessionId?: string | null): Promise<void>;
  /** Clears the failed-login count (a password reset). */
  forgetFailures(userId: string): Promise<void>;
  /** Spends an invitation code for the new account, in its transaction (the invites service's). */
  acceptInvitation(tx: Tx, code: string, userId: string): Promise<unknown>;
}

/** User storage (spec §7): accounts, profile, passwords, phone and e-mail bindings. */
export function createUserService<Session>(
  deps: Deps,
  auth: AccountHooks<Session>,
  uploads: Pick<UploadService, "setUses">,
) {
  const { db, kv, config } = deps;
  const limits = operationLimiter(deps.kv);

  async function requireUser(caller: Caller): Promise<UserRow> {
    if (!caller.userId) throw unauthorized();
    const user = await findUserById(db, caller.userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** Checks an SMS code and uses it up; wrong or expired answers 10017 (spec §8). */
  async function consumeSmsCode(purpose: CodePurpose, phone: string, code: string) {
    check(code.trim() ? null : MESSAGES.smsCodeEmpty, "smsCode");
    const row = await latestLiveCode(db, purpose, phone);
    // Every comparison, right or wrong, spends one of the code's attempts first (atomically).
    if (!row || !(await claimCodeAttempt(db, row.id, SMS.maxAttempts))) {
      throw new AppError(10017, REGISTER_MESSAGES.wrongCode, "smsCode");
    }
    if (row.codeHash !== sha256(`${purpose}:${phone}:${code.trim()}`)) {
      throw new AppError(10017, REGISTER_MESSAGES.wrongCode, "smsCode");
    }
    if (!(await spendCode(db, row.id))) throw new AppError(10017, REGISTER_MESSAGES.wrongCode, "smsCode");
  }

  /**
   * Adding a way into the account (a new e-mail or phone) asks for the current password, so a
   * stolen session alone cannot take the account over (issue 10). An account made by a third-party
   * login has no password: its new binding is marked instead, and no password reset goes there for
   * FRESH_BINDING_HOURS. Answers whether the password confirmed it.
   */
  async function confirmIdentity(user: UserRow, password: string | undefined): Promise<boolean> {
    if (!user.passwordHash) return false;
    if (!password) throw badRequest(MESSAGES.currentPasswordEmpty, "password");
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest("当前密码不正确", "password");
    return true;
  }

  async function markFreshBinding(user: UserRow, purpose: "email-bound" | "phone-bound", target: string) {
    await insertCode(db, {
      id: newId(),
      purpose,
      target: target.toLowerCase(),
      userId: user.id,
      codeHash: sha256(randomToken()),
      expiresAt: new Date(Date.now() + FRESH_BINDING_HOURS * 3_600_000),
    });
  }

  /** Refuses a password reset to an address or phone bound without the password in the last 24 h. */
  async function refuseFreshBinding(user: UserRow, purpose: "email-bound" | "phone-bound", target: string) {
    const mark = await latestLiveCode(db, purpose, target.toLowerCase());
    if (mark?.userId === user.id) {
      throw forbidden(
        `${purpose === "email-bound" ? "该邮箱" : "该手机号"}在 ${FRESH_BINDING_HOURS} 小时内刚绑定，暂不能用于找回密码`,
      );
    }
  }

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

  return {
    requireUser,

    /** For other services' admin-only calls: 401 when signed out, 403 (with `message`) for non-admins. */
    async requireAdmin(caller: Caller, message: string): Promise<UserRow> {
      const user = await requireUser(caller);
      if (user.role !== "admin") throw forbidden(message);
      return user;
    },

    async getUserInfo(caller: Caller) {
      const user = await requireUser(caller);
      return presentSelf(user, await listBindings(db, user.id));
    },

    /** Recommended authors (welcome sidebar, spec §9: 5 shown): the most total heat. */
    async recommendedAuthors(limit = 5) {
      return (await hottestUsers(db, limit)).map(presentPublicUser);
    },

    /** The 4-character image captcha; the answer is kept for 5 minutes and can be tried once. */
    async getRandCode(caller: Caller) {
      await limits.hit("captcha", caller);
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: "0oO1iIlL", color: true });
      const imageToken = randomToken(16);
      await kv.set(`captcha:${imageToken}`, captcha.text.toLowerCase(), CAPTCHA_TTL_SECONDS);
      return {
        imageStr: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString("base64")}`,
        imageToken,
      };
    },

    /** Sends an SMS code after the image captcha is answered (spec §5), at most once a minute a phone. */
    async sendSmsCode(
      input: { phone: string; imageToken: string; imageCode: string; useType: "signup" | "restpwd" | "bind" },
      caller: Caller,
    ) {
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      // The captcha is single-use whatever the outcome, so a wrong guess needs a new image.
      const answer = input.imageToken ? await kv.take(`captcha:${input.imageToken}`) : null;
      if (!answer || answer !== input.imageCode.trim().toLowerCase()) {
        throw badRequest("图片验证码错误，请重新输入", "imageCode");
      }
      const existing = await findUserByPhone(db, phone);
      if (input.useType === "signup" && existing) {
        throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      }
      if (input.useType === "restpwd" && !existing) throw notFound("手机号不存在");
      if (input.useType === "bind") {
        const user = await requireUser(caller);
        if (existing && existing.id !== user.id)
          throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      }
      if (await kv.get(`sms:cooldown:${phone}`)) throw new AppError(429, "发送太频繁，请 60 秒后再试");
      if ((await kv.incr(`sms:day:${phone}`, 86_400)) > SMS.perDay) {
        throw new AppError(429, "今天的验证码发送次数已用完，请明天再试");
      }
      await kv.set(`sms:cooldown:${phone}`, "1", SMS.cooldownSeconds);
      const code = smsCode();
      await insertCode(db, {
        id: newId(),
        purpose: input.useType,
        target: phone,
        userId: existing?.id ?? null,
        codeHash: sha256(`${input.useType}:${phone}:${code}`),
        expiresAt: new Date(Date.now() + SMS.ttlMinutes * 60_000),
      });
      await deps.sms.sendCode(phone, code, input.useType);
      return { cooldown: SMS.cooldownSeconds };
    },

    /** Registration by e-mail or by phone (spec §5), then login. Codes 10013/10014/10019/10017. */
    async createUser(
      input: {
        username: string;
        password: string;
        email?: string;
        phoneNumber?: string;
        smsCode?: string;
        invite?: string;
      },
      caller: Caller,
      clientId?: string,
    ) {
      const username = input.username.trim();
      const email = input.email?.trim() || undefined;
      const phone = input.phoneNumber?.trim() || undefined;
      check(checkUsername(username), "username");
      check(checkPassword(input.password), "password");
      if (!email && !phone) throw badRequest(MESSAGES.accountEmpty, "email");
      if (email && phone) throw badRequest("邮箱和手机号只能选择一个", "email");
      if (email) check(checkEmail(email), "email");
      if (phone) check(checkPhone(phone), "phoneNumber");
      await limits.check("register", caller);

      if (await usernameTaken(db, username)) {
        throw new AppError(10013, REGISTER_MESSAGES.usernameTaken, "username");
      }
      if (phone && (await findUserByPhone(db, phone))) {
        throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phoneNumber");
      }
      if (email && (await findUserByEmail(db, email))) {
        throw new AppError(10019, REGISTER_MESSAGES.emailTaken, "email");
      }
      if (phone) await consumeSmsCode("signup", phone, input.smsCode ?? "");

      const passwordHash = await hashPassword(input.password);
      // Codes are upper case (invites.ts); a code typed by hand may not be.
      const invite = input.invite?.trim().toUpperCase();
      let user: UserRow;
      try {
        // The account and the spent invitation land together: an invitation counts as accepted
        // only when the account exists. An unknown or used code never blocks registering.
        user = await db.transaction(async (tx) => {
          const row = await insertUser(tx, {
            id: newId(),
            username,
            email: email ?? null,
            mobilePhoneNumber: phone ?? null,
            mobilePhoneVerified: !!phone,
            passwordHash,
          });
          if (invite) await auth.acceptInvitation(tx, invite, row.id);
          return row;
        });
      } catch (err) {
        throw conflictError(err) ?? err;
      }
      await limits.count("register", caller);
      if (email) {
        // Registration succeeds even when the mail server is down; the user can resend later.
        await sendMailToken(user, "verify", email).catch(() => undefined);
      }
      return auth.startSession(user, caller, clientId);
    },

    async updateUserInfo(input: { field: string; value: string }, caller: Caller) {
      const user = await requireUser(caller);
      const spec = PROFILE_FIELDS[input.field];
      if (!spec) throw badRequest(`不支持修改的字段：${input.field}`, "field");
      let value = input.value.trim();
      if ([...value].length > spec.max) throw badRequest(`内容不能超过 ${spec.max} 个字符`, "value");
      check(spec.check(value), "value");
      if (spec.column === "blogAddress") value = normalizeBlogAddress(value);
      if (spec.column === "username" && (await usernameTaken(db, value, user.id))) {
        throw new AppError(10013, REGISTER_MESSAGES.usernameTaken, "value");
      }
      try {
        const updated = await db.transaction(async (tx) => {
          const row = await updateUser(tx, user.id, { [spec.column]: value });
          // An uploaded avatar is in use while the profile names it (ADR 007).
          if (spec.column === "avatarLarge")
            await uploads.setUses(tx, { type: "avatar", id: user.id }, [value], user.id);
          return row;
        });
        return presentSelf(updated!);
      } catch (err) {
        throw conflictError(err) ?? err;
      }
    },

    /** Changes the password; every other session of the user ends. */
    async changePassword(input: { old_password: string; new_password: string }, caller: Caller) {
      const user = await requireUser(caller);
      if (!input.old_password) throw badRequest(MESSAGES.currentPasswordEmpty, "old_password");
      await limits.hit("password", caller);
      check(checkPassword(input.new_password), "new_password");
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        throw badRequest("当前密码不正确", "old_password");
      }
      await updateUser(db, user.id, { passwordHash: await hashPassword(input.new_password) });
      await auth.endSessions(db, user.id, caller.sessionId);
      return {};
    },

    /** Reset by phone code (useType restpwd); ends every session and clears the 410 flag. */
    async restPassword(input: { phone: string; smsCode: string; new_password: string }) {
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      check(checkPassword(input.new_password), "new_password");
      const user = await findUserByPhone(db, phone);
      if (!user) throw notFound("手机号不存在");
      await refuseFreshBinding(user, "phone-bound", phone);
      await consumeSmsCode("restpwd", phone, input.smsCode);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(input.new_password),
        passwordResetRequired: false,
      });
      await auth.endSessions(db, user.id);
      await auth.forgetFailures(user.id);
      return {};
    },

    /** Sends a reset link to the account's e-mail address. */
    async restPwdByEmail(input: { email: string }) {
      const email = input.email.trim();
      check(checkEmail(email), "email");
      const user = await findUserByEmail(db, email);
      if (!user) throw notFound("邮箱不存在");
      await refuseFreshBinding(user, "email-bound", user.email!);
      await sendMailToken(user, "reset", user.email!);
      return {};
    },

    async changePasswordByEmailToken(input: { mail_token: string; new_password: string }) {
      check(checkPassword(input.new_password), "new_password");
      const row = await consumeMailToken("reset", input.mail_token, "mail_token");
      // A link mailed to an address the account has since left (an undone change) resets nothing.
      const owner = await findUserById(db, row.userId!);
      if (owner?.email?.toLowerCase() !== row.target) {
        throw badRequest("链接无效或已过期，请重新获取", "mail_token");
      }
      await updateUser(db, row.userId!, {
        passwordHash: await hashPassword(input.new_password),
        passwordResetRequired: false,
      });
      await auth.endSessions(db, row.userId!);
      await auth.forgetFailures(row.userId!);
      return {};
    },

    async sendEmailToUser(input: { sendType: string; email?: string }, caller: Caller) {
      const user = await requireUser(caller);
      if (input.sendType !== "verify") throw badRequest("sendType 只能是 verify", "sendType");
      if (!user.email) throw badRequest("请先绑定邮箱", "email");
      if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest("邮箱与账号绑定的邮箱不一致", "email");
      }
      if (user.emailVerified) throw badRequest("邮箱已验证", "email");
      await sendMailToken(user, "verify", user.email);
      return {};
    },

    async verifyUserEmail(input: { token: string }) {
      const row = await consumeMailToken("verify", input.token, "token");
      const user = await findUserById(db, row.userId!);
      // A token for an address the user has since replaced verifies nothing.
      if (!user || user.email?.toLowerCase() !== row.target)
        throw badRequest("链接无效或已过期，请重新获取", "token");
      return presentSelf((await updateUser(db, user.id, { emailVerified: true }))!);
    },

    async updateUserEmail(input: { email: string; password?: string }, caller: Caller) {
      const user = await requireUser(caller);
      const email = input.email.trim();
      check(checkEmail(email), "email");
      const other = await findUserByEmail(db, email);
      if (other && other.id !== user.id) throw new AppError(10019, REGISTER_MESSAGES.emailTaken, "email");
      if (other?.id === user.id && user.emailVerified) return presentSelf(user);
      const confirmed = await confirmIdentity(user, input.password);
      let updated: UserRow;
      try {
        updated = (await updateUser(db, user.id, { email, emailVerified: false }))!;
      } catch (err) {
        throw conflictError(err) ?? err;
      }
      if (!confirmed) await markFreshBinding(user, "email-bound", email);
      const oldEmail = user.email;
      if (oldEmail && oldEmail.toLowerCase() !== email.toLowerCase()) {
        await mailEmailChanged(user, oldEmail, email).catch(() => undefined);
      }
      await sendMailToken(updated, "verify", email).catch(() => undefined);
      return presentSelf(updated);
    },

    /**
     * The old address's undo link: the account gets that address back (verified: the link proves
     * it), every session ends, and the new address's reset and verify links stop working.
     */
    async revertEmailChange(input: { token: string }) {
      // One transaction: the link is spent only with the change it makes, and the address comes
      // back together with the end of every session.
      await db.transaction(async (tx) => {
        const row = await consumeMailToken("email-revert", input.token, "token", tx);
        const user = await findUserById(tx, row.userId!);
        if (!user) throw badRequest("链接无效或已过期，请重新获取", "token");
        const taken = await findUserByEmail(tx, row.target);
        if (taken && taken.id !== user.id) {
          throw new AppError(409, "原邮箱已被其他账号绑定，请联系客服", "token");
        }
        try {
          await updateUser(tx, user.id, { email: row.target, emailVerified: true });
        } catch (err) {
          throw conflictError(err) ?? err;
        }
        await auth.endSessions(tx, user.id);
      });
      return {};
    },

    /** Binds or changes the phone number after an SMS code (useType bind). */
    async bindUserMobile(input: { phone: string; smsCode: string; password?: string }, caller: Caller) {
      const user = await requireUser(caller);
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      const other = await findUserByPhone(db, phone);
      if (other && other.id !== user.id) throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      const confirmed = await confirmIdentity(user, input.password);
      await consumeSmsCode("bind", phone, input.smsCode);
      if (!confirmed) await markFreshBinding(user, "phone-bound", phone);
      try {
        const updated = await updateUser(db, user.id, {
          mobilePhoneNumber: phone,
          mobilePhoneVerified: true,
        });
        return presentSelf(updated!);
      } catch (err) {
        throw conflictError(err) ?? err;
      }
    },

    /** Unbinds e-mail, phone or a third-party channel; one way to log in always remains. */
    /**
     * Removes a third-party binding, the e-mail or the phone — never the last way to log in: a
     * password with an e-mail or phone, or another binding, must remain (an account made by
     * third-party login has no password). The user row is locked, so two removals at once cannot
     * both pass the check.
     */
    async unbind(
      input: { channel?: string; isThird?: boolean; email?: boolean; phone?: boolean },
      caller: Caller,
    ) {
      const me = await requireUser(caller);
      const third = !!(input.isThird || input.channel);
      const channel = input.channel ?? "";
      if (third && !(THIRD_PARTY_CHANNELS as readonly string[]).includes(channel)) {
        throw badRequest("channel 只能是 weibo、wechat 或 github", "channel");
      }
      if (!third && !input.email && !input.phone) {
        throw badRequest("请指定要解绑的 channel、email 或 phone", "channel");
      }
      const field = third ? "channel" : input.email ? "email" : "phone";
      return db.transaction(async (tx) => {
        const user = (await lockUser(tx, me.id))!;
        const bindings = (await listBindings(tx, user.id)).map((b) => b.channel);
        if (third && !bindings.includes(channel)) throw notFound("没有绑定该账号");
        if (field === "email" && !user.email) throw notFound("没有绑定邮箱");
        if (field === "phone" && !user.mobilePhoneNumber) throw notFound("没有绑定手机号");
        const email = field !== "email" && !!user.email;
        const phone = field !== "phone" && !!user.mobilePhoneNumber;
        const left =
          (user.passwordHash && (email || phone) ? 1 : 0) + bindings.filter((c) => c !== channel).length;
        if (left === 0) {
          const hint =
            field === "email"
              ? "请先绑定手机号"
              : field === "phone"
                ? "请先绑定邮箱"
                : "请先绑定手机号或邮箱并设置密码";
          throw badRequest(`至少保留一种登录方式：${hint}`, field);
        }
        if (third) {
          await deleteBinding(tx, user.id, channel);
          return presentSelf(user);
        }
        const change =
          field === "email"
            ? { email: null, emailVerified: false }
            : { mobilePhoneNumber: null, mobilePhoneVerified: false };
        return presentSelf((await updateUser(tx, user.id, change))!);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
