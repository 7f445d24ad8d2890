/**
 * The invitation form's rules, written once: the API (invites.ts) and the page form
 * (app/components/settings/invite-form.tsx) both call them. Pure, so the browser bundle can use it.
 */
import { checkEmail } from "./validation.ts";

/** receiverName: at most 20 characters after trimming (spec §7 Invites). */
export const RECEIVER_NAME_MAX = 20;
/** Invitations a user may send in 24 hours. */
export const INVITES_PER_DAY = 10;

export const INVITE_MESSAGES = {
  nameEmpty: "请输入好友的称呼",
  nameTooLong: `称呼不能超过 ${RECEIVER_NAME_MAX} 个字符`,
  nameInvalid: "称呼不能包含换行等控制字符",
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** null when the name is fine, else the message to show. */
export function checkReceiverName(value: string): string | null {
  const name = value.trim();
  if (!name) return INVITE_MESSAGES.nameEmpty;
  if ([...name].length > RECEIVER_NAME_MAX) return INVITE_MESSAGES.nameTooLong;
  if (CONTROL.test(name)) return INVITE_MESSAGES.nameInvalid;
  return null;
}

/** null when the e-mail is fine, else the message (the registration form's rule). */
export const checkReceiverEmail = (value: string): string | null => checkEmail(value);
