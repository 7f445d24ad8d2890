import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

/** 404: what the splat route and every "no such id" loader end in. */
export function NotFoundView({ message }: { message?: string }) {
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="error-title">
        {message || "页面不存在"}
      </h1>
      <p className="error-text">你访问的页面不存在或已被删除，请检查链接是否正确。</p>
      <Link to="/" className="btn btn-primary">
        返回首页
      </Link>
    </section>
  );
}

/** 403: logged in, but this page is for someone else (admins). `message` says who may come. */
export function ForbiddenView({ message }: { message?: string }) {
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        403
      </p>
      <h1 id="error-title" className="error-title">
        没有权限
      </h1>
      <p className="error-text">{message || "你没有访问该页面的权限。"}</p>
      <Link to="/" className="btn btn-primary">
        返回首页
      </Link>
    </section>
  );
}

/** 401 on a login-required page: the server already sent Refresh to "/"; the browser follows here too. */
export function UnauthorizedView() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        401
      </p>
      <h1 id="error-title" className="error-title">
        请先登录
      </h1>
      <p className="error-text">该页面需要登录后访问，正在返回首页…</p>
      <Link to="/" className="btn btn-primary">
        返回首页
      </Link>
    </section>
  );
}

/** Anything else: the generic error page. Details only in development. */
export function ErrorView({ status, detail }: { status?: number; detail?: string }) {
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {status && status >= 400 ? status : "500"}
      </p>
      <h1 id="error-title" className="error-title">
        出错了
      </h1>
      <p className="error-text">页面发生了错误，请稍后刷新重试。</p>
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      <div className="error-actions">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <Link to="/" className="btn btn-primary">
          返回首页
        </Link>
      </div>
    </section>
  );
}
