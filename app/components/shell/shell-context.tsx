import { createContext, useContext } from "react";
import type { Viewer } from "../../../shared/load-context";

export type AuthPanel = "login" | "register";
export type AlertType = "success" | "error" | "info" | "warning";

/**
 * The shell without its reader: the same for everyone who reads a page, and so all that a cached part
 * (ADR 014) may read. Its functions are for what a click does: `requireLogin` asks about the reader,
 * so it is called from a handler, not while rendering (a cached part's own render answers "no").
 */
export interface PublicShell {
  siteName: string;
  /** Opens the global auth modal on the given panel. */
  openAuth: (panel?: AuthPanel) => void;
  /** Opens the small login-only dialog. */
  openQuickLogin: () => void;
  closeAuth: () => void;
  /**
   * Guard for actions that need a login (like, follow, comment…): true when logged in,
   * otherwise opens the quick-login dialog and answers false.
   */
  requireLogin: () => boolean;
  /** Shows a message in the alert list; it goes away after 3000 ms unless `duration` says otherwise. */
  alert: (message: string, type?: AlertType, duration?: number) => void;
  /** Call after login, registration or a profile change: reloads every loader so the page follows. */
  refreshSession: () => void;
  /**
   * Celebrates a posted text with the emoji barrage when it asks for one (233, 666, 牛/赞/👍 —
   * app/lib/barrage.ts); otherwise, or for readers who prefer reduced motion, does nothing.
   */
  barrage: (text: string) => void;
}

/** What any page or component outside a cached part can ask of the app shell: also who reads. */
export interface ShellApi extends PublicShell {
  viewer: Viewer | null;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell must be used inside <AppShell>");
  return shell;
}

/**
 * The shell as a cached part's components read it: no viewer in its type (a cached part's HTML is
 * shared by every reader). Cached parts' files may not import `useShell` (eslint.config.js).
 */
export function usePublicShell(): PublicShell {
  return useShell();
}
