/**
 * Proving the account's owner before a change to its ways in: a stolen session alone
 * must not add a way in, take one away or close the account. The proof is the current password; an
 * account without one (made by a third-party login) proves itself by an SMS code sent to its bound
 * phone — unless that phone was itself bound without a proof in the last FRESH_BINDING_HOURS, or
 * there is no phone: such an account can only add a phone or an e-mail (marked fresh, see below)
 * until it has something to prove itself with.
 */
import { AppError, badRequest } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256, verifyPassword } from "../../lib/crypto.ts";
import type { OperationLimiter } from "../../lib/operation-limits.ts";
import { MESSAGES } from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import type { createCodes } from "./codes.ts";
import { insertCode, latestLiveCode, type UserRow } from "./queries.ts";

/** No password reset to (nor proof by) an address or phone bound without a proof, for this long. */
export const FRESH_BINDING_HOURS = 24;

/** What an owner may present: the current password, or the SMS code (useType confirm/close). */
export interface OwnerProof {
  password?: string;
  smsCode?: string;
}

type FreshMark = "email-bound" | "phone-bound";

/** Told to an account that has neither a password nor a phone to prove itself with. */
const NO_PROOF = "没有密码的账号需要先绑定手机号（满 24 小时后），用短信验证码确认身份";

/** The owner-proof half of the user service, shared by bindings, account deletion and OAuth binding. */
export function createOwnerProof(
  deps: Deps,
  parts: {
    limits: OperationLimiter;
    consumeSmsCode: ReturnType<typeof createCodes>["consumeSmsCode"];
  },
) {
  const { db } = deps;
  const { limits, consumeSmsCode } = parts;

  /** Marks a way in bound without a proof: no password reset there, nor proof by it, for a day. */
  async function markFreshBinding(user: UserRow, purpose: FreshMark, target: string) {
    await insertCode(db, {
      id: newId(),
      purpose,
      target: target.toLowerCase(),
      userId: user.id,
      codeHash: sha256(randomToken()),
      expiresAt: new Date(Date.now() + FRESH_BINDING_HOURS * 3_600_000),
    });
  }

  /** Refuses (403, naming `field`) an address or phone bound without a proof in the last 24 h. */
  async function refuseFreshBinding(user: UserRow, purpose: FreshMark, target: string, field?: string) {
    const mark = await latestLiveCode(db, purpose, target.toLowerCase());
    if (mark?.userId === user.id) {
      const what = purpose === "email-bound" ? "该邮箱" : "该手机号";
      throw new AppError(
        403,
        `${what}在 ${FRESH_BINDING_HOURS} 小时内刚绑定，暂不能用于${field ? "确认身份" : "找回密码"}`,
        field,
      );
    }
  }

  return {
    markFreshBinding,
    refuseFreshBinding,

    /** Whether the account has anything to prove itself with (a password or a bound phone). */
    canProve(user: UserRow): boolean {
      return !!user.passwordHash || !!user.mobilePhoneNumber;
    },

    /**
     * Checks the proof: the password (400 naming `password` when missing or wrong; guesses count
     * against the account's `password` allowance), else the SMS code of `purpose` sent to the bound
     * phone (400 naming `smsField` when missing, 10017 when wrong, 403 for a phone bound without a
     * proof in the last 24 h), else 400: nothing to prove with.
     */
    async proveOwner(
      user: UserRow,
      input: OwnerProof,
      caller: Caller,
      {
        purpose = "confirm",
        smsField = "smsCode",
      }: { purpose?: "confirm" | "close"; smsField?: string } = {},
    ) {
      if (user.passwordHash) {
        await limits.hit("password", caller);
        if (!input.password) throw badRequest(MESSAGES.currentPasswordEmpty, "password");
        if (!(await verifyPassword(user.passwordHash, input.password))) {
          throw badRequest("当前密码不正确", "password");
        }
        return;
      }
      const phone = user.mobilePhoneNumber;
      if (!phone) throw badRequest(NO_PROOF, smsField);
      if (!input.smsCode?.trim()) throw badRequest(MESSAGES.smsCodeEmpty, smsField);
      await refuseFreshBinding(user, "phone-bound", phone, smsField);
      await consumeSmsCode(purpose, phone, input.smsCode, smsField);
    },
  };
}

export type OwnerProofService = ReturnType<typeof createOwnerProof>;
