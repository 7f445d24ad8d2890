import { useState } from "react";
import { checkPassword, checkPasswordConfirm, LIMITS } from "../../../shared/validation";
import { Field } from "~/components/ui/field";

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** The §5 password rule, then the repeat; the repeat is judged only once the password passes. */
function checkNewPassword(password: string, confirm: string): NewPasswordErrors {
  const passwordError = checkPassword(password);
  if (passwordError) return { password: passwordError };
  const confirmError = checkPasswordConfirm(password, confirm);
  return confirmError ? { confirm: confirmError } : {};
}

/**
 * The new password and its repeat, held together: every page that sets a password needs both
 * values, the check between them, and (after a change that keeps the form) both emptied.
 */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    check: () => checkNewPassword(password, confirm),
    clear: () => {
      setPassword("");
      setConfirm("");
    },
  };
}

interface NewPasswordFieldsProps {
  /** The inputs' ids: each page keeps its own. */
  ids: { password: string; confirm: string };
  value: ReturnType<typeof useNewPassword>;
  errors: NewPasswordErrors;
}

/** 新密码 and 确认新密码 (`new_password`, `confirm_password`), wherever a password is set anew. */
export function NewPasswordFields({ ids, value, errors }: NewPasswordFieldsProps) {
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
        value={value.password}
        onChange={(event) => value.setPassword(event.target.value)}
        error={errors.password}
      />
      <Field
        id={ids.confirm}
        name="confirm_password"
        type="password"
        label="确认新密码"
        autoComplete="new-password"
        maxLength={LIMITS.passwordInputMax}
        value={value.confirm}
        onChange={(event) => value.setConfirm(event.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
