import type { InputHTMLAttributes, ReactNode, Ref } from "react";

/** What ties a control to its error message, for assistive technology. */
interface ControlAria {
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled form control with its error message below it. The control itself comes from the
 * caller (a textarea, a select, the input row of Field) and spreads the aria props it is given.
 */
export function FieldFrame({
  id,
  label,
  hideLabel,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  /** Show the label to screen readers only (auth modal style). */
  hideLabel?: boolean;
  error?: string | null;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : "field-label"}>
        {label}
      </label>
      {children({
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      <FormError id={errorId} message={error} />
    </div>
  );
}

/**
 * An error line in the form's style, announced when it appears; nothing while `message` is empty.
 * `id` is for a control's aria-describedby; a form-level failure (one tied to no field) needs none.
 */
export function FormError({
  id,
  message,
  className,
}: {
  id?: string;
  message?: string | null;
  className?: string;
}) {
  return message ? (
    <p id={id} className={className ? `field-error ${className}` : "field-error"} role="alert">
      {message}
    </p>
  ) : null;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  label: string;
  /** Show the label to screen readers only (auth modal style). */
  hideLabel?: boolean;
  error?: string | null;
  /** Something to the right of the input (captcha image, send-code button). */
  addon?: ReactNode;
}

/** A labelled input with its error message tied to it for assistive technology. */
export function Field({ ref, label, hideLabel, error, addon, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${input.name ?? label}`;
  return (
    <FieldFrame id={inputId} label={label} hideLabel={hideLabel} error={error} className={className}>
      {(aria) => (
        <div className="field-row">
          <input ref={ref} id={inputId} className="input" {...aria} {...input} />
          {addon}
        </div>
      )}
    </FieldFrame>
  );
}
