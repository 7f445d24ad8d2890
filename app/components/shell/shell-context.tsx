import { createContext, useContext } from "react";
import type { Viewer } from "../../../shared/load-context";

export type AuthPanel = "login" | "register";
export type AlertType = "success" | "error" | "info" | "warning";

/** What any page or component can ask of the app shell. */
export interface ShellApi {
  viewer: Viewer | null;
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

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell must be used inside <AppShell>");
  return shell;
}
