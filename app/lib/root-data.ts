/** The root loader's data, read anywhere in the tree (including the shell and error views). */
import { useRouteLoaderData } from "react-router";
import type { NuggetLoadContext } from "../../shared/load-context";
import { DEFAULT_SITE_NAME } from "./title";

/**
 * What of the load context every page may read (the viewer, the site's name and addresses, the
 * CSRF token), plus the unread notification total: 0 for a visitor and until notifications exist.
 */
export type RootData = Pick<
  NuggetLoadContext,
  "viewer" | "siteName" | "csrfToken" | "devOutbox" | "supportEmail" | "publicUrl"
> & { unreadCount: number };

const EMPTY: RootData = {
  viewer: null,
  siteName: DEFAULT_SITE_NAME,
  csrfToken: "",
  devOutbox: false,
  supportEmail: "",
  publicUrl: "",
  unreadCount: 0,
};

/** Undefined only when the root loader itself failed; the shell then renders logged out. */
export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? EMPTY;
}
