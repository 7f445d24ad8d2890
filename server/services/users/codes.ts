/**
 * The image captcha and SMS codes (spec §5): a code goes out only after the captcha is answered, at
 * most once a minute a phone; it is stored hashed, allows a few guesses and is spent once.
 */
import svgCaptcha from "svg-captcha";
import { AppError, RetryLaterError, badRequest, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256, smsCode } from "../../lib/crypto.ts";
import type { Kv } from "../../lib/kv.ts";
import { limitSetting } from "../../lib/limit-overrides.ts";
import type { OperationLimiter } from "../../lib/operation-limits.ts";
import { MESSAGES, checkPhone } from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import {
  claimCodeAttempt,
  findUserByPhone,
  insertCode,
  latestLiveCode,
  spendCode,
  type CodePurpose,
  type UserRow,
} from "./queries.ts";
import { REGISTER_MESSAGES, check } from "./rules.ts";

/** An SMS code: one a minute and 10 a day a phone, valid 10 minutes, 5 guesses. */
const SMS = { cooldownSeconds: 60, perDay: 10, ttlMinutes: 10, maxAttempts: 5 };
const CAPTCHA_TTL_SECONDS = 300;
/**
 * Password-reset answers that found nothing (no such phone or e-mail, a wrong or missing SMS code),
 * per address: past this, the address waits before asking again, so nobody learns
 * which numbers and addresses have accounts by asking for them in bulk. Only misses count: a
 * campus behind one address resets passwords freely.
 */
export const RESET_MISSES = limitSetting("reset-miss", { max: 10, windowSeconds: 15 * 60 });

/** Spends the image captcha `imageToken` (single use whatever the answer); true when `imageCode` matches. */
export async function takeCaptcha(kv: Kv, imageToken: string | undefined, imageCode: string | undefined) {
  const answer = imageToken ? await kv.take(`captcha:${imageToken}`) : null;
  return !!answer && answer === (imageCode ?? "").trim().toLowerCase();
}

/** The §5 answer to a wrong or missing image captcha, naming its field. */
export const wrongCaptcha = () => badRequest("图片验证码错误，请重新输入", "imageCode");

/** The captcha and SMS-code half of the user service; `consumeSmsCode` is for its own flows only. */
export function createCodes(
  deps: Deps,
  limits: OperationLimiter,
  requireUser: (caller: Caller) => Promise<UserRow>,
) {
  const { db, kv } = deps;

  /** Checks an SMS code and uses it up; wrong or expired answers 10017 (spec §8) naming `field`. */
  async function consumeSmsCode(purpose: CodePurpose, phone: string, code: string, field = "smsCode") {
    check(code.trim() ? null : MESSAGES.smsCodeEmpty, field);
    const row = await latestLiveCode(db, purpose, phone);
    // Every comparison, right or wrong, spends one of the code's attempts first (atomically).
    if (!row || !(await claimCodeAttempt(db, row.id, SMS.maxAttempts))) {
      throw new AppError(10017, REGISTER_MESSAGES.wrongCode, field);
    }
    if (row.codeHash !== sha256(`${purpose}:${phone}:${code.trim()}`)) {
      throw new AppError(10017, REGISTER_MESSAGES.wrongCode, field);
    }
    if (!(await spendCode(db, row.id))) throw new AppError(10017, REGISTER_MESSAGES.wrongCode, field);
  }

  const missKey = (caller: Caller) => `resetmiss:ip:${caller.ip}`;

  /** 429 once the caller's address has used up its reset misses (RESET_MISSES). */
  async function refuseSpentResets(caller: Caller) {
    if (Number(await kv.get(missKey(caller))) >= RESET_MISSES.max) {
      throw new RetryLaterError("找回密码失败次数过多，请稍后再试", RESET_MISSES.windowSeconds);
    }
  }

  /** Counts one reset answer that found nothing against the caller's address, then rethrows `err`. */
  async function missedReset(caller: Caller, err: unknown): Promise<never> {
    await kv.incr(missKey(caller), RESET_MISSES.windowSeconds);
    throw err;
  }

  return {
    consumeSmsCode,
    refuseSpentResets,
    missedReset,

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
      input: {
        phone: string;
        imageToken: string;
        imageCode: string;
        useType: "signup" | "restpwd" | "bind" | "close" | "confirm";
      },
      caller: Caller,
    ) {
      const phone = input.phone.trim();
      check(checkPhone(phone), "phone");
      if (input.useType === "restpwd") await refuseSpentResets(caller);
      // The captcha is single-use whatever the outcome, so a wrong guess needs a new image.
      if (!(await takeCaptcha(kv, input.imageToken, input.imageCode))) throw wrongCaptcha();
      const existing = await findUserByPhone(db, phone);
      if (input.useType === "signup" && existing) {
        throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      }
      // The legitimate client's §8 answer, behind the captcha and the address's reset misses.
      if (input.useType === "restpwd" && !existing) await missedReset(caller, notFound("手机号不存在"));
      if (input.useType === "bind") {
        const user = await requireUser(caller);
        if (existing && existing.id !== user.id)
          throw new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phone");
      }
      // Closing the account or proving its owner: the code goes only to the caller's own number.
      const ownPhoneOnly = input.useType === "close" || input.useType === "confirm";
      if (ownPhoneOnly && (await requireUser(caller)).mobilePhoneNumber !== phone) {
        throw badRequest("只能发送到本账号绑定的手机号", "phone");
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
  };
}
