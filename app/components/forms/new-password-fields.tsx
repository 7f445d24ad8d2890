import { checkPassword, checkPasswordConfirm, LIMITS } from "../../../shared/validation";
import { Field } from "~/components/ui/field";

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** The §5 password rule, then the repeat; the repeat is judged only once the password passes. */
export function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const passwordError = checkPassword(password);
  if (passwordError) return { password: passwordError };
  const confirmError = checkPasswordConfirm(password, confirm);
  return confirmError ? { confirm: confirmError } : {};
}

interface NewPasswordFieldsProps {
  /** The inputs' ids: each page keeps its own. */
  ids: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (password: string) => void;
  onConfirmChange: (confirm: string) => void;
  errors: NewPasswordErrors;
}

/** 新密码 and 确认新密码 (`new_password`, `confirm_password`), wherever a password is set anew. */
export function NewPasswordFields({
  ids,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        id={ids.password}
        name="new_password"
        type="password"
        label="新密码"
        placeholder={`不少于 ${LIMITS.passwordMin} 位`}
        autoComplete="new-password"
        maxLength={LIMITS.passwordInputMax}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.password}
      />
      <Field
        id={ids.confirm}
        name="confirm_password"
        type="password"
        label="确认新密码"
        autoComplete="new-password"
        maxLength={LIMITS.passwordInputMax}
        value={confirm}
        onChange={(event) => onConfirmChange(event.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
