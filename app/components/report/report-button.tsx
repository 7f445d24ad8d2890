import { lazy, Suspense, useState } from "react";
import type { ReportTarget } from "../../../shared/report-rules";
import "./report.css";

// Loaded when 举报 is pressed: few readers ever report anything.
const ReportDialog = lazy(() => import("./report-dialog"));

/**
 * 举报: a link-styled button beside a target's other actions that opens the report
 * dialog. Pages show it to signed-in readers who are not the author, and load this file lazily.
 */
export default function ReportButton({
  targetType,
  targetId,
  className = "link-button report-button",
}: {
  targetType: ReportTarget;
  targetId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        举报
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
