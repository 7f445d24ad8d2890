import { useShell } from "~/components/shell/shell-context";

/** The end of a mailed-link page that changed the account: what happened, and the way back in. */
export function SignInAgain({ message }: { message: string }) {
  const { openAuth } = useShell();
  return (
    <div className="result">
      <p className="notice notice-success" role="status">
        {message}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => openAuth("login")}>
        去登录
      </button>
    </div>
  );
}
