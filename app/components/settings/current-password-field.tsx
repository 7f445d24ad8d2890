import { Field } from "~/components/ui/field";
import { LIMITS } from "../../../shared/validation";

/**
 * 当前密码 wherever an account proves it knows its password: in the phone and e-mail binding forms
 * and on closing the account (issue 10: a stolen session alone must not take the account), and on
 * the password page before the password changes.
 */
export function CurrentPasswordField({
  id,
  name = "password",
  placeholder = "为了账号安全，请输入当前密码",
  hideLabel,
  value,
  onChange,
  error,
}: {
  id: string;
  /** The request's field: `password`, or the password change's `old_password`. */
  name?: string;
  /** Why it is asked; `null` where the page itself says so (修改密码). */
  placeholder?: string | null;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
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
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
