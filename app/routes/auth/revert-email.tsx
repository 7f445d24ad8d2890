import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/revert-email";
import { SignInAgain } from "~/components/forms/sign-in-again";
import { api, errorMessage } from "~/lib/api";
import { linkToken } from "~/lib/link-token.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/**
 * The old address's "this wasn't me" link after an e-mail change. Opening it changes
 * nothing — mail scanners open links — the button does: revertEmailChange restores the old address
 * and ends every session of the account.
 */
export function loader({ request }: Route.LoaderArgs) {
  return linkToken(request, 128);
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "撤销邮箱更换");

export default function RevertEmail({ loaderData }: Route.ComponentProps) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function revert() {
    setBusy(true);
    setFailure(null);
    try {
      await api.post("/api/v1/revertEmailChange", { token: loaderData.token });
      setDone(true);
    } catch (e) {
      setFailure(errorMessage(e, "链接无效或已过期"));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!loaderData.token) {
    body = (
      <p className="notice notice-warning" role="status">
        链接无效或已过期。如果账号已不在你手里，请用 <Link to="/reset-password?type=email">找回密码</Link>{" "}
        或联系客服。
      </p>
    );
  } else if (done) {
    body = <SignInAgain message="已改回原邮箱，所有设备上的登录都已退出。请重新登录，并尽快修改密码。" />;
  } else {
    body = (
      <div className="result">
        <p>
          你的账号邮箱刚被更换。如果这不是你本人的操作，点击下面的按钮：邮箱会改回收到这封邮件的地址，
          账号在所有设备上的登录都会退出，之后请用「忘记密码」重设密码。
        </p>
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={revert} disabled={busy}>
          {busy ? "正在恢复..." : "这不是我，恢复原邮箱"}
        </button>
        <p className="muted">如果是你本人更换的邮箱，关闭本页即可，什么都不会改变。</p>
      </div>
    );
  }

  return (
    <div className="container narrow">
      <section className="panel auth-page">
        <h1 className="panel-title">撤销邮箱更换</h1>
        {body}
      </section>
    </div>
  );
}
