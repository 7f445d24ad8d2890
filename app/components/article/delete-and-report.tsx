import { lazy, Suspense } from "react";
import { useShell } from "~/components/shell/shell-context";
import type { DeletableContent } from "./delete-post-button";

// Only the author and admins see 删除: its code stays out of every other reader's load.
const DeleteContentButton = lazy(() =>
  import("./delete-post-button").then((m) => ({ default: m.DeleteContentButton })),
);
// 举报 for signed-in readers other than the author, loaded only for them.
const ReportButton = lazy(() => import("~/components/report/report-button"));

/**
 * The end of an article's or a share's meta line: · 删除 for its author or an admin (spec §6: an
 * admin may take any content down), · 举报 for other signed-in readers.
 */
export function DeleteAndReport(content: DeletableContent) {
  const { viewer } = useShell();
  const own = viewer?.id === content.authorId;
  return (
    <>
      {own || viewer?.role === "admin" ? (
        <>
          <span aria-hidden="true"> · </span>
          <Suspense fallback={null}>
            <DeleteContentButton {...content} />
          </Suspense>
        </>
      ) : null}
      {viewer && !own ? (
        <>
          <span aria-hidden="true"> · </span>
          <Suspense fallback={null}>
            <ReportButton targetType="entry" targetId={content.id} />
          </Suspense>
        </>
      ) : null}
    </>
  );
}
