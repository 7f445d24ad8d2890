import { useState, type FormEvent } from "react";
import type { Route } from "./+types/account";
import {
  PhoneVerification,
  usePhoneVerification,
  type PhoneVerificationErrors,
} from "~/components/forms/phone-verification";
import { ChannelIcon } from "~/components/oauth/channel-icon";
import { OAUTH_CHANNELS, startOAuthBind, type OAuthChannel } from "~/components/oauth/popup";
import "~/components/oauth/oauth.css";
import { useShell } from "~/components/shell/shell-context";
import { Field } from "~/components/ui/field";
import { ConfirmDialog } from "~/components/ui/modal";
import { checkEmail, checkPhone, checkSmsCode, LIMITS } from "../../../shared/validation";
import { ApiError, api, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

/** setting:account: login required; phone, e-mail and third-party bindings. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  return {
    phone: viewer.mobilePhoneNumber,
    phoneVerified: viewer.mobilePhoneVerified,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    /** Adding an e-mail or phone asks for the current password when the account has one. */
    hasPassword: viewer.hasPassword,
    /** The spec's community (authData): channel → {uid, username, nickname}. */
    community: await context.services.oauth.community(context.caller),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "账号设置");

/** 13812345678 → 138****5678 */
function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { community } = loaderData;
  const boundCount = Object.keys(community).length;
  return (
    <div className="settings-body">
      <h2 className="settings-title">账号设置</h2>
      <dl className="settings-list">
        <PhoneRow phone={loaderData.phone} hasPassword={loaderData.hasPassword} />
        <EmailRow
          email={loaderData.email}
          verified={loaderData.emailVerified}
          hasPassword={loaderData.hasPassword}
        />
      </dl>
      <h2 className="settings-title">第三方账号</h2>
      <dl className="settings-list">
        {OAUTH_CHANNELS.map(({ channel, title }) => (
          <ThirdPartyRow
            key={channel}
            channel={channel}
            title={title}
            bound={community[channel] ?? null}
            // An account made by a third-party login has no password: its last binding is its only door.
            onlyWayIn={!loaderData.phone && !loaderData.email && boundCount === 1}
          />
        ))}
      </dl>
    </div>
  );
}

/** One third-party channel: bind through the popup (spec §4), or show the account and unbind. */
function ThirdPartyRow({
  channel,
  title,
  bound,
  onlyWayIn,
}: {
  channel: OAuthChannel;
  title: string;
  bound: { uid: string; username: string; nickname: string } | null;
  onlyWayIn: boolean;
}) {
  const { alert, refreshSession } = useShell();
  const [busy, setBusy] = useState<"bind" | "unbind" | null>(null);
  const [confirmUnbind, setConfirmUnbind] = useState(false);

  function bind() {
    setBusy("bind");
    startOAuthBind(channel, (result) => {
      setBusy(null);
      if (result?.status === "error") alert(result.message || "绑定失败，请稍后重试", "error");
      else if (result?.status === "ok") alert(`${title}账号绑定成功`, "success");
      // The popup has closed: reload the page's data whatever happened in it (spec §4).
      refreshSession();
    });
  }

  async function unbind() {
    setBusy("unbind");
    try {
      await api.post("/api/v1/unbind", { channel, isThird: true });
      alert(`${title}账号已解绑`, "success");
      refreshSession();
    } catch (e) {
      alert(errorMessage(e, "解绑失败，请稍后重试"), "error");
    } finally {
      setBusy(null);
      setConfirmUnbind(false);
    }
  }

  return (
    <div className="settings-row" data-channel={channel}>
      <dt className="settings-label">{title}</dt>
      <dd className="settings-value">
        <div className="settings-show">
          {bound ? (
            <span className="settings-text oauth-binding-name">
              <ChannelIcon channel={channel} size={18} />
              {bound.nickname || bound.username}
            </span>
          ) : (
            <span className="settings-text muted">未绑定</span>
          )}
          {bound ? (
            <button
              type="button"
              className="link-button"
              aria-label={`解绑${title}账号`}
              onClick={() =>
                onlyWayIn
                  ? alert("这是你唯一的登录方式，请先绑定手机号或邮箱再解绑", "info")
                  : setConfirmUnbind(true)
              }
            >
              解绑
            </button>
          ) : (
            <button
              type="button"
              className="link-button"
              aria-label={`绑定${title}账号`}
              onClick={bind}
              disabled={busy === "bind"}
            >
              {busy === "bind" ? "绑定中..." : "绑定"}
            </button>
          )}
        </div>
        <ConfirmDialog
          open={confirmUnbind}
          title={`确定要解绑${title}账号吗？`}
          message={`解绑后将不能再用该${title}账号登录。`}
          confirmLabel="解绑"
          busy={busy === "unbind"}
          onConfirm={() => void unbind()}
          onCancel={() => setConfirmUnbind(false)}
        />
      </dd>
    </div>
  );
}

