/**
 * Sending a form: the check of its fields before (fieldErrors), and the button that says it is
 * sending meanwhile (SubmitButton). One module, so the forms that use both load one file.
 */
import type { ReactNode } from "react";

/**
 * A form's errors, field by field, from one check per field: the checks that passed (null or
 * undefined) are left out, so an empty answer means the form may be sent. The fields keep the
 * order given, which is the order a form focuses them in.
 */
export function fieldErrors<K extends string>(
  checks: Record<K, string | null | undefined>,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const field of Object.keys(checks) as K[]) {
    const message = checks[field];
    if (message) found[field] = message;
  }
  return found;
}

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
