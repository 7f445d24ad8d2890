import type { AppLoadContext } from "react-router";
import { requireViewer } from "./guards.server";

/**
 * The loader of a page that only a signed-in reader may open and that loads no data of its own
 * (a layout of tabs, a form): the 401 of requireViewer for anyone else.
 */
export function viewerOnlyLoader({ context }: { context: AppLoadContext }) {
  requireViewer(context);
  return null;
}
