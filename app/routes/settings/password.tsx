import { useState, type FormEvent } from "react";
import type { Route } from "./+types/password";
import { useShell } from "~/components/shell/shell-context";
import { Field } from "~/components/ui/field";
import { checkPassword, checkPasswordConfirm, LIMITS, MESSAGES } from "../../../shared/validation";
import { api, ApiError, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

/** setting:password: login required. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "修改密码");

type Errors = { current?: string; next?: string; confirm?: string };

export default function PasswordSettings() {
  const { alert } = useShell();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.current = MESSAGES.currentPasswordEmpty;
    const nextError = checkPassword(next);
    if (nextError) found.next = nextError;
    else {
      const confirmError = checkPasswordConfirm(next, confirm);
      if (confirmError) found.confirm = confirmError;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/changePassword", { old_password: current, new_password: next });
      setCurrent("");
      setNext("");
      setConfirm("");
      alert("密码修改成功", "success");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "new_password") setErrors({ next: errorMessage(e) });
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
        <Field
          id="password-current"
          name="old_password"
          type="password"
          label="当前密码"
          autoComplete="current-password"
          maxLength={LIMITS.passwordInputMax}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current}
        />
        <Field
          id="password-new"
          name="new_password"
          type="password"
          label="新密码"
          placeholder={`不少于 ${LIMITS.passwordMin} 位`}
          autoComplete="new-password"
          maxLength={LIMITS.passwordInputMax}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.next}
        />
        <Field
          id="password-confirm"
          name="confirm_password"
          type="password"
          label="确认新密码"
          autoComplete="new-password"
          maxLength={LIMITS.passwordInputMax}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "提交中..." : "修改密码"}
        </button>
      </form>
    </div>
  );
}
