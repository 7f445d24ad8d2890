import { useState, type FormEvent } from "react";
import { Modal } from "~/components/ui/modal";
import { useShell } from "~/components/shell/shell-context";
import { api, ApiError, errorMessage } from "~/lib/api";
import {
  REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  TARGET_LABELS,
  checkReport,
  type ReportReason,
  type ReportTarget,
} from "../../../shared/report-rules";

/**
 * The report dialog: a reason (radio buttons, arrow keys move between them), the
 * reporter's words (required for 其他), checked by the same rule as the server; the server's
 * refusal shows under its field. A repeat report of the same target updates the first.
 */
export default function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTarget;
  targetId: string;
  onClose: () => void;
}) {
  const { alert } = useShell();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [text, setText] = useState("");
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const bad = checkReport(reason, text);
    if (bad) return setError(bad);
    setBusy(true);
    try {
      const d = await api.post<{ updated: boolean }>("/api/reports", {
        targetType,
        targetId,
        reason,
        text: text.trim(),
      });
      alert(d.updated ? "已更新你的举报，我们会尽快处理" : "举报已提交，我们会尽快处理", "success");
      onClose();
    } catch (e) {
      setBusy(false);
      const field = e instanceof ApiError ? (e.field ?? "") : "";
      if (field === "reason" || field === "text") setError({ field, message: errorMessage(e, "") });
      else alert(errorMessage(e, "举报失败，请稍后再试"), "error");
    }
  }

  const textRequired = reason === "other";
  return (
    <Modal open onClose={onClose} labelledBy="report-title" className="report-dialog">
      <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 id="report-title" className="modal-title">
        举报{TARGET_LABELS[targetType]}
      </h2>
      <form className="report-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset
          className="report-reasons"
          aria-describedby={error?.field === "reason" ? "report-reason-error" : undefined}
        >
          <legend>举报原因</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
              />
              {REASON_LABELS[r]}
            </label>
          ))}
          {error?.field === "reason" ? (
            <p id="report-reason-error" className="field-error" role="alert">
              {error.message}
            </p>
          ) : null}
        </fieldset>
        <label className="report-text-label" htmlFor="report-text">
          说明{textRequired ? "（必填）" : "（选填）"}
        </label>
        <textarea
          id="report-text"
          className="input report-text"
          rows={3}
          value={text}
          maxLength={REPORT_TEXT_MAX}
          required={textRequired}
          aria-invalid={error?.field === "text" || undefined}
          aria-describedby="report-text-count"
          placeholder="请描述具体问题，便于我们核实"
          onChange={(e) => {
            setText(e.target.value);
            if (error?.field === "text") setError(null);
          }}
        />
        <div className="report-text-foot">
          {error?.field === "text" ? (
            <p className="field-error" role="alert">
              {error.message}
            </p>
          ) : (
            <span />
          )}
          <span id="report-text-count" className="report-count">
            {text.trim().length}/{REPORT_TEXT_MAX}
          </span>
        </div>
        <div className="confirm-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "提交中…" : "提交举报"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
