import { useCallback } from "react";
import { errorMessage } from "~/lib/api";
import { useOptimisticToggle, type ToggleState } from "~/lib/use-optimistic-toggle";
import { usePublicShell } from "./shell-context";

/**
 * The optimistic toggle (app/lib/use-optimistic-toggle.ts) as every button of a logged-in reader
 * uses it — like, follow, subscribe: a visitor's click opens the quick login instead, and a refusal
 * puts the old state back with an alert (the server's message, else `failMessage`).
 */
export function useLoginToggle(
  server: ToggleState,
  send: (on: boolean) => Promise<ToggleState>,
  failMessage = "操作失败，请稍后重试",
) {
  const { requireLogin, alert } = usePublicShell();
  const onError = useCallback(
    (error: unknown) => alert(errorMessage(error, failMessage), "error"),
    [alert, failMessage],
  );
  const state = useOptimisticToggle(server, send, onError);
  const { toggle } = state;
  const guardedToggle = useCallback(() => {
    if (requireLogin()) void toggle();
  }, [requireLogin, toggle]);
  return { ...state, toggle: guardedToggle };
}
