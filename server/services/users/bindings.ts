/**
 * Ways into an account (spec §7 user storage): binding or changing the e-mail and phone, undoing an
 * e-mail change from the old address, removing a binding. Each change needs the owner's proof
 * (owner-proof.ts: the current password, or an SMS code to the bound phone), tells the account's
 * address and ends the other sessions; an account with nothing to prove itself with
 * may only add a phone or an e-mail, marked fresh. An account always keeps a way back in.
 */
import type { Tx } from "../../../db/client.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { checkEmail, checkPhone } from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import { presentSelf } from "./present.ts";
import {
  deleteBinding,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  listBindings,
  lockUser,
  updateUser,
  type UserRow,
} from "./queries.ts";
import { REGISTER_MESSAGES, THIRD_PARTY_CHANNELS, check, conflictError } from "./rules.ts";
import type { createCodes } from "./codes.ts";
import type { createMailTokens } from "./mail-tokens.ts";
import type { OwnerProof, OwnerProofService } from "./owner-proof.ts";

/** What the bindings need of the rest of the user service. */
interface BindingParts {
  requireUser(caller: Caller): Promise<UserRow>;
  codes: Pick<ReturnType<typeof createCodes>, "consumeSmsCode">;
  mail: ReturnType<typeof createMailTokens>;
  proof: OwnerProofService;
  /** The session half of users.ts AccountHooks: a change ends the other sessions, an undo all of them. */
  auth: { endSessions(tx: Tx, userId: string, exceptSessionId?: string | null): Promise<void> };
}

/** 13812345678 → 138****5678, as a notice names a phone. */
export const maskPhone = (phone: string) =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

const CHANNEL_TITLES: Record<string, string> = { weibo: "微博", wechat: "微信", github: "GitHub" };

/**
 * Whether the account would keep a way back in without `gone`, one its owner can recover with: an
 * e-mail or phone (signing in with the password, or resetting it there) or a third-party binding.
 */
function keepsWayIn(user: UserRow, channels: string[], gone: "email" | "phone" | { channel: string }) {
  const email = gone !== "email" && !!user.email;
  const phone = gone !== "phone" && !!user.mobilePhoneNumber;
  const others = channels.filter((c) => typeof gone !== "object" || c !== gone.channel);
  return email || phone || others.length > 0;
}

