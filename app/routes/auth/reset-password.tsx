import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/reset-password";
import {
  NewPasswordFields,
  useNewPassword,
  type NewPasswordErrors,
} from "~/components/forms/new-password-fields";
import {
  PhoneVerification,
  usePhoneVerification,
  type PhoneVerificationErrors,
} from "~/components/forms/phone-verification";
import { useShell } from "~/components/shell/shell-context";
import { SignInAgain } from "~/components/forms/sign-in-again";
import { fieldErrors, SubmitButton } from "~/components/forms/form-submit";
import { ACCOUNT_EMAIL_INPUT } from "~/components/forms/account-email-input";
import { CaptchaField } from "~/components/forms/captcha-field";
import { useCaptcha } from "~/components/forms/use-captcha";
import { Field } from "~/components/ui/field";
import {
  checkCaptcha,
  checkEmail,
  checkPhone,
  checkSmsCode,
  isPhone,
  LIMITS,
} from "../../../shared/validation";
import { api, ApiError, errorMessage } from "~/lib/api";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

type Method = "phone" | "email";

/** The two ways back in, as the tabs name them. */
const METHODS: readonly { value: Method; title: string }[] = [
  { value: "phone", title: "手机号找回" },
  { value: "email", title: "邮箱找回" },
];

/** resetPassword: ?type=email|phone&account=…&msg=… (the login's 410 lands here with a notice). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const account = (url.searchParams.get("account") ?? "").slice(0, LIMITS.accountInputMax);
  const type = url.searchParams.get("type");
  const method: Method =
    type === "email" || type === "phone" ? type : account && !isPhone(account) ? "email" : "phone";
  return { method, account, msg: (url.searchParams.get("msg") ?? "").slice(0, 200) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "重置密码");

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const [method, setMethod] = useState<Method>(loaderData.method);
  const initial = (m: Method) => (m === loaderData.method ? loaderData.account : "");

  return (
    <div className="container narrow">
      <section className="panel auth-page">
        <h1 className="panel-title">重置密码</h1>
        {loaderData.msg ? (
          <p className="notice notice-warning" role="status">
            {loaderData.msg}
          </p>
        ) : null}
        <div className="route-tabs" role="tablist" aria-label="找回方式">
          {METHODS.map(({ value, title }) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`reset-tab-${value}`}
              aria-selected={method === value}
              aria-controls="reset-panel"
              className={method === value ? "route-tab active" : "route-tab"}
              onClick={() => setMethod(value)}
            >
              {title}
            </button>
          ))}
        </div>
        <div id="reset-panel" role="tabpanel" aria-labelledby={`reset-tab-${method}`}>
          {method === "phone" ? (
            <PhoneReset key="phone" initialPhone={initial("phone")} />
          ) : (
            <EmailReset key="email" initialEmail={initial("email")} />
          )}
        </div>
      </section>
    </div>
  );
}

type PhoneErrors = PhoneVerificationErrors & NewPasswordErrors;

/** Phone: captcha → SMS code (useType restpwd) → new password → POST /api/v1/restPassword. */
function PhoneReset({ initialPhone }: { initialPhone: string }) {
  const { alert } = useShell();
  const [phone, setPhone] = useState(initialPhone);
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<PhoneErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const verification = usePhoneVerification("restpwd");
  const { smsCode } = verification;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: PhoneErrors = {
      ...fieldErrors({ phone: checkPhone(phone), smsCode: checkSmsCode(smsCode) }),
      ...newPassword.check(),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/restPassword", {
        phone: phone.trim(),
        smsCode: smsCode.trim(),
        new_password: newPassword.password,
      });
      setDone(true);
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      if (field === "new_password") setErrors({ password: errorMessage(e) });
      else if (field === "phone") setErrors({ phone: errorMessage(e) });
      else setErrors({ smsCode: errorMessage(e, "重置失败，请稍后重试") });
    } finally {
      setBusy(false);
    }
  }

  if (done) return <SignInAgain message="密码已重置，请使用新密码登录。" />;

  return (
    <ResetForm onSubmit={submit} busy={busy} busyLabel="提交中..." label="重置密码">
      <PhoneVerification
        idPrefix="reset"
        verification={verification}
        phone={phone}
        phoneInput={{ placeholder: "请输入注册时使用的手机号", onChange: setPhone }}
        errors={errors}
        onSent={(notice) => {
          setErrors({});
          alert(notice, "success");
        }}
        onSendError={(message, field) => (field ? setErrors({ [field]: message }) : alert(message, "error"))}
      />
      <NewPasswordFields
        ids={{ password: "reset-password", confirm: "reset-confirm" }}
        value={newPassword}
        errors={errors}
      />
    </ResetForm>
  );
}

/**
 * E-mail: the image captcha, then POST /api/v1/restPwdByEmail sends a link to
 * /set-new-password?token=… (behind the captcha, so nobody asks for addresses in bulk).
 */
function EmailReset({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [imageCode, setImageCode] = useState("");
  const captcha = useCaptcha(true);
  const [errors, setErrors] = useState<{ email?: string; imageCode?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = fieldErrors({ email: checkEmail(email), imageCode: checkCaptcha(imageCode) });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post("/api/v1/restPwdByEmail", {
        email: email.trim(),
        imageToken: captcha.imageToken,
        imageCode: imageCode.trim(),
      });
      setErrors({});
      setSentTo(email.trim());
    } catch (e) {
      const message = errorMessage(e, "发送失败，请稍后重试");
      setErrors(
        e instanceof ApiError && e.field === "imageCode" ? { imageCode: message } : { email: message },
      );
    } finally {
      // The captcha is spent whatever the answer: the next try needs a new picture.
      setImageCode("");
      void captcha.refresh();
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="result">
        <p className="notice notice-success" role="status">
          请查收邮件：我们已向 {sentTo} 发送了重置密码的链接，请按邮件中的提示设置新密码。
        </p>
        <button type="button" className="btn" onClick={() => setSentTo(null)}>
          没有收到？重新发送
        </button>
      </div>
    );
  }

  return (
    <ResetForm onSubmit={submit} busy={busy} busyLabel="发送中..." label="发送重置邮件">
      <Field
        id="reset-email"
        name="email"
        label="邮箱"
        placeholder="请输入注册时使用的邮箱"
        {...ACCOUNT_EMAIL_INPUT}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <CaptchaField
        idPrefix="reset-email"
        captcha={captcha}
        value={imageCode}
        onChange={setImageCode}
        error={errors.imageCode}
      />
    </ResetForm>
  );
}

/** Both ways of resetting end alike: the submit button, then the way back for who remembered. */
function ResetForm({
  onSubmit,
  busy,
  busyLabel,
  label,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  busyLabel: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate>
      {children}
      <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
      <p className="form-foot">
        想起密码了？<Link to="/">返回首页</Link>
      </p>
    </form>
  );
}
