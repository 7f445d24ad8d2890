import { useState, type FormEvent } from "react";
import { useShell } from "~/components/shell/shell-context";
import { checkEmail } from "../../../shared/validation";
import { ApiError, api, errorMessage } from "~/lib/api";
import { ACCOUNT_EMAIL_INPUT } from "~/components/forms/account-email-input";
import { SubmitButton } from "~/components/forms/form-submit";
import { FormError } from "~/components/ui/field";
import { OwnerProofFields, useOwnerProof, type OwnerProofErrors } from "./current-password-field";
import { ProofDialog, useUnbind } from "./unbind-dialog";
import { SettingsRow } from "./settings-row";

/** The 邮箱 row of /user/settings/account: bind or change (then verify by mail), resend the mail, unbind. */
export function EmailRow({
  email,
  verified,
  hasPassword,
  phone,
}: {
  email: string | null;
  verified: boolean;
  hasPassword: boolean;
  phone: string | null;
}) {
  const { alert, refreshSession } = useShell();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  // The owner's proof; an account with nothing to prove with binds without one.
  const proof = useOwnerProof(hasPassword, phone, editing);
  const [error, setError] = useState<string | null>(null);
  const [proofErrors, setProofErrors] = useState<OwnerProofErrors>({});
  const [busy, setBusy] = useState<"save" | "send" | null>(null);
  const unbind = useUnbind({ email: true }, "邮箱已解绑", { hasPassword, phone });

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(draft);
    const missing = proof.missing();
    setError(problem);
    setProofErrors(missing);
    if (problem || Object.keys(missing).length > 0) return;
    setBusy("save");
    try {
      await api.post("/api/v1/updateUserEmail", {
        email: draft.trim(),
        ...proof.body(),
      });
      setEditing(false);
      setError(null);
      proof.clear();
      alert(
        email ? "邮箱已更换，请前往新邮箱完成验证；原邮箱会收到一封通知" : "邮箱已绑定，请前往邮箱完成验证",
        "success",
      );
      refreshSession();
    } catch (e) {
      const message = errorMessage(e, "保存失败，请稍后重试");
      const field = e instanceof ApiError ? e.field : null;
      if (field === "password" || field === "smsCode") setProofErrors({ [field]: message });
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
          {proof.impossible ? null : (
            <OwnerProofFields
              idPrefix="email-proof"
              proof={proof}
              errors={proofErrors}
              onSent={(notice) => alert(notice, "success")}
              onSendError={(message, field) =>
                field === "imageCode" ? setProofErrors({ imageCode: message }) : alert(message, "error")
              }
            />
          )}
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
              proof.clear();
              setProofErrors({});
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
      <ProofDialog
        dialog={unbind}
        idPrefix="unbind-email"
        title="确定要解绑邮箱吗？"
        message="解绑后将不能再用该邮箱登录或找回密码，其他设备上的登录会退出；该邮箱会收到一封可撤销的通知。"
        confirmLabel="解绑"
      />
    </SettingsRow>
  );
}
