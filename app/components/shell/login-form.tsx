import { useRef, useState, type ComponentProps, type FormEvent } from "react";
import { classifyAccount, LIMITS, MESSAGES } from "../../../shared/validation";
import { api, ApiError } from "~/lib/api";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/forms/form-submit";
import { CaptchaField } from "~/components/forms/captcha-field";
import { useCaptcha } from "~/components/forms/use-captcha";
import type { PandaState } from "./panda";

/** What a successful login or registration answers. */
export interface AuthResult {
  user: { id: string; username: string };
  clientId: string;
  token: string;
  /** A suspended account's login: until when, and why. */
  suspension?: { message: string };
  /** This login undid the account's pending deletion. */
  deletionCancelled?: true;
}

/** Spec §2: a 410 at login sends the user to reset the password for the account's safety. */
const RESET_FOR_SAFETY = "为了您的账号安全，请重置密码";

/** What the auth modal hands both its forms: where their ids start, and where they report. */
export interface AuthFormProps {
  idPrefix: string;
  onSuccess: (result: AuthResult) => void;
  onPandaChange?: (state: PandaState) => void;
  /** Shows the message of errors that are not about one field. */
  onError: (message: string) => void;
}

/** Account (phone or e-mail) + password; the account's shape picks the endpoint. */
export function LoginForm({ idPrefix, onSuccess, onPandaChange, onError }: AuthFormProps) {
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ account?: string; password?: string; imageCode?: string }>({});
  const [busy, setBusy] = useState(false);
  // Asked for only once the account has failed too often from everywhere (403 naming imageCode).
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [imageCode, setImageCode] = useState("");
  const captcha = useCaptcha(needsCaptcha);
  const accountInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = account.trim();
    if (!trimmed) {
      setErrors({ account: MESSAGES.accountEmpty });
      accountInput.current?.focus();
      return;
    }
    if (!password) {
      setErrors({ password: MESSAGES.passwordEmpty });
      passwordInput.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const kind = classifyAccount(trimmed);
    const extra = needsCaptcha ? { imageToken: captcha.imageToken, imageCode: imageCode.trim() } : {};
    try {
      const result =
        kind === "phone"
          ? await api.post<AuthResult>("/api/auth/type/phoneNumber", {
              phoneNumber: trimmed,
              password,
              ...extra,
            })
          : await api.post<AuthResult>("/api/auth/type/email", { email: trimmed, password, ...extra });
      onSuccess(result);
      // A suspended account logs in to read; its login says why it cannot write.
      if (result.suspension) onError(result.suspension.message);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const serverMessage = error instanceof ApiError ? error.message : "";
      switch (code) {
        case 401:
          setErrors({ password: serverMessage || "密码错误" });
          passwordInput.current?.focus();
          passwordInput.current?.select();
          break;
        case 403:
          if (error instanceof ApiError && error.field === "imageCode") {
            setNeedsCaptcha(true);
            setErrors({ imageCode: serverMessage });
          } else onError(serverMessage || "登录失败次数过多，请稍后再试");
          break;
        case 404:
          setErrors({ account: serverMessage || (kind === "phone" ? "手机号未注册" : "邮箱未注册") });
          accountInput.current?.focus();
          break;
        case 410: {
          const query = new URLSearchParams({
            type: kind === "phone" ? "phone" : "email",
            account: trimmed,
            msg: RESET_FOR_SAFETY,
          });
          window.location.assign(`/reset-password?${query.toString()}`);
          return;
        }
        default:
          onError(serverMessage || "登录失败，请稍后重试");
      }
    } finally {
      // A captcha answers once, right or wrong.
      if (needsCaptcha) {
        setImageCode("");
        void captcha.refresh();
      }
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <AccountField
        ref={accountInput}
        idPrefix={idPrefix}
        onPandaChange={onPandaChange}
        inputMode="email"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={errors.account}
      />
      <PasswordField
        ref={passwordInput}
        idPrefix={idPrefix}
        onPandaChange={onPandaChange}
        placeholder="请输入密码"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {needsCaptcha || errors.imageCode ? (
        <CaptchaField
          idPrefix={idPrefix}
          hideLabel
          captcha={captcha}
          value={imageCode}
          onChange={setImageCode}
          error={errors.imageCode}
        />
      ) : null}
      <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel="登录中...">
        登录
      </SubmitButton>
    </form>
  );
}

type AuthFieldProps = Omit<ComponentProps<typeof Field>, "id" | "name" | "label" | "hideLabel"> & {
  idPrefix: string;
  onPandaChange?: (state: PandaState) => void;
};

/** 手机号或邮箱, which the login and the registration form both start with; the panda greets it. */
export function AccountField({ idPrefix, onPandaChange, ...input }: AuthFieldProps) {
  return (
    <Field
      id={`${idPrefix}-account`}
      name="account"
      label="手机号或邮箱"
      hideLabel
      placeholder="请输入手机号或邮箱"
      autoComplete="username"
      maxLength={LIMITS.accountInputMax}
      onFocus={() => onPandaChange?.("greeting")}
      onBlur={() => onPandaChange?.("normal")}
      {...input}
    />
  );
}

/** 密码 of the login and the registration form; the panda covers its eyes while it is typed. */
export function PasswordField({ idPrefix, onPandaChange, ...input }: AuthFieldProps) {
  return (
    <Field
      id={`${idPrefix}-password`}
      name="password"
      type="password"
      label="密码"
      hideLabel
      maxLength={LIMITS.passwordInputMax}
      onFocus={() => onPandaChange?.("blindfold")}
      onBlur={() => onPandaChange?.("normal")}
      {...input}
    />
  );
}
