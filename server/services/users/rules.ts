/**
 * The account rules users.ts and its helpers share: the §8 register messages, the fields a profile
 * may change (each with its §5 check), and how a unique-index conflict turns into its code.
 */
import { AppError, badRequest } from "../../lib/errors.ts";
import { uniqueViolation } from "../../lib/pg-errors.ts";
import {
  LIMITS,
  MESSAGES,
  checkBlogAddress,
  checkUsername,
  isImageAddress,
  type Check,
} from "../../../shared/validation.ts";
import type { UserRow } from "./queries.ts";

/** The §8 answers of registration, also given by profile and binding changes. */
export const REGISTER_MESSAGES = {
  usernameTaken: MESSAGES.usernameTaken,
  phoneTaken: "该手机号已注册",
  emailTaken: "该邮箱已注册",
  wrongCode: "验证码错误或已过期",
};
/**
 * Spec §5 "Applying as editor is deprecated and always rejects", §8 "Editor application: deprecated":
 * the call stays so old clients get a clear answer, 410 Gone with this message.
 */
export const EDITOR_APPLICATION_DEPRECATED = "申请成为编辑的功能已停用";

/** The third-party logins a binding can name (unbind's channel). */
export const THIRD_PARTY_CHANNELS = ["weibo", "wechat", "github"] as const;

/** Fields updateUserInfo may change, each with its own §5 check. */
export const PROFILE_FIELDS: Record<
  string,
  { column: keyof UserRow; check: (v: string) => Check; max: number }
> = {
  username: { column: "username", check: checkUsername, max: LIMITS.usernameMax },
  selfDescription: { column: "selfDescription", check: () => null, max: LIMITS.selfDescriptionMax },
  jobTitle: { column: "jobTitle", check: () => null, max: LIMITS.jobTitleMax },
  company: { column: "company", check: () => null, max: LIMITS.companyMax },
  blogAddress: { column: "blogAddress", check: checkBlogAddress, max: LIMITS.blogAddressMax },
  avatarLarge: {
    column: "avatarLarge",
    // The one image-address rule (shared/validation.ts): `//host/x.png` was accepted here.
    check: (v) => (isImageAddress(v) ? null : "头像地址格式不正确"),
    max: 500,
  },
};
// The spec's snake_case spelling of the same field.
PROFILE_FIELDS.self_description = PROFILE_FIELDS.selfDescription;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS);

/** Throws the check's message as a 400 naming `field`. */
export function check(result: Check, field: string) {
  if (result) throw badRequest(result, field);
}

/** The §8 register code for a unique index a concurrent insert hit. */
export function conflictError(err: unknown): AppError | null {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  if (constraint.includes("username"))
    return new AppError(10013, REGISTER_MESSAGES.usernameTaken, "username");
  if (constraint.includes("mobile")) return new AppError(10014, REGISTER_MESSAGES.phoneTaken, "phoneNumber");
  if (constraint.includes("email")) return new AppError(10019, REGISTER_MESSAGES.emailTaken, "email");
  return null;
}
