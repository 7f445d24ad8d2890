import { useState } from "react";
import { useShell } from "~/components/shell/shell-context";
import { ConfirmDialog } from "~/components/ui/modal";
import { api } from "~/lib/api";
import { useApiAction } from "~/lib/use-api-action";
import type { OAuthChannel } from "~/components/oauth/popup";

/** What POST /api/v1/unbind takes: one of the phone, the e-mail, or a third-party channel. */
export type UnbindTarget = { phone: true } | { email: true } | { channel: OAuthChannel; isThird: true };

/**
 * 解绑 as every binding row does it: ask first, POST /api/v1/unbind, then reload the session so the
 * row shows what is bound now. One hook so the three rows cannot drift apart in wording or error handling.
 */
export function useUnbind(target: UnbindTarget, doneMessage: string) {
  const { alert, refreshSession } = useShell();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useApiAction();

  async function unbind() {
    await run(async () => {
      await api.post("/api/v1/unbind", target);
      alert(doneMessage, "success");
      refreshSession();
    }, "解绑失败，请稍后重试");
    setConfirming(false);
  }

  return { confirming, busy, ask: () => setConfirming(true), cancel: () => setConfirming(false), unbind };
}

/** The confirmation `useUnbind` opens. */
export function UnbindDialog({
  unbind,
  title,
  message,
}: {
  unbind: ReturnType<typeof useUnbind>;
  title: string;
  message: string;
}) {
  return (
    <ConfirmDialog
      open={unbind.confirming}
      title={title}
      message={message}
      confirmLabel="解绑"
      busy={unbind.busy}
      onConfirm={() => void unbind.unbind()}
      onCancel={unbind.cancel}
    />
  );
}
