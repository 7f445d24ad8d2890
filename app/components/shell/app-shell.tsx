import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useRevalidator } from "react-router";
import { setCsrfToken } from "~/lib/api";
import { redirectAlertOf, searchWithoutAlert } from "~/lib/redirect-alert";
import { useRootData } from "~/lib/root-data";
import { useLiveUnread } from "~/lib/use-live-unread";
import { usePageViewTracking } from "~/lib/tracking";
import { useLazyImages } from "~/components/ui/lazy-image";
import { useWechatShare } from "~/lib/wechat/use-wechat-share";
import { AlertList, type AlertItem } from "./alert-list";
import type { BarrageRun } from "./barrage-run";
import { Header } from "./header";
import type { AuthResult } from "./login-form";
import { ProgressBar } from "./progress-bar";
import { RequestHealthAlert } from "./request-health-alert";
import { ShellContext, type AlertType, type AuthPanel, type ShellApi } from "./shell-context";
import { SuspensionPanel } from "./suspension-panel";

// Loaded the first time they open: the forms, the panda and the third-party buttons are the bulk of
// the shell, and most page views never open them (the JavaScript budget).
const AuthModal = lazy(() => import("./auth-modal").then((m) => ({ default: m.AuthModal })));
const QuickLoginModal = lazy(() => import("./auth-modal").then((m) => ({ default: m.QuickLoginModal })));
const Barrage = lazy(() => import("./barrage").then((m) => ({ default: m.Barrage })));

/** Spec §9: alerts go away after 3000 ms. */
const ALERT_MS = 3000;

/**
 * The app shell of spec §1 around every page and error view: header, global auth modal,
 * quick-login modal, alert list, request-health alert, suspension panel, emoji barrage, navigation
 * progress bar.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { viewer, siteName, csrfToken, devOutbox, supportEmail, unreadCount } = useRootData();
  const revalidator = useRevalidator();
  const [authPanel, setAuthPanel] = useState<AuthPanel | null>(null);
  const [quickLogin, setQuickLogin] = useState(false);
  const location = useLocation();
  // An alert a redirect asked for (?alert=forbidden, spec §6) is in the server's markup already, so
  // it shows before any script runs and is announced (role="alert") like any other error alert.
  const [alerts, setAlerts] = useState<AlertItem[]>(() => {
    const message = redirectAlertOf(location.search);
    return message ? [{ id: 0, message, type: "error" }] : [];
  });
  const [barrageRun, setBarrageRun] = useState<BarrageRun | null>(null);
  const nextAlertId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  usePageViewTracking();
  useLazyImages();
  useWechatShare(location.key);
  // The bell and the title's "(n) " follow the live stream while the page stays open.
  const unread = useLiveUnread(viewer?.id ?? null, unreadCount, location.key);

  useEffect(() => setCsrfToken(csrfToken), [csrfToken]);

  // An invitation link (/?invite=CODE) opens registration for a visitor; the code waits in
  // sessionStorage for the register form. Runs once: the link is the landing page. The code that
  // reads it loads only for such a link.
  useEffect(() => {
    const search = window.location.search;
    if (!new URLSearchParams(search).has("invite")) return;
    import("~/lib/invite").then(
      ({ rememberInvite }) => {
        if (rememberInvite(search) && !viewer) setAuthPanel("register");
      },
      () => {}, // the link still works as a plain visit
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  // A redirect's alert: the first page's came with the server's markup (id 0) and only needs its
  // timer; one reached by a later navigation is added now. Then the code leaves the address bar (a
  // reload or a copied link should not say it again), without a navigation that reloads the data.
  const serverAlertPending = useRef(alerts.length > 0);
  useEffect(() => {
    const message = redirectAlertOf(location.search);
    if (!message) return;
    if (serverAlertPending.current) {
      timers.current.set(
        0,
        setTimeout(() => dismiss(0), ALERT_MS),
      );
    } else {
      alert(message, "error");
    }
    serverAlertPending.current = false;
    const url = `${location.pathname}${searchWithoutAlert(location.search)}${location.hash}`;
    window.history.replaceState(window.history.state, "", url);
    // Once per location: the code is read when a navigation lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

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

  // The triggers and the flight plan load with the first posted text, not with every page.
  const barrage = useCallback((text: string) => {
    import("./barrage-run").then(
      ({ startBarrage }) => {
        const run = startBarrage(text);
        if (run) setBarrageRun(run);
      },
      () => {}, // decoration: when its code cannot load, there is simply no barrage
    );
  }, []);
  // Only the run that ended clears: a newer one may have replaced it meanwhile.
  const endBarrage = useCallback((id: number) => setBarrageRun((run) => (run?.id === id ? null : run)), []);

  const api = useMemo<ShellApi>(
    () => ({
      viewer,
      siteName,
      openAuth,
      openQuickLogin,
      closeAuth,
      requireLogin,
      alert,
      refreshSession,
      barrage,
    }),
    [viewer, siteName, openAuth, openQuickLogin, closeAuth, requireLogin, alert, refreshSession, barrage],
  );

  const onAuthenticated = (result: AuthResult, how: AuthPanel) => {
    closeAuth();
    const welcome = how === "register" ? `注册成功，欢迎你，${result.user.username}` : "登录成功";
    alert(result.deletionCancelled ? "登录成功，账号注销已取消" : welcome, "success");
    refreshSession();
  };

  return (
    <ShellContext.Provider value={api}>
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <ProgressBar />
      <Header unreadCount={unread} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        {authPanel ? (
          <AuthModal
            panel={authPanel}
            onPanelChange={setAuthPanel}
            onClose={closeAuth}
            onSuccess={onAuthenticated}
            onError={(message) => alert(message, "error")}
            onNotice={(message) => alert(message, "success")}
          />
        ) : null}
        {quickLogin ? (
          <QuickLoginModal
            open
            onClose={closeAuth}
            onSuccess={(result) => onAuthenticated(result, "login")}
            onError={(message) => alert(message, "error")}
            onRegister={() => openAuth("register")}
          />
        ) : null}
      </Suspense>
      <AlertList alerts={alerts} onDismiss={dismiss} />
      <RequestHealthAlert />
      <SuspensionPanel devOutbox={devOutbox} supportEmail={supportEmail} />
      {barrageRun ? (
        <Suspense fallback={null}>
          <Barrage key={barrageRun.id} run={barrageRun} onEnd={endBarrage} />
        </Suspense>
      ) : null}
    </ShellContext.Provider>
  );
}
