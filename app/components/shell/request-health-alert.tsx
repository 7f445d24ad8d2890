import { lazy, Suspense, useEffect, useState } from "react";
import { REQUEST_HEALTH_EVENT } from "~/lib/request-health";

// The notice itself loads the first time it is raised: most readers never see it (the budget).
const RequestHealthPanel = lazy(() =>
  import("./request-health-panel").then((m) => ({ default: m.RequestHealthPanel })),
);

/**
 * 请求异常 (spec §4): raised by app/lib/request-health.ts after repeated requests the browser could
 * not make. Stays until closed; closing keeps it away for 24 hours.
 */
export function RequestHealthAlert() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(REQUEST_HEALTH_EVENT, show);
    return () => window.removeEventListener(REQUEST_HEALTH_EVENT, show);
  }, []);

  return open ? (
    <Suspense fallback={null}>
      <RequestHealthPanel onClosed={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
