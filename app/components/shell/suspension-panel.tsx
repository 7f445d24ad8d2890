import { deferred } from "~/lib/deferred";
import type { SuspensionPanelProps } from "./suspension-buttons";
import "./suspension-panel.css";

// Nothing in it is needed for the first render (the 客服 button appears once the page runs, back to
// top after scrolling): its code comes right after hydration, not with every page's JavaScript.
const Buttons = deferred(() => import("./suspension-buttons").then((m) => m.SuspensionButtons));

/**
 * The floating buttons at the bottom right: customer service once the page is ready, back to top
 * (and the dev outbox in development).
 */
export function SuspensionPanel(props: SuspensionPanelProps) {
  return <Buttons attrs={{ className: "suspension-panel" }} props={props} />;
}
