/** The root loader's data, read anywhere in the tree (including the shell and error views). */
import { useRouteLoaderData } from "react-router";
import type { Viewer } from "../../shared/load-context";
import { DEFAULT_SITE_NAME } from "./title";

export interface RootData {
  viewer: Viewer | null;
  siteName: string;
  csrfToken: string;
  devOutbox: boolean;
  /** Where customer service answers (SUPPORT_EMAIL), offered by the suspension panel's 客服. */
  supportEmail: string;
  /** The site's address (PUBLIC_URL), for absolute links in the head (canonical, share cards, feeds). */
  publicUrl: string;
  /** Unread notification total; fetched once notifications exist, 0 until then. */
  unreadCount: number;
}

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
