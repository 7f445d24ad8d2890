import type { Tx } from "../../../db/client.ts";
import { operationLimiter } from "../../lib/operation-limits.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { hashPassword, verifyPassword } from "../../lib/crypto.ts";
import {
  MESSAGES,
  checkEmail,
  checkPassword,
  checkPhone,
  checkUsername,
  normalizeBlogAddress,
} from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UploadService } from "../uploads/index.ts";
import { createBindings } from "./bindings.ts";
import { createCodes, takeCaptcha, wrongCaptcha } from "./codes.ts";
import { createMailTokens } from "./mail-tokens.ts";
import { createOwnerProof, type OwnerProof } from "./owner-proof.ts";
import { presentPublicUser, presentSelf } from "./present.ts";
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hottestUsers,
  insertUser,
  listBindings,
  updateUser,
  usernameTaken,
  usersByIds,
  type UserRow,
} from "./queries.ts";
import {
  EDITOR_APPLICATION_DEPRECATED,
  PROFILE_FIELDS,
  REGISTER_MESSAGES,
  check,
  conflictError,
} from "./rules.ts";

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
  const { db } = deps;
  const limits = operationLimiter(deps.kv);

  async function requireUser(caller: Caller): Promise<UserRow> {
    if (!caller.userId) throw unauthorized();
    const user = await findUserById(db, caller.userId);
    if (!user) throw unauthorized();
    return user;
  }

  // The service's other jobs, each in its own file: captcha and SMS codes, mailed links, bindings.
  const codes = createCodes(deps, limits, requireUser);
  const mail = createMailTokens(deps);
  const proof = createOwnerProof(deps, { limits, consumeSmsCode: codes.consumeSmsCode });
  const bindings = createBindings(deps, { requireUser, codes, mail, proof, auth });
  const { consumeSmsCode, refuseSpentResets, missedReset } = codes;
  const { sendMailToken, consumeMailToken } = mail;
  const { refuseFreshBinding } = proof;

  return {
    requireUser,

    /**
     * Proves the account's owner for an irreversible step (closing the account): the current
     * password, or for an account without one the SMS code (useType close) sent to its phone.
     */
    async confirmOwner(user: UserRow, input: OwnerProof, caller: Caller) {
      await proof.proveOwner(user, input, caller, { purpose: "close" });
    },

    /** The owner's proof before a change to the account's ways in (OAuth binding: owner-proof.ts). */
    proveOwner: (user: UserRow, input: OwnerProof, caller: Caller) => proof.proveOwner(user, input, caller),

    /** For other services' admin-only calls: 401 when signed out, 403 (with `message`) for non-admins. */
    async requireAdmin(caller: Caller, message: string): Promise<UserRow> {
      const user = await requireUser(caller);
      if (user.role !== "admin") throw forbidden(message);
      return user;
    },

    /** For moderation: 401 when signed out, 403 (with `message`) for anyone but editors and admins. */
    async requireStaff(caller: Caller, message: string): Promise<UserRow> {
      const user = await requireUser(caller);
      if (user.role !== "admin" && user.role !== "editor") throw forbidden(message);
      return user;
    },

    /**
     * Applying as editor (spec §5, §8): deprecated, it always refuses — 410 Gone, for anyone, logged
     * in or not, whatever the form says: there is nothing left to apply for.
     */
    applyEditor(): never {
      throw new AppError(410, EDITOR_APPLICATION_DEPRECATED);
    },

    async getUserInfo(caller: Caller) {
      const user = await requireUser(caller);
      return presentSelf(user, await listBindings(db, user.id));
    },

    /**
     * Recommended authors (welcome sidebar, spec §9: 5 shown from 10 fixed ids): a fresh pick from
     * WELCOME_AUTHOR_IDS when the operator set them, topped up with the hottest authors if some of
     * those accounts are gone; otherwise the most total heat.
     */
    async recommendedAuthors(limit = 5) {
      const fixed = deps.config.welcomeAuthorIds;
      const picked = fixed.length ? sample(await usersByIds(db, fixed), limit) : [];
      if (picked.length < limit) {
        const hottest = await hottestUsers(db, limit + picked.length);
        const taken = new Set(picked.map((u) => u.id));
        picked.push(...hottest.filter((u) => !taken.has(u.id)).slice(0, limit - picked.length));
      }
      return picked.map(presentPublicUser);
    },

    getRandCode: codes.getRandCode,
    sendSmsCode: codes.sendSmsCode,

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

    /**
     * Reset by phone code (useType restpwd); ends every session and clears the 410 flag. The code is
     * checked before the account is looked up: the code went out only behind the captcha, to a phone
     * with an account, so this call tells nobody which numbers have one. Misses count
     * against the address (RESET_MISSES).
     */
    async restPassword(input: { phone: string; smsCode: string; new_password: string }, caller: Caller) {
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      check(checkPassword(input.new_password), "new_password");
      await refuseSpentResets(caller);
      await consumeSmsCode("restpwd", phone, input.smsCode).catch((err) => missedReset(caller, err));
      const user = await findUserByPhone(db, phone);
      // The phone left its account after the code went out.
      if (!user) return missedReset(caller, notFound("手机号不存在"));
      await refuseFreshBinding(user, "phone-bound", phone);
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(input.new_password),
        passwordResetRequired: false,
      });
      await auth.endSessions(db, user.id);
      await auth.forgetFailures(user.id);
      return {};
    },

    /**
     * Sends a reset link to the account's e-mail address, behind the image captcha; an unknown
     * address answers 404 (the legitimate client's §8 answer) and counts against the address.
     */
    async restPwdByEmail(input: { email: string; imageToken?: string; imageCode?: string }, caller: Caller) {
      const email = input.email.trim();
      check(checkEmail(email), "email");
      await refuseSpentResets(caller);
      if (!(await takeCaptcha(deps.kv, input.imageToken, input.imageCode))) throw wrongCaptcha();
      const user = await findUserByEmail(db, email);
      if (!user) return missedReset(caller, notFound("邮箱不存在"));
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

    updateUserEmail: bindings.updateUserEmail,
    revertEmailChange: bindings.revertEmailChange,
    bindUserMobile: bindings.bindUserMobile,
    unbind: bindings.unbind,
    /** Mails the account's address (if any) that `what` happened to its ways in. */
    tellAccount: bindings.tellAccount,
  };
}

export type UserService = ReturnType<typeof createUserService>;

/** `n` of `rows` in random order (Fisher–Yates over a copy): every fixed author gets their turn. */
function sample<T>(rows: T[], n: number): T[] {
  const copy = [...rows];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
