import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/set-new-password";
import { SignInAgain } from "~/components/forms/sign-in-again";
import {
  NewPasswordFields,
  useNewPassword,
  type NewPasswordErrors,
} from "~/components/forms/new-password-fields";
import { api, ApiError, errorMessage } from "~/lib/api";
import { linkToken } from "~/lib/link-token.server";
import { titleMeta } from "~/lib/title";
import { SubmitButton } from "~/components/forms/form-submit";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** setNewPassword: the e-mail link's ?token=…; new password twice → changePasswordByEmailToken. */
export function loader({ request }: Route.LoaderArgs) {
  return linkToken(request, 512);
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "设置新密码");

export default function SetNewPassword({ loaderData }: Route.ComponentProps) {
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPassword.check();
    setErrors(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      await api.post("/api/v1/changePasswordByEmailToken", {
        mail_token: loaderData.token,
        new_password: newPassword.password,
      });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.field === "new_password") setErrors({ password: e.message });
      else setFailure(errorMessage(e, "链接无效或已过期，请重新申请重置密码"));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!loaderData.token) {
    body = (
      <div className="result">
        <p className="notice notice-warning" role="status">
          链接无效或已过期，请重新申请重置密码。
        </p>
        <Link to="/reset-password?type=email" className="btn btn-primary">
          重新申请
        </Link>
      </div>
    );
  } else if (done) {
    body = <SignInAgain message="密码已重置，请使用新密码登录。" />;
  } else {
    body = (
      <form className="stack-form" onSubmit={submit} noValidate>
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure} <Link to="/reset-password?type=email">重新申请</Link>
          </p>
        ) : null}
        <NewPasswordFields
          ids={{ password: "new-password", confirm: "new-password-confirm" }}
          value={newPassword}
          errors={errors}
        />
        <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel="提交中...">
          确认修改
        </SubmitButton>
      </form>
    );
  }

  return (
    <div className="container narrow">
      <section className="panel auth-page">
        <h1 className="panel-title">设置新密码</h1>
        {body}
      </section>
    </div>
  );
}
