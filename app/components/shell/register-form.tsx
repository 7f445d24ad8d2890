import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  checkAccount,
  checkPassword,
  checkSmsCode,
  checkUsername,
  isPhone,
  LIMITS,
  MESSAGES,
} from "../../../shared/validation";
import { api, ApiError } from "~/lib/api";
import { forgetInvite, pendingInvite } from "~/lib/invite";
import { PhoneVerification, usePhoneVerification } from "~/components/forms/phone-verification";
import { fieldErrors, SubmitButton } from "~/components/forms/form-submit";
import { Field } from "~/components/ui/field";
import { AccountField, PasswordField, type AuthFormProps, type AuthResult } from "./login-form";

type FieldName = "account" | "username" | "password" | "imageCode" | "smsCode";
type Errors = Partial<Record<FieldName, string>>;

/** Spec §8: the register codes, each pinned to the field it is about. */
const REGISTER_ERRORS: Record<number, { field: FieldName; message: string }> = {
  10013: { field: "username", message: MESSAGES.usernameTaken },
  10014: { field: "account", message: "该手机号已被注册" },
  10019: { field: "account", message: "该邮箱已被注册" },
  10017: { field: "smsCode", message: "验证码错误" },
};

interface RegisterFormProps extends AuthFormProps {
  onNotice: (message: string) => void;
}

/**
 * Register by e-mail (e-mail, username, password) or by phone (plus image captcha and SMS code,
 * whose fields appear only when the account is a phone number).
 */
export function RegisterForm({ idPrefix, onSuccess, onPandaChange, onError, onNotice }: RegisterFormProps) {
  const [account, setAccount] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Read after mount: sessionStorage does not exist while the server renders.
  const [invite, setInvite] = useState<string | null>(null);
  useEffect(() => setInvite(pendingInvite()), []);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const byPhone = isPhone(account.trim());
  // The captcha loads only once the account is a phone number.
  const verification = usePhoneVerification("signup", byPhone);
  const { smsCode } = verification;

  function fail(next: Errors) {
    setErrors(next);
    const first = (Object.keys(next) as FieldName[])[0];
    if (first) inputs.current[first]?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next: Errors = fieldErrors({
      account: checkAccount(account),
      username: checkUsername(username),
      password: checkPassword(password),
      smsCode: byPhone ? checkSmsCode(smsCode) : null,
    });
    if (Object.keys(next).length > 0) return fail(next);

    setErrors({});
    setBusy(true);
    const body = {
      ...(byPhone
        ? { username: username.trim(), password, phoneNumber: account.trim(), smsCode: smsCode.trim() }
        : { username: username.trim(), password, email: account.trim() }),
      ...(invite ? { invite } : {}),
    };
    try {
      const result = await api.post<AuthResult>("/api/v1/createUser", body);
      forgetInvite();
      onSuccess(result);
    } catch (error) {
      const known = error instanceof ApiError ? REGISTER_ERRORS[error.code] : undefined;
      if (known) {
        fail({ [known.field]: known.message });
      } else if (error instanceof ApiError && error.field && fieldFor(error.field)) {
        fail({ [fieldFor(error.field) as FieldName]: error.message });
      } else {
        onError(error instanceof ApiError && error.code !== 0 ? error.message : "注册失败，请稍后重试");
      }
    } finally {
      setBusy(false);
    }
  }

  const greet = () => onPandaChange?.("greeting");
  const rest = () => onPandaChange?.("normal");

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {invite ? <p className="auth-invite">受好友邀请注册（邀请码 {invite}）</p> : null}
      <AccountField
        ref={(el) => {
          inputs.current.account = el;
        }}
        idPrefix={idPrefix}
        onPandaChange={onPandaChange}
        value={account}
        onChange={(event) => {
          setAccount(event.target.value);
          verification.setSmsCode("");
        }}
        error={errors.account}
      />
      {byPhone ? (
        // The account field above is the phone number the code goes to.
        <PhoneVerification
          idPrefix={idPrefix}
          verification={verification}
          phone={account}
          errors={errors}
          hideLabels
          smsRef={(el) => {
            inputs.current.smsCode = el;
          }}
          onSent={(notice) => {
            setErrors({});
            onNotice(notice);
            inputs.current.smsCode?.focus();
          }}
          onSendError={(message, field) =>
            field ? fail({ [field === "phone" ? "account" : "imageCode"]: message }) : onError(message)
          }
        />
      ) : null}
      <Field
        ref={(el) => {
          inputs.current.username = el;
        }}
        id={`${idPrefix}-username`}
        name="username"
        label="用户名"
        hideLabel
        placeholder="请输入用户名"
        autoComplete="nickname"
        maxLength={LIMITS.usernameMax}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        onFocus={greet}
        onBlur={rest}
        error={errors.username}
      />
      <PasswordField
        ref={(el) => {
          inputs.current.password = el;
        }}
        idPrefix={idPrefix}
        onPandaChange={onPandaChange}
        placeholder={`请输入密码（不少于 ${LIMITS.passwordMin} 位）`}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel="注册中...">
        注册
      </SubmitButton>
    </form>
  );
}

/** The form field a 400's `d.field` names (the API says phoneNumber/email for the account). */
function fieldFor(apiField: string): FieldName | null {
  if (apiField === "phoneNumber" || apiField === "email" || apiField === "phone") return "account";
  if (apiField === "vcode") return "smsCode";
  const own: FieldName[] = ["account", "username", "password", "imageCode", "smsCode"];
  return (own as string[]).includes(apiField) ? (apiField as FieldName) : null;
}
