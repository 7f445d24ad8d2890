/**
 * Ways into an account (spec §7 user storage): binding or changing the e-mail and phone, undoing an
 * e-mail change from the old address, removing a binding. A new way in asks for the password, or
 * is marked fresh when the account has none (issue 10).
 */
import type { Tx } from "../../../db/client.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256, verifyPassword } from "../../lib/crypto.ts";
import { MESSAGES, checkEmail, checkPhone } from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import { presentSelf } from "./present.ts";
import {
  deleteBinding,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertCode,
  latestLiveCode,
  listBindings,
  lockUser,
  updateUser,
  type UserRow,
} from "./queries.ts";
import { REGISTER_MESSAGES, THIRD_PARTY_CHANNELS, check, conflictError } from "./rules.ts";
import type { createCodes } from "./codes.ts";
import type { createMailTokens } from "./mail-tokens.ts";

/** No password reset to an address or phone bound without the password, for this long. */
const FRESH_BINDING_HOURS = 24;

/** What the bindings need of the rest of the user service. */
interface BindingParts {
  requireUser(caller: Caller): Promise<UserRow>;
  codes: Pick<ReturnType<typeof createCodes>, "consumeSmsCode">;
  mail: ReturnType<typeof createMailTokens>;
  /** The session half of users.ts AccountHooks: a restored address ends every session. */
  auth: { endSessions(tx: Tx, userId: string, exceptSessionId?: string | null): Promise<void> };
}

/** The binding half of the user service; `refuseFreshBinding` guards its password resets. */
export function createBindings(deps: Deps, parts: BindingParts) {
  const { db } = deps;
  const { requireUser, auth } = parts;
  const { consumeSmsCode } = parts.codes;
  const { sendMailToken, consumeMailToken, mailEmailChanged } = parts.mail;

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

  return {
    refuseFreshBinding,

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
