import { useState, type FormEvent } from "react";
import {
  PhoneVerification,
  usePhoneVerification,
  type PhoneVerificationErrors,
} from "~/components/forms/phone-verification";
import { fieldErrors, SubmitButton } from "~/components/forms/form-submit";
import { useShell } from "~/components/shell/shell-context";
import { checkPhone, checkSmsCode } from "../../../shared/validation";
import { ApiError, api, errorMessage } from "~/lib/api";
import { CurrentPasswordField, useCurrentPassword } from "./current-password-field";
import { ProofDialog, useUnbind } from "./unbind-dialog";
import { SettingsRow } from "./settings-row";

/** 13812345678 → 138****5678 */
function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The 手机 row of /user/settings/account: the masked number and 解绑, or 绑定 opening the form. */
export function PhoneRow({ phone, hasPassword }: { phone: string | null; hasPassword: boolean }) {
  const { refreshSession } = useShell();
  const [binding, setBinding] = useState(false);
  const unbind = useUnbind({ phone: true }, "手机号已解绑", { hasPassword, phone });

  return (
    <SettingsRow label="手机">
      {binding ? (
        <BindPhoneForm
          hasPassword={hasPassword}
          onDone={() => {
            setBinding(false);
            refreshSession();
          }}
          onCancel={() => setBinding(false)}
        />
      ) : (
        <div className="settings-show">
          <span className={phone ? "settings-text" : "settings-text muted"}>
            {phone ? maskPhone(phone) : "未绑定"}
          </span>
          {phone ? (
            <button type="button" className="link-button" onClick={unbind.ask}>
              解绑
            </button>
          ) : (
            <button type="button" className="link-button" onClick={() => setBinding(true)}>
              绑定
            </button>
          )}
        </div>
      )}
      <ProofDialog
        dialog={unbind}
        idPrefix="unbind-phone"
        title="确定要解绑手机号吗？"
        message="解绑后将不能再用该手机号登录或找回密码，其他设备上的登录会退出。"
        confirmLabel="解绑"
      />
    </SettingsRow>
  );
}

/** Phone binding: captcha → SMS code (useType bind) → POST /api/v1/bindUserMobile. */
function BindPhoneForm({
  hasPassword,
  onDone,
  onCancel,
}: {
  hasPassword: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { alert } = useShell();
  const [phone, setPhone] = useState("");
  const password = useCurrentPassword(hasPassword);
  const [errors, setErrors] = useState<PhoneVerificationErrors & { password?: string }>({});
  const [busy, setBusy] = useState(false);
  const verification = usePhoneVerification("bind");
  const { smsCode } = verification;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = fieldErrors({
      phone: checkPhone(phone),
      smsCode: checkSmsCode(smsCode),
      password: password.missing,
    });
    if (Object.keys(found).length > 0) return setErrors(found);
    setBusy(true);
    try {
      await api.post("/api/v1/bindUserMobile", {
        phone: phone.trim(),
        smsCode: smsCode.trim(),
        ...password.body,
      });
      alert("手机号绑定成功", "success");
      onDone();
    } catch (e) {
      const message = errorMessage(e, "绑定失败，请稍后重试");
      setErrors(
        e instanceof ApiError && e.field === "password" ? { password: message } : { smsCode: message },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="settings-edit" onSubmit={submit} noValidate>
      <PhoneVerification
        idPrefix="bind"
        verification={verification}
        phone={phone}
        phoneInput={{ placeholder: "请输入手机号", onChange: setPhone, autoFocus: true }}
        errors={errors}
        onSent={(notice) => {
          setErrors({});
          alert(notice, "success");
        }}
        onSendError={(message, field) => (field ? setErrors({ [field]: message }) : alert(message, "error"))}
      />
      <CurrentPasswordField id="bind-password" password={password} error={errors.password} />
      <div className="settings-actions">
        <SubmitButton busy={busy} busyLabel="绑定中...">
          绑定
        </SubmitButton>
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}
