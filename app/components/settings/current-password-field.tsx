import { useState } from "react";
import { Field } from "~/components/ui/field";
import { LIMITS, MESSAGES } from "../../../shared/validation";

/**
 * The 当前密码 a form asks for only when the account has a password (`asked`): what was typed,
 * what to say when the form is sent without it, and the request's share of it.
 */
export function useCurrentPassword(asked: boolean) {
  const [value, setValue] = useState("");
  return {
    asked,
    value,
    setValue,
    /** The error of sending the form without it; null when it is typed or not asked. */
    missing: asked && !value ? MESSAGES.currentPasswordEmpty : null,
    /** `{ password }` for the request, or nothing when it is not asked. */
    body: asked ? { password: value } : {},
  };
}

/**
 * 当前密码 wherever an account proves it knows its password: in the phone and e-mail binding forms
 * and on closing the account (issue 10: a stolen session alone must not take the account), and on
 * the password page before the password changes. Nothing where the account has no password.
 */
export function CurrentPasswordField({
  id,
  name = "password",
  placeholder = "为了账号安全，请输入当前密码",
  hideLabel,
  password,
  error,
}: {
  id: string;
  /** The request's field: `password`, or the password change's `old_password`. */
  name?: string;
  /** Why it is asked; `null` where the page itself says so (修改密码). */
  placeholder?: string | null;
  hideLabel?: boolean;
  password: ReturnType<typeof useCurrentPassword>;
  error?: string | null;
}) {
  if (!password.asked) return null;
  return (
    <Field
      id={id}
      name={name}
      type="password"
      label="当前密码"
      hideLabel={hideLabel}
      placeholder={placeholder ?? undefined}
      autoComplete="current-password"
      maxLength={LIMITS.passwordInputMax}
      value={password.value}
      onChange={(event) => password.setValue(event.target.value)}
      error={error}
    />
  );
}
