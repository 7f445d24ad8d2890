import type { ReactNode, RefObject } from "react";
import { charLength } from "../../../shared/post-rules";

/**
 * The bar above the Markdown editor that articles and booklet sections share: the title input with
 * its length count, the save indicator (announced to screen readers as it changes) and the page's
 * own buttons. What "invalid" and the status mean differs per page, so both come from the caller.
 * `heading` is the page's h1 (for screen readers; the title input is not one) where the page has
 * no other, as the article editor.
 */
export function EditorTitleBar({
  id,
  heading,
  label,
  placeholder,
  title,
  max,
  invalid,
  onTitle,
  titleRef,
  state,
  status,
  children,
}: {
  id: string;
  heading?: string;
  label: string;
  placeholder: string;
  title: string;
  max: number;
  invalid: boolean;
  onTitle: (title: string) => void;
  titleRef: RefObject<HTMLInputElement | null>;
  /** The status-* class of the indicator: an autosave state, "error" or "dirty". */
  state: string;
  status: string;
  children: ReactNode;
}) {
  const length = charLength(title.trim());
  return (
    <header className="editor-bar">
      {heading ? <h1 className="visually-hidden">{heading}</h1> : null}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={titleRef}
        className="editor-title"
        placeholder={placeholder}
        value={title}
        maxLength={max * 2}
        aria-invalid={invalid || undefined}
        onChange={(event) => onTitle(event.target.value)}
      />
      <span className={`editor-count${length > max ? " over" : ""}`}>
        {length}/{max}
      </span>
      <span className={`editor-status status-${state}`} role="status" aria-live="polite">
        {status}
      </span>
      <div className="editor-actions">{children}</div>
    </header>
  );
}
