import { useState } from "react";
import { api, errorMessage } from "~/lib/api";
import { ConfirmDialog } from "~/components/ui/modal";

interface LogoutDialogProps {
  open: boolean;
  onCancel: () => void;
  onFailed: (message: string) => void;
}

/** Logout asks first (spec §2), then DELETE /api/auth and a full reload so every view forgets the user. */
export function LogoutDialog({ open, onCancel, onFailed }: LogoutDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await api.del("/api/auth");
      window.location.reload();
    } catch (error) {
      setBusy(false);
      onFailed(errorMessage(error, "登出失败，请稍后重试"));
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="确定要登出吗？"
      message="登出后需要重新登录才能点赞、评论和发布内容。"
      confirmLabel="登出"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
