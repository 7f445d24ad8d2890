import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

export interface ErrorPageProps {
  kind: "not-found" | "forbidden" | "unauthorized" | "error";
  message?: string;
  status?: number;
  detail?: string;
}

/** The content of the error views (error-views.tsx puts it in its section). */
export function ErrorPage({ kind, message, status, detail }: ErrorPageProps) {
  if (kind === "not-found") {
    return (
      <>
        <ErrorHead
          code="404"
          title={message || "页面不存在"}
          text="你访问的页面不存在或已被删除，请检查链接是否正确。"
        />
        <HomeLink />
      </>
    );
  }
  if (kind === "forbidden") {
    return (
      <>
        <ErrorHead code="403" title="没有权限" text={message || "你没有访问该页面的权限。"} />
        <HomeLink />
      </>
    );
  }
  if (kind === "unauthorized") return <Unauthorized />;
  return (
    <>
      <ErrorHead
        code={status && status >= 400 ? String(status) : "500"}
        title="出错了"
        text={message || "页面发生了错误，请稍后刷新重试。"}
      />
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <div className="error-actions">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <HomeLink />
      </div>
    </>
  );
}

/** The status, the title (the section's name, `error-title`) and the sentence every error view opens with. */
function ErrorHead({ code, title, text }: { code: string; title: string; text: string }) {
  return (
    <>
      <p className="error-code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-title" className="error-title">
        {title}
      </h1>
      <p className="error-text">{text}</p>
    </>
  );
}

function HomeLink() {
  return (
    <Link to="/" className="btn btn-primary">
      返回首页
    </Link>
  );
}

/** 401: the server already sent Refresh to "/"; the browser follows here too. */
function Unauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <ErrorHead code="401" title="请先登录" text="该页面需要登录后访问，正在返回首页…" />
      <HomeLink />
    </>
  );
}
