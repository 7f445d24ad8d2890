import { useState } from "react";
import { useShell } from "~/components/shell/shell-context";
import { errorMessage } from "~/lib/api";

/**
 * One button's call to the API: `busy` while `run` waits for it, and a refusal or a lost request
 * said in the shell's alert (the server's message, else `fallback`). `run` answers whether the call
 * went through, so the caller keeps its own success steps (its alert, a revalidate, closing a dialog)
 * inside `act` when busy should last until they end, or after `run` when it should not.
 * Kept out of the home and article pages: their JavaScript is at its budget.
 */
export function useApiAction() {
  const { alert } = useShell();
  const [busy, setBusy] = useState(false);

  async function run(act: () => Promise<unknown>, fallback?: string): Promise<boolean> {
    setBusy(true);
    try {
      await act();
      return true;
    } catch (error) {
      alert(errorMessage(error, fallback), "error");
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