/** The binding half of the user service. */
export function createBindings(deps: Deps, parts: BindingParts) {
  const { db } = deps;
  const { requireUser, auth, proof } = parts;
  const { consumeSmsCode } = parts.codes;
  const { sendMailToken, consumeMailToken, mailEmailChanged, mailAccountChanged } = parts.mail;

  /**
   * Adding or replacing a way in: the owner's proof, or — for an account with nothing to prove
   * itself with (a third-party login's, no password, no phone) — nothing, and the new way is marked
   * fresh instead. Answers whether it was proven.
   */
  async function proveOrMarkFresh(user: UserRow, input: OwnerProof, caller: Caller, smsField?: string) {
    if (!proof.canProve(user)) return false;
    await proof.proveOwner(user, input, caller, { smsField });
    return true;
  }

  /** Mails the account's address (if any) that `what` happened; a mail server that is down loses it. */
  async function tellAccount(user: UserRow, what: string) {
    if (user.email) await mailAccountChanged(user, user.email, what).catch(() => undefined);
  }

  return {
    tellAccount,
    /**
     * Binds or changes the e-mail: the owner's proof (or a fresh mark), the other sessions end, the
     * old address is told with an undo link, the new one gets its verification mail.
     */
    async updateUserEmail(input: { email: string } & OwnerProof, caller: Caller) {
      const user = await requireUser(caller);
      const email = input.email.trim();
      check(checkEmail(email), "email");
      const other = await findUserByEmail(db, email);
      if (other && other.id !== user.id) throw new AppError(10019, REGISTER_MESSAGES.emailTaken, "email");
      if (other?.id === user.id && user.emailVerified) return presentSelf(user);
      const proven = await proveOrMarkFresh(user, input, caller);
      const updated = await db.transaction(async (tx) => {
        let row: UserRow;
        try {
          row = (await updateUser(tx, user.id, { email, emailVerified: false }))!;
        } catch (err) {
          throw conflictError(err) ?? err;
        }
        await auth.endSessions(tx, user.id, caller.sessionId);
        return row;
      });
      if (!proven) await proof.markFreshBinding(user, "email-bound", email);
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

    /**
     * Binds or changes the phone number after an SMS code to it (useType bind): the owner's proof
     * first — for an account without a password, the code (useType confirm) sent to the phone it
     * has now, in `currentSmsCode` — or a fresh mark; the other sessions end, the address is told.
     */
    async bindUserMobile(
      input: { phone: string; smsCode: string; password?: string; currentSmsCode?: string },
      caller: Caller,
    ) {
      const user = await requireUser(caller);
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      const other = await findUserByPhone(db, phone);
      if (other && other.id !== user.id) throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      const proven = await proveOrMarkFresh(
        user,
        { password: input.password, smsCode: input.currentSmsCode },
        caller,
        "currentSmsCode",
      );
      await consumeSmsCode("bind", phone, input.smsCode);
      const updated = await db.transaction(async (tx) => {
        try {
          const row = await updateUser(tx, user.id, { mobilePhoneNumber: phone, mobilePhoneVerified: true });
          await auth.endSessions(tx, user.id, caller.sessionId);
          return row!;
        } catch (err) {
          throw conflictError(err) ?? err;
        }
      });
      if (!proven) await proof.markFreshBinding(user, "phone-bound", phone);
      if (user.mobilePhoneNumber !== phone) {
        const was = user.mobilePhoneNumber;
        await tellAccount(
          user,
          was
            ? `把手机号从 ${maskPhone(was)} 换成了 ${maskPhone(phone)}`
            : `绑定了手机号 ${maskPhone(phone)}`,
        );
      }
      return presentSelf(updated);
    },

    /**
     * Removes a third-party binding, the e-mail or the phone, after the owner's proof — never the
     * last way back in (keepsWayIn). The user row is locked, so two removals at once cannot both
     * pass the check. The other sessions end; a removed address gets an undo link, otherwise the
     * account's address is told.
     */
    async unbind(
      input: { channel?: string; isThird?: boolean; email?: boolean; phone?: boolean } & OwnerProof,
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
      const gone = third ? { channel } : (field as "email" | "phone");
      /** Refuses what is not bound, or would leave no way back in. */
      const refuseUnless = (user: UserRow, channels: string[]) => {
        if (third && !channels.includes(channel)) throw notFound("没有绑定该账号");
        if (field === "email" && !user.email) throw notFound("没有绑定邮箱");
        if (field === "phone" && !user.mobilePhoneNumber) throw notFound("没有绑定手机号");
        if (!keepsWayIn(user, channels, gone)) {
          const hint =
            field === "email"
              ? "请先绑定手机号"
              : field === "phone"
                ? "请先绑定邮箱"
                : "请先绑定手机号或邮箱";
          throw badRequest(`至少保留一种登录方式：${hint}`, field);
        }
      };
      // Checked before the proof (a refusal needs no password typed), and again under the lock.
      refuseUnless(
        me,
        (await listBindings(db, me.id)).map((b) => b.channel),
      );
      await proof.proveOwner(me, input, caller);
      const updated = await db.transaction(async (tx) => {
        const user = (await lockUser(tx, me.id))!;
        refuseUnless(
          user,
          (await listBindings(tx, user.id)).map((b) => b.channel),
        );
        let row = user;
        if (third) await deleteBinding(tx, user.id, channel);
        else {
          const change =
            field === "email"
              ? { email: null, emailVerified: false }
              : { mobilePhoneNumber: null, mobilePhoneVerified: false };
          row = (await updateUser(tx, user.id, change))!;
        }
        await auth.endSessions(tx, user.id, caller.sessionId);
        return row;
      });
      if (field === "email") await mailEmailChanged(me, me.email!, null).catch(() => undefined);
      else if (field === "phone") await tellAccount(me, `解绑了手机号 ${maskPhone(me.mobilePhoneNumber!)}`);
      else await tellAccount(me, `解绑了${CHANNEL_TITLES[channel]}账号`);
      return presentSelf(updated);
    },
  };
}
