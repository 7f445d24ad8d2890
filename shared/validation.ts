/**
 * The validation rules of spec §5, written once. The API schemas (server/services/*\/schema.ts)
 * and the browser forms both call these, so a rule cannot drift between the two doors.
 * Each check returns null when the value is fine, or the Chinese message to show.
 */

import { SEARCH_MAX } from "./search-query";

export { normalizeSearchQuery } from "./search-query";

export const LIMITS = {
  usernameMax: 20,
  passwordMin: 6,
  passwordMax: 128,
  passwordInputMax: 64,
  accountInputMax: 64,
  smsCodeInputMax: 6,
  captchaLength: 4,
  searchMax: SEARCH_MAX,
  selfDescriptionMax: 100,
  jobTitleMax: 50,
  companyMax: 50,
  blogAddressMax: 200,
} as const;

export const USERNAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Mainland China mobile numbers: 11 digits starting 13–19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
const URL_PATTERN = /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?(\/[^\s]*)?$/u;

export const MESSAGES = {
  usernameEmpty: "用户名不能为空",
  usernameTooLong: `用户名不能超过 ${LIMITS.usernameMax} 个字符`,
  usernameChars: "用户名只能包含中文、字母、数字和下划线",
  usernameTaken: "用户名已被占用",
  passwordEmpty: "密码不能为空",
  passwordTooShort: `密码不能少于 ${LIMITS.passwordMin} 位`,
  passwordTooLong: `密码不能超过 ${LIMITS.passwordMax} 位`,
  passwordMismatch: "两次输入的密码不一致",
  currentPasswordEmpty: "请输入当前密码",
  accountEmpty: "请输入手机号或邮箱",
  accountInvalid: "请输入正确的手机号或邮箱",
  emailEmpty: "请输入邮箱",
  emailInvalid: "邮箱格式不正确",
  phoneEmpty: "请输入手机号",
  phoneInvalid: "手机号格式不正确",
  smsCodeEmpty: "请输入短信验证码",
  smsCodeInvalid: "短信验证码为 6 位数字",
  captchaInvalid: "请输入 4 位图片验证码",
  urlInvalid: "个人主页格式不正确",
} as const;

export type Check = string | null;

export function checkUsername(value: string): Check {
  const v = value.trim();
  if (!v) return MESSAGES.usernameEmpty;
  if ([...v].length > LIMITS.usernameMax) return MESSAGES.usernameTooLong;
  if (!USERNAME_PATTERN.test(v)) return MESSAGES.usernameChars;
  return null;
}

export function checkPassword(value: string): Check {
  if (!value) return MESSAGES.passwordEmpty;
  if (value.length < LIMITS.passwordMin) return MESSAGES.passwordTooShort;
  if (value.length > LIMITS.passwordMax) return MESSAGES.passwordTooLong;
  return null;
}

export function checkPasswordConfirm(password: string, confirm: string): Check {
  return password === confirm ? null : MESSAGES.passwordMismatch;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function checkEmail(value: string): Check {
  if (!value.trim()) return MESSAGES.emailEmpty;
  return isEmail(value.trim()) ? null : MESSAGES.emailInvalid;
}

export function checkPhone(value: string): Check {
  if (!value.trim()) return MESSAGES.phoneEmpty;
  return isPhone(value.trim()) ? null : MESSAGES.phoneInvalid;
}

export function checkSmsCode(value: string): Check {
  if (!value.trim()) return MESSAGES.smsCodeEmpty;
  return SMS_CODE_PATTERN.test(value.trim()) ? null : MESSAGES.smsCodeInvalid;
}

export function checkCaptcha(value: string): Check {
  return value.trim().length === LIMITS.captchaLength ? null : MESSAGES.captchaInvalid;
}

/** Personal homepage: optional; must look like a URL (http assumed when no scheme). */
export function checkBlogAddress(value: string): Check {
  const v = value.trim();
  if (!v) return null;
  return v.length <= LIMITS.blogAddressMax && URL_PATTERN.test(v) ? null : MESSAGES.urlInvalid;
}

export function normalizeBlogAddress(value: string): string {
  const v = value.trim();
  if (!v) return "";
  return /^https?:\/\//i.test(v) ? v : `http://${v}`;
}

export type AccountKind = "phone" | "email";

/** Login identifier classification (spec §5): a phone number uses phone login, else e-mail login. */
export function classifyAccount(account: string): AccountKind {
  return isPhone(account.trim()) ? "phone" : "email";
}

/** The account field's own check: empty, or neither a phone number nor an e-mail address. */
export function checkAccount(value: string): Check {
  const v = value.trim();
  if (!v) return MESSAGES.accountEmpty;
  if (!isPhone(v) && !isEmail(v)) return MESSAGES.accountInvalid;
  return null;
}

/**
 * The one rule for an image address a user sets (avatar, collection background): an http(s) URL or
 * a path on this site — never protocol-relative (`//host/x.png` loads from anywhere) — or "" for
 * none. Quotes, brackets, backslashes and whitespace are refused, so the value is safe wherever a
 * page puts it.
 */
export const IMAGE_URL_PATTERN = "^(https?://[^\\s\"'<>()\\\\]+|/(?!/)[^\\s\"'<>()\\\\]*)?$";
const IMAGE_URL = new RegExp(IMAGE_URL_PATTERN);
export const isImageAddress = (value: string): boolean => IMAGE_URL.test(value);