function PhoneRow({ phone, hasPassword }: { phone: string | null; hasPassword: boolean }) {
  const { alert, refreshSession } = useShell();
  const [binding, setBinding] = useState(false);
  const [confirmUnbind, setConfirmUnbind] = useState(false);
  const [busy, setBusy] = useState(false);

  async function unbind() {
    setBusy(true);
    try {
      await api.post("/api/v1/unbind", { phone: true });
      alert("手机号已解绑", "success");
      refreshSession();
    } catch (e) {
      alert(errorMessage(e, "解绑失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
      setConfirmUnbind(false);
    }
  }

  return (
    <div className="settings-row">
      <dt className="settings-label">手机</dt>
      <dd className="settings-value">
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
              <button type="button" className="link-button" onClick={() => setConfirmUnbind(true)}>
                解绑
              </button>
            ) : (
              <button type="button" className="link-button" onClick={() => setBinding(true)}>
                绑定
              </button>
            )}
          </div>
        )}
        <ConfirmDialog
          open={confirmUnbind}
          title="确定要解绑手机号吗？"
          message="解绑后将不能再用该手机号登录。"
          confirmLabel="解绑"
          busy={busy}
          onConfirm={() => void unbind()}
          onCancel={() => setConfirmUnbind(false)}
        />
      </dd>
    </div>
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
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<PhoneVerificationErrors & { password?: string }>({});
  const [busy, setBusy] = useState(false);
  const verification = usePhoneVerification("bind");
  const { smsCode } = verification;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phoneError = checkPhone(phone);
    const smsError = checkSmsCode(smsCode);
    const passwordError = hasPassword && !password ? "请输入当前密码" : null;
    if (phoneError || smsError || passwordError)
      return setErrors({
        phone: phoneError ?? undefined,
        smsCode: smsError ?? undefined,
        password: passwordError ?? undefined,
      });
    setBusy(true);
    try {
      await api.post("/api/v1/bindUserMobile", {
        phone: phone.trim(),
        smsCode: smsCode.trim(),
        ...(hasPassword ? { password } : {}),
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
      {hasPassword ? (
        <Field
          id="bind-password"
          name="password"
          type="password"
          label="当前密码"
          placeholder="为了账号安全，请输入当前密码"
          autoComplete="current-password"
          maxLength={LIMITS.passwordInputMax}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
      ) : null}
      <div className="settings-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "绑定中..." : "绑定"}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
      </div>
    </form>
  );
}

function EmailRow({
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
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "send" | "unbind" | null>(null);
  const [confirmUnbind, setConfirmUnbind] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(draft);
    setError(problem);
    setPasswordError(hasPassword && !password ? "请输入当前密码" : null);
    if (problem || (hasPassword && !password)) return;
    setBusy("save");
    try {
      await api.post("/api/v1/updateUserEmail", {
        email: draft.trim(),
        ...(hasPassword ? { password } : {}),
      });
      setEditing(false);
      setError(null);
      setPassword("");
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

  async function unbind() {
    setBusy("unbind");
    try {
      await api.post("/api/v1/unbind", { email: true });
      alert("邮箱已解绑", "success");
      refreshSession();
    } catch (e) {
      alert(errorMessage(e, "解绑失败，请稍后重试"), "error");
    } finally {
      setBusy(null);
      setConfirmUnbind(false);
    }
  }

  return (
    <div className="settings-row">
      <dt className="settings-label">{editing ? <label htmlFor="email-input">邮箱</label> : "邮箱"}</dt>
      <dd className="settings-value">
        {editing ? (
          <form className="settings-edit" onSubmit={save} noValidate>
            <input
              id="email-input"
              className="input"
              type="email"
              autoComplete="email"
              placeholder="请输入邮箱"
              maxLength={LIMITS.accountInputMax}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "email-input-error" : undefined}
              autoFocus
            />
            {error ? (
              <p id="email-input-error" className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            {hasPassword ? (
              <Field
                id="email-password"
                name="password"
                type="password"
                label="当前密码"
                hideLabel
                placeholder="为了账号安全，请输入当前密码"
                autoComplete="current-password"
                maxLength={LIMITS.passwordInputMax}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={passwordError}
              />
            ) : null}
            <div className="settings-actions">
              <button type="submit" className="btn btn-primary" disabled={busy === "save"}>
                {busy === "save" ? "保存中..." : "保存"}
              </button>
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
                setPassword("");
                setPasswordError(null);
                setEditing(true);
              }}
            >
              {email ? "更换" : "绑定"}
            </button>
            {email ? (
              <button type="button" className="link-button" onClick={() => setConfirmUnbind(true)}>
                解绑
              </button>
            ) : null}
          </div>
        )}
        <ConfirmDialog
          open={confirmUnbind}
          title="确定要解绑邮箱吗？"
          message="解绑后将不能再用该邮箱登录或找回密码。"
          confirmLabel="解绑"
          busy={busy === "unbind"}
          onConfirm={() => void unbind()}
          onCancel={() => setConfirmUnbind(false)}
        />
      </dd>
    </div>
  );
}
