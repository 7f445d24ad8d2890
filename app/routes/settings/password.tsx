import { useState, type FormEvent } from "react";
import type { Route } from "./+types/password";
import { useShell } from "~/components/shell/shell-context";
import {
  NewPasswordFields,
  useNewPassword,
  type NewPasswordErrors,
} from "~/components/forms/new-password-fields";
import { CurrentPasswordField, useCurrentPassword } from "~/components/settings/current-password-field";
import { api, ApiError, errorMessage } from "~/lib/api";
import { viewerOnlyLoader } from "~/lib/viewer-only.server";
import { titleMeta } from "~/lib/title";
import { SubmitButton } from "~/components/forms/form-submit";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** setting:password: login required. */
export const loader = viewerOnlyLoader;

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "修改密码");

type Errors = NewPasswordErrors & { current?: string };

export default function PasswordSettings() {
  const { alert } = useShell();
  const current = useCurrentPassword(true);
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (current.missing) found.current = current.missing;
    Object.assign(found, newPassword.check());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/changePassword", {
        old_password: current.value,
        new_password: newPassword.password,
      });
      current.setValue("");
      newPassword.clear();
      alert("密码修改成功", "success");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "new_password") setErrors({ password: errorMessage(e) });
      else if (field === "old_password" || (e instanceof ApiError && (e.code === 401 || e.code === 400)))
        setErrors({ current: errorMessage(e, "当前密码不正确") });
      else alert(errorMessage(e, "修改失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="settings-body">
      <h2 className="settings-title">修改密码</h2>
      <form className="stack-form" onSubmit={submit} noValidate>
        <CurrentPasswordField
          id="password-current"
          name="old_password"
          placeholder={null}
          password={current}
          error={errors.current}
        />
        <NewPasswordFields
          ids={{ password: "password-new", confirm: "password-confirm" }}
          value={newPassword}
          errors={errors}
        />
        <SubmitButton busy={busy} busyLabel="提交中...">
          修改密码
        </SubmitButton>
      </form>
    </div>
  );
}
