import { redirect } from "react-router";
import type { Route } from "./+types/settings-index";
import { requireViewer } from "~/lib/guards.server";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** /user/settings goes to its profile tab. */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  throw redirect("/user/settings/profile");
}
