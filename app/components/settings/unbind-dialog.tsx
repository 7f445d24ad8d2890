import { useState, type FormEvent } from "react";
import { useShell } from "~/components/shell/shell-context";
import { SubmitButton } from "~/components/forms/form-submit";
import { FormError } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { ApiError, api, errorMessage } from "~/lib/api";
import type { OAuthChannel } from "~/components/oauth/popup";
import { OwnerProofFields, useOwnerProof, type OwnerProofErrors } from "./current-password-field";

/** What POST /api/v1/unbind takes: one of the phone, the e-mail, or a third-party channel. */
export type UnbindTarget = { phone: true } | { email: true } | { channel: OAuthChannel; isThird: true };

/** How the account proves its owner (the account page's loader). */
export interface AccountProof {
  hasPassword: boolean;
  phone: string | null;
}

type ProofErrors = OwnerProofErrors & { form?: string };

/**
 * A change to the account's ways in, as every binding row asks it: a dialog with the
 * owner's proof, then `send(proofBody)`; a refusal naming the password or the code shows under it.
 */
export function useProofDialog(
  account: AccountProof,
  send: (proof: Record<string, string>) => Promise<void>,
  failure: string,
) {
  const { alert } = useShell();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ProofErrors>({});
  const proof = useOwnerProof(account.hasPassword, account.phone, open);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = proof.missing();
    setErrors(found);
    if (Object.keys(found).length > 0 || proof.impossible) return;
    setBusy(true);
    try {
      await send(proof.body());
      setOpen(false);
    } catch (e) {
      const field = e instanceof ApiError ? e.field : null;
      const message = errorMessage(e, failure);
      if (field === "password" || field === "smsCode") setErrors({ [field]: message });
      else setErrors({ form: message });
    } finally {
      setBusy(false);
    }
  }

  return {
    open,
    busy,
    errors,
    proof,
    submit,
    ask: () => {
      proof.clear();
      setErrors({});
      setOpen(true);
    },
    cancel: () => setOpen(false),
    sent: (notice: string) => alert(notice, "success"),
    sendFailed: (message: string, field?: "phone" | "imageCode") =>
      field === "imageCode" ? setErrors({ imageCode: message }) : alert(message, "error"),
  };
}

/** 解绑 as every binding row does it: the proof, POST /api/v1/unbind, then the session reloads. */
export function useUnbind(target: UnbindTarget, doneMessage: string, account: AccountProof) {
  const { alert, refreshSession } = useShell();
  return useProofDialog(
    account,
    async (proof) => {
      await api.post("/api/v1/unbind", { ...target, ...proof });
      alert(doneMessage, "success");
      refreshSession();
    },
    "解绑失败，请稍后重试",
  );
}

/** The dialog `useProofDialog` opens: what is about to happen, the proof, and the button. */
export function ProofDialog({
  dialog,
  idPrefix,
  title,
  message,
  confirmLabel,
}: {
  dialog: ReturnType<typeof useProofDialog>;
  idPrefix: string;
  title: string;
  message: string;
  confirmLabel: string;
}) {
  if (!dialog.open) return null;
  return (
    <Modal
      open
      onClose={dialog.cancel}
      labelledBy={`${idPrefix}-title`}
      className="confirm-dialog"
      title={title}
      initialFocus="input"
    >
      <form className="settings-edit" onSubmit={(event) => void dialog.submit(event)} noValidate>
        <p className="confirm-message">{message}</p>
        <OwnerProofFields
          idPrefix={idPrefix}
          proof={dialog.proof}
          errors={dialog.errors}
          onSent={dialog.sent}
          onSendError={dialog.sendFailed}
        />
        <FormError message={dialog.errors.form} />
        <div className="confirm-actions">
          <button type="button" className="btn confirm-cancel" onClick={dialog.cancel}>
            取消
          </button>
          <SubmitButton busy={dialog.busy} busyLabel="请稍候..." disabled={dialog.proof.impossible}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
