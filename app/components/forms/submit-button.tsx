import type { ReactNode } from "react";

/**
 * A form's submit button: while the request runs it says so (`busyLabel`) and takes no second
 * press, so a slow answer cannot send the form twice.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  className = "btn btn-primary",
  children,
}: {
  busy: boolean;
  busyLabel: string;
  /** Another reason to refuse the press (no invitations left today, no way to confirm). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
