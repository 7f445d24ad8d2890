import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/reports";
import { useShell } from "~/components/shell/shell-context";
import { PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { FirstNextPager, pageHref } from "~/components/ui/pager";
import { api, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { pointerParam } from "~/lib/keyset-page.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { beijingTime } from "../../../shared/format";
import type { PresentedCase } from "../../../shared/api-types";
import {
  DECISION_LABELS,
  DECISION_REASON_MAX,
  REASON_LABELS,
  TARGET_LABELS,
  type Decision,
  type ReportReason,
  type ReportTarget,
} from "../../../shared/report-rules";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

const POINTER = /^[\dT:.Z-]{10,30}_[0-9a-f]{24}$/;
const hrefOf = (pointer?: string | null) => pageHref("/admin/reports", pointer);

/**
 * 举报处理 (/admin/reports?pointer=): open reports gathered by target, oldest first, keyset
 * paged; each target is decided once (hide, delete, dismiss, warn or suspend the author), which
 * closes all its reports. Editors and admins; anyone else goes back to "/" with 没有权限.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const pointer = pointerParam(request, POINTER);
  const page = await fromService(context.services.moderation.queue({ pointer }, context.caller));
  return {
    list: page.list,
    nextHref: page.canNext ? hrefOf(page.pointer) : null,
    paged: !!pointer,
    admin: viewer.role === "admin",
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "举报处理");

const HIDEABLE = new Set(["entry", "pin", "comment"]);
const FLAGS: Record<string, string> = { links: "新账号多链接", reports: "多人举报" };

/** The decisions a moderator may take on this target. */
function choicesFor(c: PresentedCase, admin: boolean): Decision[] {
  const all: Decision[] = ["dismiss", "hide", "warn", "delete", "suspend"];
  return all.filter(
    (d) =>
      (d !== "hide" || HIDEABLE.has(c.targetType)) &&
      (d !== "delete" || (admin && c.targetType !== "user")) &&
      (d !== "suspend" || admin),
  );
}

/** `days` from now as a date input's value: a week is the suspension form's first offer. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function CaseRow({ c, admin }: { c: PresentedCase; admin: boolean }) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const choices = choicesFor(c, admin);
  const [action, setAction] = useState<Decision>(choices[0]);
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState(() => daysFromNow(7));
  const [busy, setBusy] = useState(false);
  const field = `case-${c.id}`;

  async function decide(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      // The date input names a day: the suspension ends at its midnight, Beijing time.
      const end = action === "suspend" ? new Date(`${until}T00:00:00+08:00`).toISOString() : undefined;
      await api.post(`/api/admin/reports/${c.id}/decide`, { action, reason: reason.trim(), until: end });
      alert(`已${DECISION_LABELS[action]}`, "success");
      void revalidator.revalidate();
    } catch (error) {
      setBusy(false);
      alert(errorMessage(error, "处理失败，请稍后再试"), "error");
    }
  }

  const kind = TARGET_LABELS[c.targetType as ReportTarget] ?? c.targetType;
  return (
    <li className="report-case">
      <div className="report-case-head">
        <span className="jobs-badge">{kind}</span>
        {c.autoFlag ? (
          <span className="jobs-badge jobs-badge-failed">{FLAGS[c.autoFlag] ?? c.autoFlag}</span>
        ) : null}
        {c.hidden ? <span className="jobs-badge">已隐藏</span> : null}
        <span className="report-case-count">{c.reporterCount} 人举报</span>
        <time dateTime={c.openedAt}>最早 {beijingTime(c.openedAt)}</time>
      </div>
      <p className="report-case-excerpt">
        <Link to={c.href}>{c.excerpt || "（无内容）"}</Link>
      </p>
      <p className="report-case-meta">
        作者：
        {c.author ? <Link to={`/user/${c.author.id}`}>{c.author.username}</Link> : "（已注销）"}
        {c.reasons.length ? (
          <>
            <span aria-hidden="true"> · </span>
            原因：{c.reasons.map((r) => REASON_LABELS[r as ReportReason] ?? r).join("、")}
          </>
        ) : null}
      </p>
      {c.reports.some((r) => r.text) ? (
        <ul className="report-case-words">
          {c.reports
            .filter((r) => r.text)
            .map((r, i) => (
              <li key={i}>
                「{r.text}」<small>{REASON_LABELS[r.reason as ReportReason] ?? r.reason}</small>
              </li>
            ))}
        </ul>
      ) : null}
      <form className="report-decide" onSubmit={(e) => void decide(e)} aria-label={`处理：${c.excerpt}`}>
        <label>
          <span className="visually-hidden">处理方式</span>
          <select
            className="select"
            value={action}
            onChange={(e) => setAction(e.target.value as Decision)}
            id={`${field}-action`}
          >
            {choices.map((d) => (
              <option key={d} value={d}>
                {DECISION_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
        {action === "suspend" ? (
          <label className="report-until">
            暂停至
            <input
              type="date"
              className="input"
              value={until}
              min={daysFromNow(1)}
              onChange={(e) => setUntil(e.target.value)}
              required
            />
          </label>
        ) : null}
        <label className="report-reason-input">
          <span className="visually-hidden">理由</span>
          <input
            className="input"
            value={reason}
            maxLength={DECISION_REASON_MAX}
            placeholder={
              action === "warn" || action === "suspend" ? "理由（必填，作者会看到）" : "理由（选填）"
            }
            required={action === "warn" || action === "suspend"}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "处理中…" : "确认"}
        </button>
      </form>
    </li>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { list, nextHref, paged, admin } = loaderData;
  return (
    <PageSection title="举报处理" actions={<Link to="/admin/audit">审核日志</Link>}>
      <p className="withdrawals-lead">
        同一内容的举报合并为一行，最早的在前。任何处理都会关闭这条内容的全部举报，并通知举报人和作者。
        {admin ? "" : "删除内容和暂停账号需要管理员。"}
      </p>
      {list.length === 0 ? (
        <EmptyState title="没有待处理的举报" description="新的举报和自动拦截的内容会出现在这里" />
      ) : (
        <ul className="report-cases">
          {list.map((c) => (
            <CaseRow key={c.id} c={c} admin={admin} />
          ))}
        </ul>
      )}
      <FirstNextPager firstHref={hrefOf()} nextHref={nextHref} paged={paged} />
    </PageSection>
  );
}
