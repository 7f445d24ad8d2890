import { useState, type FormEvent } from "react";
import { useShell } from "~/components/shell/shell-context";
import { checkEmail } from "../../../shared/validation";
import { ApiError, api, errorMessage } from "~/lib/api";
import { ACCOUNT_EMAIL_INPUT } from "~/components/forms/account-email-input";
import { SubmitButton } from "~/components/forms/form-submit";
import { FormError } from "~/components/ui/field";
import { CurrentPasswordField, useCurrentPassword } from "./current-password-field";
import { UnbindDialog, useUnbind } from "./unbind-dialog";
import { SettingsRow } from "./settings-row";

/** The 邮箱 row of /user/settings/account: bind or change (then verify by mail), resend the mail, unbind. */
export function EmailRow({
  email,
  verified,
  hasPassword,
}: {
  email: string | null;
  verified: boolean;
  hasPassword: boolean;
}) {
  const { alert, refreshSession } = useShell();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const password = useCurrentPassword(hasPassword);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "send" | null>(null);
  const unbind = useUnbind({ email: true }, "邮箱已解绑");

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(draft);
    setError(problem);
    setPasswordError(password.missing);
    if (problem || password.missing) return;
    setBusy("save");
    try {
      await api.post("/api/v1/updateUserEmail", {
        email: draft.trim(),
        ...password.body,
      });
      setEditing(false);
      setError(null);
      password.setValue("");
      alert(
        email ? "邮箱已更换，请前往新邮箱完成验证；原邮箱会收到一封通知" : "邮箱已绑定，请前往邮箱完成验证",
        "success",
      );
      refreshSession();
    } catch (e) {
      const message = errorMessage(e, "保存失败，请稍后重试");
      if (e instanceof ApiError && e.field === "password") setPasswordError(message);
      else setError(message);
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    if (!email) return;
    setBusy("send");
    try {
      await api.post("/api/v1/sendEmailToUser", { sendType: "verify", email });
      alert("验证邮件已发送，请查收邮件", "success");
    } catch (e) {
      alert(errorMessage(e, "发送失败，请稍后重试"), "error");
    } finally {
      setBusy(null);
    }
  }

  return (
    <SettingsRow label="邮箱" labelFor={editing ? "email-input" : undefined}>
      {editing ? (
        <form className="settings-edit" onSubmit={save} noValidate>
          <input
            id="email-input"
            className="input"
            placeholder="请输入邮箱"
            {...ACCOUNT_EMAIL_INPUT}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "email-input-error" : undefined}
            autoFocus
          />
          <FormError id="email-input-error" message={error} />
          <CurrentPasswordField id="email-password" hideLabel password={password} error={passwordError} />
          <div className="settings-actions">
            <SubmitButton busy={busy === "save"} busyLabel="保存中...">
              保存
            </SubmitButton>
            <button type="button" className="btn" onClick={() => setEditing(false)}>
              取消
            </button>
          </div>
        </form>
      ) : (
        <div className="settings-show">
          <span className={email ? "settings-text" : "settings-text muted"}>{email ?? "未绑定"}</span>
          {email ? (
            <span className={verified ? "status-tag ok" : "status-tag warn"}>
              {verified ? "已验证" : "未验证"}
            </span>
          ) : null}
          {email && !verified ? (
            <button
              type="button"
              className="link-button"
              onClick={() => void resend()}
              disabled={busy === "send"}
            >
              {busy === "send" ? "发送中..." : "重新发送验证邮件"}
            </button>
          ) : null}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setDraft(email ?? "");
              setError(null);
              password.setValue("");
              setPasswordError(null);
              setEditing(true);
            }}
          >
            {email ? "更换" : "绑定"}
          </button>
          {email ? (
            <button type="button" className="link-button" onClick={unbind.ask}>
              解绑
            </button>
          ) : null}
        </div>
      )}
      <UnbindDialog
        unbind={unbind}
        title="确定要解绑邮箱吗？"
        message="解绑后将不能再用该邮箱登录或找回密码。"
      />
    </SettingsRow>
  );
}
