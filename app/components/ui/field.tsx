import type { InputHTMLAttributes, ReactNode, Ref } from "react";

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
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={inputId} className={hideLabel ? "visually-hidden" : "field-label"}>
        {label}
      </label>
      <div className="field-row">
        <input
          ref={ref}
          id={inputId}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
