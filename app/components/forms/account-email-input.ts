import { LIMITS } from "../../../shared/validation";

/**
 * The input attributes of an account's e-mail address, wherever one is typed to find or bind an
 * account (password reset, e-mail binding): the browser's e-mail keyboard and autofill, and the
 * length the account rules accept.
 */
export const ACCOUNT_EMAIL_INPUT = {
  type: "email",
  autoComplete: "email",
  maxLength: LIMITS.accountInputMax,
} as const;
