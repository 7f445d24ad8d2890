import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/notices";
import { SYSTEM_MESSAGE_MAX } from "../../../shared/notice-rules";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError } from "~/components/ui/field";
import { ConfirmDialog } from "~/components/ui/modal";
import { ApiError, api, errorMessage } from "~/lib/api";
import { forbidden, requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { beijingTime } from "../../../shared/format";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** The latest notices shown under the form: enough to see what went out last. */
const RECENT = 10;

/**
 * 系统通知 (/admin/notices): an admin writes a notice every user gets in 系统通知 (POST
 * /api/systemNotification), after confirming — it cannot be taken back. Under the form, the latest
 * notices, as the admin's own system notifications list them. Login required (401); anyone but an
 * admin gets 403 (the service checks again when posting).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  if (viewer.role !== "admin") forbidden();
  const page = await context.services.notifications.system({ limit: RECENT }, context.caller);
  return { recent: page.list.map(({ id, message, date }) => ({ id, message, date })) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "系统通知");

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { recent } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const length = [...message.trim()].length;

  function review(event: FormEvent) {
    event.preventDefault();
    if (length === 0) return setError("通知内容不能为空");
    if (length > SYSTEM_MESSAGE_MAX) return setError(`通知内容不能超过 ${SYSTEM_MESSAGE_MAX} 个字符`);
    setError(null);
    setConfirming(true);
  }

  async function send() {
    setBusy(true);
    try {
      await api.post("/api/systemNotification", { message: message.trim() });
      alert("通知已发布给所有用户", "success");
      setMessage("");
      void revalidator.revalidate();
    } catch (e) {
      setError(
        e instanceof ApiError && e.field === "message" ? e.message : errorMessage(e, "发布失败，请稍后重试"),
      );
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="container">
      <section className="panel">
        <header className="panel-header">
          <h1 className="panel-title">发布系统通知</h1>
        </header>
        <form className="notice-form" onSubmit={review} noValidate>
          <label htmlFor="notice-message" className="field-label">
            通知内容（所有用户都会在「系统通知」里看到，包括之后注册的用户）
          </label>
          <textarea
            id="notice-message"
            className="input notice-textarea"
            rows={5}
            value={message}
            aria-invalid={error ? true : undefined}
            aria-describedby="notice-count"
            onChange={(e) => setMessage(e.target.value)}
          />
          <p
            id="notice-count"
            className={length > SYSTEM_MESSAGE_MAX ? "notice-count field-error" : "notice-count"}
          >
            {length} / {SYSTEM_MESSAGE_MAX}
          </p>
          <FormError message={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            发布
          </button>
        </form>
        <h2 className="jobs-heading">最近的通知</h2>
        {recent.length === 0 ? (
          <EmptyState title="还没有发布过系统通知" />
        ) : (
          <ul className="jobs-troubled">
            {recent.map((n) => (
              <li key={n.id} className="jobs-job">
                <p className="notice-message">{n.message}</p>
                <time className="notice-time" dateTime={n.date}>
                  {beijingTime(n.date)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title="发布系统通知"
        message="通知会发给所有用户，发布后无法撤回。确定发布吗？"
        confirmLabel="发布"
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
