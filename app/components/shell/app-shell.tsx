import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { setCsrfToken } from "../../lib/api";
import { useRootData } from "../../lib/root-data";
import { AlertList, type AlertItem } from "./alert-list";
import { AuthModal, QuickLoginModal } from "./auth-modal";
import { Header } from "./header";
import type { AuthResult } from "./login-form";
import { ProgressBar } from "./progress-bar";
import { ShellContext, type AlertType, type AuthPanel, type ShellApi } from "./shell-context";
import { SuspensionPanel } from "./suspension-panel";

/** Spec §9: alerts go away after 3000 ms. */
const ALERT_MS = 3000;

/**
 * The app shell of spec §1 around every page and error view: header, global auth modal,
 * quick-login modal, alert list, suspension panel, navigation progress bar.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { viewer, siteName, csrfToken, devOutbox, unreadCount } = useRootData();
  const revalidator = useRevalidator();
  const [authPanel, setAuthPanel] = useState<AuthPanel | null>(null);
  const [quickLogin, setQuickLogin] = useState(false);
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const nextAlertId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => setCsrfToken(csrfToken), [csrfToken]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setAlerts((list) => list.filter((item) => item.id !== id));
  }, []);

  const alert = useCallback(
    (message: string, type: AlertType = "info", duration = ALERT_MS) => {
      const id = nextAlertId.current++;
      setAlerts((list) => [...list, { id, message, type }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss],
  );

  const { revalidate } = revalidator;
  const refreshSession = useCallback(() => {
    void revalidate();
  }, [revalidate]);

  const openAuth = useCallback((panel: AuthPanel = "login") => {
    setQuickLogin(false);
    setAuthPanel(panel);
  }, []);
  const openQuickLogin = useCallback(() => {
    setAuthPanel(null);
    setQuickLogin(true);
  }, []);
  const closeAuth = useCallback(() => {
    setAuthPanel(null);
    setQuickLogin(false);
  }, []);
  const requireLogin = useCallback(() => {
    if (viewer) return true;
    openQuickLogin();
    return false;
  }, [viewer, openQuickLogin]);

  const api = useMemo<ShellApi>(
    () => ({ viewer, siteName, openAuth, openQuickLogin, closeAuth, requireLogin, alert, refreshSession }),
    [viewer, siteName, openAuth, openQuickLogin, closeAuth, requireLogin, alert, refreshSession],
  );

  const onAuthenticated = (result: AuthResult, how: AuthPanel) => {
    closeAuth();
    alert(how === "register" ? `注册成功，欢迎你，${result.user.username}` : "登录成功", "success");
    refreshSession();
  };

  return (
    <ShellContext.Provider value={api}>
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <ProgressBar />
      <Header unreadCount={unreadCount} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <AuthModal
        panel={authPanel}
        onPanelChange={setAuthPanel}
        onClose={closeAuth}
        onSuccess={onAuthenticated}
        onError={(message) => alert(message, "error")}
        onNotice={(message) => alert(message, "success")}
      />
      <QuickLoginModal
        open={quickLogin}
        onClose={closeAuth}
        onSuccess={(result) => onAuthenticated(result, "login")}
        onError={(message) => alert(message, "error")}
        onRegister={() => openAuth("register")}
      />
      <AlertList alerts={alerts} onDismiss={dismiss} />
      <SuspensionPanel devOutbox={devOutbox} />
    </ShellContext.Provider>
  );
}
