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
        <p className="error-code" aria-hidden="true">
          404
        </p>
        <h1 id="error-title" className="error-title">
          {message || "页面不存在"}
        </h1>
        <p className="error-text">你访问的页面不存在或已被删除，请检查链接是否正确。</p>
        <HomeLink />
      </>
    );
  }
  if (kind === "forbidden") {
    return (
      <>
        <p className="error-code" aria-hidden="true">
          403
        </p>
        <h1 id="error-title" className="error-title">
          没有权限
        </h1>
        <p className="error-text">{message || "你没有访问该页面的权限。"}</p>
        <HomeLink />
      </>
    );
  }
  if (kind === "unauthorized") return <Unauthorized />;
  return (
    <>
      <p className="error-code" aria-hidden="true">
        {status && status >= 400 ? status : "500"}
      </p>
      <h1 id="error-title" className="error-title">
        出错了
      </h1>
      <p className="error-text">{message || "页面发生了错误，请稍后刷新重试。"}</p>
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
      <p className="error-code" aria-hidden="true">
        401
      </p>
      <h1 id="error-title" className="error-title">
        请先登录
      </h1>
      <p className="error-text">该页面需要登录后访问，正在返回首页…</p>
      <HomeLink />
    </>
  );
}
