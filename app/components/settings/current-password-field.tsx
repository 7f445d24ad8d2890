import { Field } from "~/components/ui/field";
import { LIMITS } from "../../../shared/validation";

/** Said when a binding form is sent without the current password. */
export const CURRENT_PASSWORD_MISSING = "请输入当前密码";

/**
 * 当前密码 in the phone and e-mail binding forms: an account with a password proves it before its
 * sign-in address moves (issue 10: a stolen session alone must not take the account).
 */
export function CurrentPasswordField({
  id,
  hideLabel,
  value,
  onChange,
  error,
}: {
  id: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <Field
      id={id}
      name="password"
      type="password"
      label="当前密码"
      hideLabel={hideLabel}
      placeholder="为了账号安全，请输入当前密码"
      autoComplete="current-password"
      maxLength={LIMITS.passwordInputMax}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
